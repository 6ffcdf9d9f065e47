import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor wait up to 5 s: lazy screens are imported (and transformed) on first use, slow on a loaded machine.
configure({ asyncUtilTimeout: 5000 });

// Mantine's standard jsdom mocks (toolchain guide §2).
const { getComputedStyle } = window;
window.getComputedStyle = (elt: Element, pseudo?: string | null) => getComputedStyle(elt, pseudo);
HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverFalso {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverFalso;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no document.fonts, which Mantine's autosize Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
}

// The app loads the layouts and the session schema on demand (first-load budget, issue 15). Tests load them up front,
// so a route's first render waits for a cached module rather than for a transform.
await Promise.all([
  import('@/app/layouts/LayoutAutenticado'),
  import('@/features/integracao-social/LayoutJanela'),
  import('@/lib/sessao-esquema'),
  import('@/app/Notificacoes'),
]);
