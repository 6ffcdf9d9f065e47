import { Table, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type ReactNode, useRef } from 'react';

export type ColunaTabela<T> = {
  id: string;
  cabecalho: ReactNode;
  celula: (linha: T, indice: number) => ReactNode;
  /** Fixed column width in px (columns without it share the rest). */
  largura?: number;
  alinhar?: 'left' | 'center' | 'right';
};

export type DataTableProps<T> = {
  colunas: readonly ColunaTabela<T>[];
  linhas: readonly T[];
  chaveLinha: (linha: T, indice: number) => string;
  /** Accessible name of the table (rendered as a visually hidden caption). */
  legenda: string;
  /** Fixed height of every row, px. */
  alturaLinha?: number;
  /** Height of the scrolling area (CSS). */
  altura?: CSSProperties['height'];
  /** Shown in a single row when there are no rows. */
  vazio?: ReactNode;
  overscan?: number;
};

const ELIPSE: CSSProperties = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };

/**
 * A table that renders only the rows in view (plus `overscan`) so that lists of thousands of rows scroll
 * smoothly without paging (spec: "tables show all rows"). Rows have a fixed height; the header stays
 * on top while scrolling. It is a real <table> (rows announced with aria-rowindex/aria-rowcount).
 */
export function DataTable<T>({
  colunas,
  linhas,
  chaveLinha,
  legenda,
  alturaLinha = 48,
  altura = 'calc(100dvh - 220px)',
  vazio = 'Nenhum registro encontrado.',
  overscan = 8,
}: DataTableProps<T>) {
  const rolagem = useRef<HTMLElement>(null);
  const virtualizador = useVirtualizer({
    count: linhas.length,
    getScrollElement: () => rolagem.current,
    estimateSize: () => alturaLinha,
    overscan,
  });
  const itens = virtualizador.getVirtualItems();
  const espacoAcima = itens[0]?.start ?? 0;
  const espacoAbaixo = virtualizador.getTotalSize() - (itens.at(-1)?.end ?? 0);
  const larguraMinima = colunas.reduce((soma, c) => soma + (c.largura ?? 120), 0);

  return (
    <section
      ref={rolagem}
      // A focusable scroll region lets keyboard users scroll the list (axe: scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={legenda}
      style={{ height: altura, minHeight: alturaLinha * 4, overflow: 'auto', position: 'relative' }}
    >
      <Table stickyHeader highlightOnHover aria-rowcount={linhas.length + 1} style={{ tableLayout: 'fixed', minWidth: larguraMinima }}>
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{legenda}</caption>
        <Table.Thead style={{ zIndex: 1 }}>
          <Table.Tr aria-rowindex={1}>
            {colunas.map((c) => (
              <Table.Th key={c.id} style={{ width: c.largura, textAlign: c.alinhar, ...ELIPSE }}>
                {c.cabecalho}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linhas.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={colunas.length}>
                <Text c="gray.7" size="sm">
                  {vazio}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {espacoAcima > 0 && (
            <tr aria-hidden style={{ height: espacoAcima }}>
              <td colSpan={colunas.length} style={{ padding: 0, border: 0 }} />
            </tr>
          )}
          {itens.map((item) => {
            const linha = linhas[item.index] as T;
            return (
              <Table.Tr
                key={chaveLinha(linha, item.index)}
                aria-rowindex={item.index + 2}
                // Stripes follow the row's index, not its DOM position (spacer rows would make them flicker).
                style={{ height: alturaLinha, backgroundColor: item.index % 2 === 1 ? 'var(--mantine-color-gray-0)' : undefined }}
              >
                {colunas.map((c) => (
                  <Table.Td key={c.id} style={{ textAlign: c.alinhar, ...ELIPSE }}>
                    {c.celula(linha, item.index)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
          {espacoAbaixo > 0 && (
            <tr aria-hidden style={{ height: espacoAbaixo }}>
              <td colSpan={colunas.length} style={{ padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </section>
  );
}
