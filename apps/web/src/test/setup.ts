import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { type Config, cleanup, configure, getConfig } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor wait up to 5 s: lazy screens are imported (and transformed) on first use, slow on a loaded machine.
configure({ asyncUtilTimeout: 5000 });

// A getBy* that finds nothing prints the whole DOM into its error: ~150–200 ms on a large form in jsdom (a query
// that succeeds: ~25 ms). findBy*/waitFor retry such a query every 50 ms and at each DOM change until it passes, so on
// a loaded machine the waiting took most of the CPU from the rendering it waited for (the reseller form's first
// render: 0.6 s alone, 5–6 s at load 9). While waitFor retries (the library's `_disableExpensiveErrorDiagnostics`),
// the error is the bare message; the DOM is still printed when a wait gives up or a plain getBy* fails.
const { getElementError } = getConfig();
configure({
  getElementError: (mensagem, container) => {
    if (!(getConfig() as Config & { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics)
      return getElementError(mensagem, container);
    const erro = new Error(mensagem ?? '');
    erro.name = 'TestingLibraryElementError';
    return erro;
  },
});

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
  // Mantine keeps toasts in a module-level store: a test's toast (its timer stops with the unmount) would show again
  // in the next test of the file, and a findByText there could pass on it before that test's own toast came.
  notifications.clean();
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
