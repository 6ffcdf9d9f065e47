import { normalizarBusca } from '@intermedio/contracts';
import type { OpcaoCanal } from './publicacao.ts';

/**
 * Matching the product's names (FIPE brand / model / version, colour, fuel…) to a channel's own catalogue, shared
 * by every adapter: names compared without accents, case, punctuation or repeated spaces.
 */
export const nomeCanonico = (nome: string) =>
  normalizarBusca(nome)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const porNome = new Intl.Collator('pt-BR', { sensitivity: 'base' });
/** Spec 3 §2.1: every list sorted alphabetically and case-insensitively. */
export const ordenarOpcoes = <T extends { nome: string }>(opcoes: readonly T[]): T[] =>
  [...opcoes].sort((a, b) => porNome.compare(a.nome, b.nome));

/**
 * The channel's option for a product name: the exact name; else the only option whose name starts the product's
 * name or is started by it, the longest when several ("Gol G5" for "Gol G5 Trend"; "GM - Chevrolet" ↔ "Chevrolet" by
 * the part after " - "); else null (the user chooses).
 */
export function casarOpcao<T extends OpcaoCanal>(opcoes: readonly T[], nome: string): T | null {
  const alvo = nomeCanonico(nome.includes(' - ') ? (nome.split(' - ').pop() ?? nome) : nome);
  if (!alvo) return null;
  const exata = opcoes.find((o) => nomeCanonico(o.nome) === alvo || nomeCanonico(o.nome) === nomeCanonico(nome));
  if (exata) return exata;
  const parciais = opcoes.filter((o) => {
    const n = nomeCanonico(o.nome);
    return n && (alvo.startsWith(`${n} `) || n.startsWith(`${alvo} `));
  });
  const [maior, segundo] = parciais.map((o) => ({ o, n: nomeCanonico(o.nome).length })).sort((a, b) => b.n - a.n);
  return maior && (!segundo || maior.n > segundo.n) ? maior.o : null;
}

/**
 * Versions of the channel that match the product's version text: every word of the channel's version name appears in
 * the product's (or the reverse). The screen preselects when exactly one matches (spec 3 §2.5).
 */
export function versoesCandidatas<T extends OpcaoCanal>(opcoes: readonly T[], versao: string): T[] {
  const palavras = new Set(nomeCanonico(versao).split(' ').filter(Boolean));
  if (palavras.size === 0) return [];
  const contida = (a: string[], b: Set<string>) => a.length > 0 && a.every((p) => b.has(p));
  return opcoes.filter((o) => {
    const nomes = nomeCanonico(o.nome).split(' ').filter(Boolean);
    return contida(nomes, palavras) || contida([...palavras], new Set(nomes));
  });
}
