import { normalizarBusca } from '@intermedio/contracts';
import type { OpcaoCanal, VeiculoParaCanal } from './publicacao.ts';
import { MARCAS_EQUIVALENTES, OPCIONAIS_EQUIVALENTES } from './sinonimos.ts';
import { ok, type Resultado } from './tipos.ts';

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

/** Canonical name → canonical name of its group's first spelling (`sinonimos.ts`). */
type Equivalencias = ReadonlyMap<string, string>;
const equivalencias = (grupos: readonly (readonly string[])[]): Equivalencias =>
  new Map(grupos.flatMap((g) => g.map((n) => [nomeCanonico(n), nomeCanonico(g[0] ?? n)] as const)));
const SEM_EQUIVALENCIAS: Equivalencias = new Map();
const MARCAS = equivalencias(MARCAS_EQUIVALENTES);
const OPCIONAIS = equivalencias(OPCIONAIS_EQUIVALENTES);

/** What a name stands for: itself, the part after " - " ("GM - Chevrolet" → "chevrolet"), and their groups. */
function chaves(nome: string, eq: Equivalencias): Set<string> {
  const partes = [nomeCanonico(nome)];
  if (nome.includes(' - ')) partes.push(nomeCanonico(nome.split(' - ').pop() ?? ''));
  return new Set(partes.flatMap((p) => [p, eq.get(p) ?? p]).filter(Boolean));
}

/**
 * The channel's option for a product name: the exact name; else one that stands for the same thing (the part after
 * " - " on either side, or a spelling of the same group in `eq`); else the only option whose name starts the
 * product's name or is started by it, the longest when several ("Gol G5" for "Gol G5 Trend"); else null (the user
 * chooses).
 */
export function casarOpcao<T extends OpcaoCanal>(opcoes: readonly T[], nome: string, eq: Equivalencias = SEM_EQUIVALENCIAS): T | null {
  const alvo = nomeCanonico(nome.includes(' - ') ? (nome.split(' - ').pop() ?? nome) : nome);
  if (!alvo) return null;
  const exata = opcoes.find((o) => nomeCanonico(o.nome) === nomeCanonico(nome));
  if (exata) return exata;
  const procuradas = chaves(nome, eq);
  const mesma = opcoes.find((o) => [...chaves(o.nome, eq)].some((c) => procuradas.has(c)));
  if (mesma) return mesma;
  const parciais = opcoes.filter((o) => {
    const n = nomeCanonico(o.nome);
    return n && (alvo.startsWith(`${n} `) || n.startsWith(`${alvo} `));
  });
  const [maior, segundo] = parciais.map((o) => ({ o, n: nomeCanonico(o.nome).length })).sort((a, b) => b.n - a.n);
  return maior && (!segundo || maior.n > segundo.n) ? maior.o : null;
}

/** The channel's brand for the product's, through the brand aliases ("GM - CHEVROLET", "VW", "Mercedes"…). */
export const casarMarca = <T extends OpcaoCanal>(opcoes: readonly T[], nome: string) => casarOpcao(opcoes, nome, MARCAS);

/** The channel's optional for one of the product's, through the optional synonyms ("Multimídia", "Air bag"…). */
export const casarOpcional = <T extends OpcaoCanal>(opcoes: readonly T[], nome: string) => casarOpcao(opcoes, nome, OPCIONAIS);

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

/** A channel's brand → model → version catalogue, as the adapter reads it (ids of the chosen brand and model). */
export type CatalogoDoCanal = {
  marcas: readonly OpcaoCanal[];
  modelosDe: (idMarca: string) => Promise<Resultado<OpcaoCanal[]>>;
  versoesDe: (idMarca: string, idModelo: string) => Promise<Resultado<OpcaoCanal[]>>;
};
export type VeiculoNoCatalogo = {
  idMarca: string;
  modelos: OpcaoCanal[];
  idModelo: string;
  versoes: OpcaoCanal[];
  idVersao: string;
};

/**
 * The vehicle's brand, model and version in a channel's catalogue (issue 23 item 10), for the screens' preselection
 * and for publishing without a form: the brand through the aliases, the model by name, the version when exactly one
 * matches (spec 3 §2.5) or, with `versaoUnica`, when the model has only one. `escolhidos` (ids an advert already has,
 * on Alterar) win over matching when they are in the lists. An unmatched step leaves the next empty.
 */
export async function casarNoCatalogo(
  v: Pick<VeiculoParaCanal, 'marca' | 'modelo' | 'versao'>,
  c: CatalogoDoCanal,
  o: { versaoUnica?: boolean; escolhidos?: { marca?: string; modelo?: string; versao?: string } } = {},
): Promise<Resultado<VeiculoNoCatalogo>> {
  const escolhido = (lista: readonly OpcaoCanal[], id: string | undefined) =>
    id === undefined ? undefined : lista.find((x) => x.id === id);
  const marca = o.escolhidos?.marca !== undefined ? escolhido(c.marcas, o.escolhidos.marca) : casarMarca(c.marcas, v.marca);
  const modelos = marca ? await c.modelosDe(marca.id) : ok<OpcaoCanal[]>([]);
  if (!modelos.ok) return modelos;
  const modelo = o.escolhidos?.modelo !== undefined ? escolhido(modelos.valor, o.escolhidos.modelo) : casarOpcao(modelos.valor, v.modelo);
  const versoes = marca && modelo ? await c.versoesDe(marca.id, modelo.id) : ok<OpcaoCanal[]>([]);
  if (!versoes.ok) return versoes;
  const candidatas = o.versaoUnica && versoes.valor.length === 1 ? versoes.valor : versoesCandidatas(versoes.valor, v.versao);
  const versao =
    o.escolhidos?.versao !== undefined
      ? escolhido(versoes.valor, o.escolhidos.versao)
      : candidatas.length === 1
        ? candidatas[0]
        : undefined;
  return ok({
    idMarca: marca?.id ?? '',
    modelos: modelos.valor,
    idModelo: modelo?.id ?? '',
    versoes: versoes.valor,
    idVersao: versao?.id ?? '',
  });
}
