/** A source read into columns and rows of text (every format ends as this; the mapping screen handles it). */
export type Tabela = { colunas: string[]; linhas: Record<string, string>[] };

/** Raised for a source that cannot be read; the message is the user's (contracts MENSAGENS_IMPORTACAO). */
export class ErroLeitura extends Error {}

const texto = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/**
 * Rows of cells → a table: the header is the first non-empty row; empty titles become "Coluna N", repeated ones get
 * " (2)"; empty rows are dropped.
 */
export function tabelaDeLinhas(brutas: unknown[][]): Tabela {
  const cheia = (l: unknown[]) => l.some((c) => texto(c) !== '');
  const inicio = brutas.findIndex(cheia);
  if (inicio < 0) return { colunas: [], linhas: [] };
  const vistas = new Map<string, number>();
  const colunas = (brutas[inicio] ?? []).map((c, i) => {
    const base = texto(c) || `Coluna ${i + 1}`;
    const n = (vistas.get(base) ?? 0) + 1;
    vistas.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
  const linhas = brutas
    .slice(inicio + 1)
    .filter(cheia)
    .map((l) => Object.fromEntries(colunas.map((c, i) => [c, texto(l[i])])));
  return { colunas, linhas };
}
