/** Search and sort of a list on the client (lists come whole from the server: no paging). */

export type Ordem = { coluna: string; direcao: 'asc' | 'desc' };
export type ValorOrdenavel = string | number | null | undefined;

/** Lower case, no accents, so that "joao" finds "João" and "SAO" finds "São". */
export const normalizar = (texto: string) =>
  texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const colacao = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });

/** Empty values go last in both directions; numbers by value, text by pt-BR collation. */
export function compararValores(a: ValorOrdenavel, b: ValorOrdenavel): number {
  const vazioA = a === null || a === undefined || a === '';
  const vazioB = b === null || b === undefined || b === '';
  if (vazioA || vazioB) return vazioA === vazioB ? 0 : vazioA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return colacao.compare(String(a), String(b));
}

/** The rows whose `texto` contains every word of `busca` (accent- and case-insensitive); all without a search. */
export function filtrarPorBusca<T>(linhas: readonly T[], busca: string, texto?: (linha: T) => string): readonly T[] {
  const palavras = normalizar(busca).split(/\s+/).filter(Boolean);
  if (palavras.length === 0 || !texto) return linhas;
  return linhas.filter((l) => {
    const alvo = normalizar(texto(l));
    return palavras.every((p) => alvo.includes(p));
  });
}

/**
 * The rows that contain every word of `busca` (in `texto` of the row, accent- and case-insensitive), in the
 * order asked (stable: equal values keep the server's order). Without a search or an order, the rows as they came.
 */
export function filtrarEOrdenar<T>(
  linhas: readonly T[],
  op: { busca: string; texto?: (linha: T) => string; ordem: Ordem | null; valor?: (linha: T) => ValorOrdenavel },
): readonly T[] {
  const { valor, ordem } = op;
  let resultado = filtrarPorBusca(linhas, op.busca, op.texto);
  if (ordem && valor) {
    const sinal = ordem.direcao === 'asc' ? 1 : -1;
    resultado = resultado
      .map((linha, i) => ({ linha, i, v: valor(linha) }))
      .sort((a, b) => {
        const vazioA = a.v === null || a.v === undefined || a.v === '';
        const vazioB = b.v === null || b.v === undefined || b.v === '';
        // Empty values stay at the end whatever the direction.
        if (vazioA || vazioB) return vazioA === vazioB ? a.i - b.i : vazioA ? 1 : -1;
        return sinal * compararValores(a.v, b.v) || a.i - b.i;
      })
      .map((x) => x.linha);
  }
  return resultado;
}

/** Next order when a column header is clicked: ascending, descending, then back to the server's order. */
export function proximaOrdem(atual: Ordem | null, coluna: string): Ordem | null {
  if (atual?.coluna !== coluna) return { coluna, direcao: 'asc' };
  return atual.direcao === 'asc' ? { coluna, direcao: 'desc' } : null;
}
