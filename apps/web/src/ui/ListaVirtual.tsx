import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';

type Props<T> = {
  itens: readonly T[];
  chave: (item: T) => string;
  /** Accessible name of the list. */
  rotulo: string;
  render: (item: T) => ReactNode;
  /** A row's height before it is measured, px. */
  estimativa?: number;
  /** Height of the scrolling box at most (CSS). */
  alturaMaxima?: string;
};

/**
 * A list that renders only the rows in view, like the vehicle list's DataTable (same @tanstack/react-virtual), but
 * with rows of their own height (a preview row grows with its errors and its FIPE choice): each row is measured.
 */
export function ListaVirtual<T>({ itens, chave, rotulo, render, estimativa = 96, alturaMaxima = '60dvh' }: Props<T>) {
  const rolagem = useRef<HTMLElement>(null);
  const virtual = useVirtualizer({
    count: itens.length,
    getScrollElement: () => rolagem.current,
    estimateSize: () => estimativa,
    getItemKey: (i) => chave(itens[i] as T),
    overscan: 6,
  });
  return (
    <section
      ref={rolagem}
      // A focusable scroll region lets keyboard users scroll the list (axe: scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={rotulo}
      style={{ maxHeight: alturaMaxima, overflowY: 'auto' }}
    >
      <ul aria-label={rotulo} style={{ position: 'relative', height: virtual.getTotalSize(), margin: 0, padding: 0, listStyle: 'none' }}>
        {virtual.getVirtualItems().map((v) => (
          <li
            key={v.key}
            data-index={v.index}
            ref={virtual.measureElement}
            aria-setsize={itens.length}
            aria-posinset={v.index + 1}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${v.start}px)` }}
          >
            {render(itens[v.index] as T)}
          </li>
        ))}
      </ul>
    </section>
  );
}
