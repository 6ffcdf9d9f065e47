import { z } from 'zod';

/**
 * A change to stored data, as streamed by `/api/eventos` (Server-Sent Events).
 * `tabela` is the table that changed, `revenda` the reseller it belongs to (null for global data).
 */
export const eventoMudanca = z.object({
  tabela: z.string(),
  revenda: z.string().nullable(),
  id: z.string().nullable(),
  op: z.enum(['INSERT', 'UPDATE', 'DELETE']),
});
export type EventoMudanca = z.infer<typeof eventoMudanca>;

/**
 * Sort key of names in lists: accents removed, ASCII lower case, compared byte by byte ("Ágil" sorts with A).
 * The server stores the same key (generated column `nome_ordenacao`, SQL `lower(translate(nome, DE, PARA))`,
 * collation "C") so an index serves the ORDER BY, and a live list places a patched row where the server would.
 */
export const ORDENACAO_ACENTOS_DE = 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ';
export const ORDENACAO_ACENTOS_PARA = 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy';
const MAPA_ACENTOS = new Map([...ORDENACAO_ACENTOS_DE].map((c, i) => [c, ORDENACAO_ACENTOS_PARA[i] ?? c]));

export function chaveOrdenacao(nome: string): string {
  let r = '';
  for (const c of nome) {
    const s = MAPA_ACENTOS.get(c) ?? c;
    r += s >= 'A' && s <= 'Z' ? s.toLowerCase() : s;
  }
  return r;
}

/** Byte-order comparison (PostgreSQL's collation "C" on UTF-8 orders by code point, as this does). */
export const compararChaves = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
