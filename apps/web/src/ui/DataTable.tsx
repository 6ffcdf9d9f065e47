import { Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { formatarNumero } from '@/lib/formato';
import { CampoBusca } from './CampoBusca';
import { DetalhesLinha } from './DetalhesLinha';
import { filtrarEOrdenar, type Ordem, proximaOrdem, type ValorOrdenavel } from './lista';

export type ColunaTabela<T> = {
  id: string;
  cabecalho: ReactNode;
  celula: (linha: T, indice: number) => ReactNode;
  /** Fixed column width in px (columns without it share the rest). */
  largura?: number;
  alinhar?: 'left' | 'center' | 'right';
  /** Makes the column sortable by this value (header becomes a button; asc → desc → server order). */
  ordenar?: (linha: T) => ValorOrdenavel;
  /**
   * `true`: when the table does not fit its box, the column leaves the row for the row's "Detalhes" panel (on a
   * desktop box the rightmost such columns first, only as many as needed).
   * `'telefone'`: the same, but only on a phone-narrow box (the column shows whenever the box is wider).
   */
  secundaria?: boolean | 'telefone';
  /** Width on a phone-narrow box: 'auto' shares the rest (the row's name), a number for a compact action cell. */
  larguraTelefone?: number | 'auto';
  /** The cell on a phone-narrow box (a row's buttons become one "Ações" menu, see MenuAcoes). */
  celulaTelefone?: (linha: T, indice: number) => ReactNode;
  /** The row's actions: when the table scrolls sideways the column stays at the right edge, in view. */
  fixa?: boolean;
  /** Plain-text name of the column (sort button, details panel) when `cabecalho` is not a string. */
  rotulo?: string;
};

export type DataTableProps<T> = {
  colunas: readonly ColunaTabela<T>[];
  linhas: readonly T[];
  chaveLinha: (linha: T, indice: number) => string;
  /** Accessible name of the table (rendered as a visually hidden caption). */
  legenda: string;
  /** Fixed height of every row, px. */
  alturaLinha?: number;
  /** Cells' padding above and below, px (Mantine's default 7); a compact list uses less. */
  espacamentoVertical?: number;
  /** Height of the scrolling area (CSS). */
  altura?: CSSProperties['height'];
  /** Shown in a single row when there are no rows. */
  vazio?: ReactNode;
  overscan?: number;
  /** The row's searchable text: shows a search box and the row count above the table. */
  buscar?: (linha: T) => string;
  /**
   * Opens the row (a click anywhere on it, or Enter on the focused row): the row becomes focusable. A click on a
   * control inside it (checkbox, button, link, menu item) does not open it.
   */
  aoAbrirLinha?: (linha: T) => void;
  /** The focusable row's accessible name (with `aoAbrirLinha`). */
  rotuloLinha?: (linha: T) => string;
};

/** The controls of a row whose clicks are theirs, not the row's (a menu's dropdown bubbles through its portal). */
const CONTROLE = 'a, button, input, label, select, textarea, [role="menu"], [role="menuitem"], [role="dialog"]';

const ELIPSE: CSSProperties = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };

/** A `fixa` cell sticks to the right edge over the scrolled cells: opaque, with a line on its left. */
const fixaEm = (fundo: string): CSSProperties => ({
  position: 'sticky',
  right: 0,
  backgroundColor: fundo,
  boxShadow: 'inset 1px 0 0 var(--mantine-color-gray-3)',
});

/** A box narrower than this (px) is a phone's: 390 px wide phones keep the row's name and its actions in view. */
export const LARGURA_TELEFONE = 600;
/** The "Mais" column's width, px. */
const LARGURA_DETALHES = 72;
/** A column narrower than "Mais" on a phone holds icon buttons only. */
const compacta = <T,>(c: ColunaTabela<T>) => typeof c.larguraTelefone === 'number' && c.larguraTelefone < LARGURA_DETALHES;

/**
 * The columns a box `disponivel` px wide shows (0 = not measured yet, e.g. in tests: everything shows). On a phone
 * the columns take their phone width and cell, and every secondary column moves into a last "Mais" column, whose
 * button opens the row's details; on a wider box only as many secondary columns as needed move, rightmost first.
 */
export function arranjarColunas<T>(todas: readonly ColunaTabela<T>[], disponivel: number): readonly ColunaTabela<T>[] {
  const telefone = disponivel > 0 && disponivel < LARGURA_TELEFONE;
  const ajustadas = telefone
    ? todas.map(
        (c): ColunaTabela<T> => ({
          ...c,
          largura: c.larguraTelefone === 'auto' ? undefined : (c.larguraTelefone ?? c.largura),
          celula: c.celulaTelefone ?? c.celula,
          // A compact column of icon buttons ("Manutenção" in 56 px) would show "Ma…": its name is for screen readers.
          ...(compacta(c) && typeof c.cabecalho === 'string'
            ? { cabecalho: <VisuallyHidden>{c.cabecalho}</VisuallyHidden>, rotulo: c.rotulo ?? c.cabecalho }
            : {}),
        }),
      )
    : todas;
  const soma = (cs: readonly ColunaTabela<T>[]) => cs.reduce((t, c) => t + (c.largura ?? 120), 0);
  const recolhidas = new Set<ColunaTabela<T>>();
  if (telefone) {
    for (const c of ajustadas) if (c.secundaria) recolhidas.add(c);
  } else if (disponivel > 0 && soma(ajustadas) > disponivel) {
    // On a wider box the secondary columns leave one at a time, the rightmost first, until the rest and "Mais" fit:
    // the columns declared first stay in the row as long as there is room for them.
    for (const c of ajustadas.filter((x) => x.secundaria === true).reverse()) {
      recolhidas.add(c);
      if (soma(ajustadas.filter((x) => !recolhidas.has(x))) + LARGURA_DETALHES <= disponivel) break;
    }
  }
  const secundarias = ajustadas.filter((c) => recolhidas.has(c));
  if (secundarias.length === 0) return ajustadas;
  const detalhes: ColunaTabela<T> = {
    id: '__detalhes',
    cabecalho: <span title="Detalhes">Mais</span>,
    largura: LARGURA_DETALHES,
    alinhar: 'center',
    celula: (linha, i) => <DetalhesLinha linha={linha} indice={i} colunas={secundarias} />,
  };
  return [...ajustadas.filter((c) => !recolhidas.has(c)), detalhes];
}

/**
 * A table that renders only the rows in view (plus `overscan`) so that lists of thousands of rows scroll
 * smoothly without paging (spec: "tables show all rows"). Rows have a fixed height; the header stays
 * on top while scrolling. It is a real <table> (rows announced with aria-rowindex/aria-rowcount).
 */
export function DataTable<T>({
  colunas: todasColunas,
  linhas: todasLinhas,
  chaveLinha,
  legenda,
  alturaLinha = 48,
  espacamentoVertical,
  altura = 'calc(100dvh - 220px)',
  vazio = 'Nenhum registro encontrado.',
  overscan = 8,
  buscar,
  aoAbrirLinha,
  rotuloLinha,
}: DataTableProps<T>) {
  const rolagem = useRef<HTMLElement>(null);
  const [busca, setBusca] = useState('');
  const [ordem, setOrdem] = useState<Ordem | null>(null);
  const { ref: medida, width: larguraDisponivel } = useElementSize();
  const colunaOrdem = ordem ? todasColunas.find((c) => c.id === ordem.coluna) : undefined;
  const linhas = useMemo(
    () => filtrarEOrdenar(todasLinhas, { busca, texto: buscar, ordem, valor: colunaOrdem?.ordenar }),
    [todasLinhas, busca, buscar, ordem, colunaOrdem],
  );
  // Secondary columns collapse into the "Detalhes" column when the whole set is wider than the box.
  const colunas = useMemo(() => arranjarColunas(todasColunas, larguraDisponivel), [todasColunas, larguraDisponivel]);

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

  const filtrando = busca.trim() !== '';
  const tabela = (
    <section
      ref={rolagem}
      // A focusable scroll region lets keyboard users scroll the list (axe: scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={legenda}
      style={{ height: altura, minHeight: alturaLinha * 4, overflow: 'auto', position: 'relative' }}
    >
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={espacamentoVertical}
        aria-rowcount={linhas.length + 1}
        style={{ tableLayout: 'fixed', minWidth: larguraMinima }}
      >
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{legenda}</caption>
        <Table.Thead style={{ zIndex: 1 }}>
          <Table.Tr aria-rowindex={1}>
            {colunas.map((c) => (
              <Table.Th
                key={c.id}
                style={{ width: c.largura, textAlign: c.alinhar, ...ELIPSE, ...(c.fixa && fixaEm('var(--mantine-color-body)')) }}
                aria-sort={ordem?.coluna === c.id ? (ordem.direcao === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {c.ordenar ? (
                  <CabecalhoOrdenavel coluna={c} ordem={ordem} aoOrdenar={() => setOrdem((o) => proximaOrdem(o, c.id))} />
                ) : (
                  c.cabecalho
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linhas.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={colunas.length}>
                <Text component="div" c="gray.7" size="sm">
                  {filtrando && todasLinhas.length > 0 ? 'Nenhum registro corresponde à busca.' : vazio}
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
            const fundo = item.index % 2 === 1 ? 'var(--mantine-color-gray-0)' : undefined;
            return (
              <Table.Tr
                key={chaveLinha(linha, item.index)}
                aria-rowindex={item.index + 2}
                // Stripes follow the row's index, not its DOM position (spacer rows would make them flicker).
                style={{ height: alturaLinha, backgroundColor: fundo, cursor: aoAbrirLinha ? 'pointer' : undefined }}
                {...(aoAbrirLinha && {
                  tabIndex: 0,
                  'aria-label': rotuloLinha?.(linha),
                  onClick: (e: MouseEvent<HTMLElement>) => {
                    if (!(e.target instanceof Element) || !e.target.closest(CONTROLE)) aoAbrirLinha(linha);
                  },
                  onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
                    if (e.key === 'Enter' && e.target === e.currentTarget) aoAbrirLinha(linha);
                  },
                })}
              >
                {colunas.map((c) => (
                  <Table.Td
                    key={c.id}
                    style={{ textAlign: c.alinhar, ...ELIPSE, ...(c.fixa && fixaEm(fundo ?? 'var(--mantine-color-body)')) }}
                  >
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

  return (
    <div ref={medida} style={{ minWidth: 0 }}>
      {buscar && (
        <Group justify="space-between" mb="xs" gap="xs" wrap="wrap">
          <CampoBusca rotulo={`Buscar em ${legenda}`} valor={busca} aoMudar={setBusca} />
          <Text size="sm" c="gray.7" role="status" aria-live="polite" data-testid="contagem-lista">
            {filtrando
              ? `${formatarNumero(linhas.length)} de ${formatarNumero(todasLinhas.length)} registros`
              : `${formatarNumero(todasLinhas.length)} ${todasLinhas.length === 1 ? 'registro' : 'registros'}`}
          </Text>
        </Group>
      )}
      {tabela}
    </div>
  );
}

/** A sortable header: a button with the column name and the current direction. */
function CabecalhoOrdenavel<T>({ coluna, ordem, aoOrdenar }: { coluna: ColunaTabela<T>; ordem: Ordem | null; aoOrdenar: () => void }) {
  const ativa = ordem?.coluna === coluna.id;
  const Icone = !ativa ? IconArrowsSort : ordem.direcao === 'asc' ? IconArrowUp : IconArrowDown;
  const nome = coluna.rotulo ?? (typeof coluna.cabecalho === 'string' ? coluna.cabecalho : coluna.id);
  return (
    <UnstyledButton
      onClick={aoOrdenar}
      fw={700}
      fz="sm"
      title={`Ordenar por ${nome}`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%' }}
    >
      <span style={ELIPSE}>{coluna.cabecalho}</span>
      <Icone size={14} aria-hidden style={{ flexShrink: 0, opacity: ativa ? 1 : 0.6 }} />
    </UnstyledButton>
  );
}
