import { type PadroesPublicacao, renderizarModelo } from '@intermedio/contracts';
import type { z } from 'zod';
import type { OpcaoCanal, VeiculoParaCanal } from './publicacao.ts';

/**
 * What the channels' bulk publish (`PublicacaoVeiculo.postPadrao`, issue 24 item 3) shares: the reseller's text
 * templates filled with the vehicle's fields, a default choice taken only when it is one of the channel's options,
 * and the review list named by the Incluir screen's labels. Nothing here guesses a value.
 */

/**
 * A template with the vehicle's fields in braces ({marca} {preco}…), through contracts' `renderizarModelo` (the one
 * renderer: "R$ 72.900,00", "18.500 km", "2022/2023"); an unknown field stays as written.
 */
export const textoDoModelo = (modelo: string, v: VeiculoParaCanal): string => renderizarModelo(modelo, v);

/** The reseller's template when filled in, else the draft's text (what the Incluir screen prefills). */
export const textoPadrao = (modelo: string | undefined, v: VeiculoParaCanal, doRascunho: string) =>
  modelo?.trim() ? textoDoModelo(modelo, v) : doRascunho;

/** A default choice only when it is one of the channel's options (by id); else nothing (the field goes to review). */
export const opcaoValida = (opcoes: readonly OpcaoCanal[], padrao: string | undefined) =>
  padrao && opcoes.some((o) => o.id === padrao) ? padrao : '';

/** The draft's choice, else the reseller's default for that post field when it is one of the channel's options. */
export const escolhaOuPadrao = (doRascunho: string, opcoes: readonly OpcaoCanal[], padrao: string | undefined) =>
  doRascunho || opcaoValida(opcoes, padrao);

/**
 * The post as the Incluir screen would send it, or what needs its Incluir screen: the empty required fields plus what
 * the channel's send schema refuses (a plate, a text too long…), each by the screen's label (`rotulos`: post field →
 * label), in the screen's order.
 */
export function postOuRevisao<P>(
  esquema: z.ZodType<P>,
  post: Record<string, unknown>,
  rotulos: Readonly<Record<string, string>>,
  faltas: readonly string[] = [],
): { post: P } | { revisao: string[] } {
  const lido = esquema.safeParse(post);
  const campos = new Set([...faltas, ...(lido.success ? [] : lido.error.issues.map((i) => String(i.path[0] ?? '')))]);
  const ordem = Object.keys(rotulos);
  const posicao = (c: string) => (ordem.includes(c) ? ordem.indexOf(c) : ordem.length);
  const revisao = [...campos].sort((a, b) => posicao(a) - posicao(b)).map((c) => rotulos[c] ?? c);
  if (revisao.length || !lido.success) return { revisao: [...new Set(revisao)] };
  return { post: lido.data };
}

/** The description template filled with the vehicle's data, or null when the reseller has none (the draft's text stays). */
export const descricaoPadrao = (p: PadroesPublicacao, v: VeiculoParaCanal): string | null =>
  p.descricao ? renderizarModelo(p.descricao, v) : null;

/** The title template filled with the vehicle's data, or null when none. */
export const tituloPadrao = (p: PadroesPublicacao, v: VeiculoParaCanal): string | null => (p.titulo ? renderizarModelo(p.titulo, v) : null);

/** A default choice of the post (`escolhas`), or '' when the reseller left it empty. */
export const escolhaPadrao = (p: PadroesPublicacao, campo: string): string => p.escolhas?.[campo] ?? '';

/** The review list: the Incluir screen's label of each required choice still empty (never sent with a guessed value). */
export function revisao(checagens: [rotulo: string, faltando: boolean][]): string[] {
  return checagens.filter(([, faltando]) => faltando).map(([rotulo]) => rotulo);
}
