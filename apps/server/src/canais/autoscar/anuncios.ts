import type { AnuncioCanal, SessaoCanal } from '../publicacao.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';
import { chamarAutoscar } from './client.ts';

/** An advert as Autoscar answers it (designed contract, docs/autoscar.md). */
export type AnuncioAutoscar = {
  advId: string;
  externalId?: string;
  url?: string;
  status?: string;
  tipo?: string;
  modelo?: { marcaId?: string; modeloId?: string; versaoId?: string };
  [campo: string]: unknown;
};

/** The dealer's id at Autoscar, kept in the channel configuration (`id_autoscar`). */
export const idRevendaAutoscar = (sessao: SessaoCanal) => encodeURIComponent(String(sessao.dados.id_autoscar ?? ''));

export const paraAnuncioCanal = (a: AnuncioAutoscar): AnuncioCanal => ({
  idAnuncio: String(a.advId),
  ...(a.url ? { urlAnuncio: a.url } : {}),
  dados: { advId: String(a.advId), ...(a.url ? { url_anuncio: a.url } : {}) },
  confirmacao: 'imediata',
});

/** Creates the advert; `externalId` (our send reference) makes a repeated creation answer the same advert. */
export async function incluirAnuncio(ctx: ContextoCanal, sessao: SessaoCanal, corpo: Record<string, unknown>, externalId: string) {
  const r = await chamarAutoscar(ctx, 'POST', `/revendas/${idRevendaAutoscar(sessao)}/anuncios`, { ...corpo, externalId });
  return r.ok ? lerAnuncio(r.valor.corpo) : r;
}

export async function alterarAnuncio(ctx: ContextoCanal, sessao: SessaoCanal, idAnuncio: string, corpo: Record<string, unknown>) {
  const r = await chamarAutoscar(ctx, 'PUT', `/revendas/${idRevendaAutoscar(sessao)}/anuncios/${encodeURIComponent(idAnuncio)}`, corpo);
  return r.ok ? lerAnuncio(r.valor.corpo) : r;
}

/** 404 ANUNCIO_NAO_ENCONTRADO and 410 ANUNCIO_REMOVIDO both mean the advert is no longer there. */
const ausente = (status: number, corpo: unknown) =>
  status === 410 || (status === 404 && (corpo as { codigo?: string } | null)?.codigo === 'ANUNCIO_NAO_ENCONTRADO');

export async function excluirAnuncio(
  ctx: ContextoCanal,
  sessao: SessaoCanal,
  idAnuncio: string,
): Promise<Resultado<'removido' | 'jaRemovido'>> {
  const caminho = `/revendas/${idRevendaAutoscar(sessao)}/anuncios/${encodeURIComponent(idAnuncio)}`;
  const r = await chamarAutoscar(ctx, 'DELETE', caminho, undefined, [404, 410]);
  if (!r.ok) return r;
  if (r.valor.status < 300) return ok('removido');
  if (ausente(r.valor.status, r.valor.corpo)) return ok('jaRemovido');
  return falha('validation', String((r.valor.corpo as { mensagem?: string } | null)?.mensagem ?? `HTTP ${r.valor.status}`));
}

/** The advert by its id, or null when Autoscar no longer has it. */
export async function buscarAnuncio(
  ctx: ContextoCanal,
  sessao: SessaoCanal,
  idAnuncio: string,
): Promise<Resultado<AnuncioAutoscar | null>> {
  const caminho = `/revendas/${idRevendaAutoscar(sessao)}/anuncios/${encodeURIComponent(idAnuncio)}`;
  const r = await chamarAutoscar(ctx, 'GET', caminho, undefined, [404, 410]);
  if (!r.ok) return r;
  if (ausente(r.valor.status, r.valor.corpo)) return ok(null);
  if (r.valor.status >= 300)
    return falha('validation', String((r.valor.corpo as { mensagem?: string } | null)?.mensagem ?? r.valor.status));
  return lerAnuncio(r.valor.corpo);
}

/** Reconciliation: the live advert created with this reference, if any. */
export async function buscarPorReferencia(
  ctx: ContextoCanal,
  sessao: SessaoCanal,
  externalId: string,
): Promise<Resultado<AnuncioAutoscar | null>> {
  const r = await chamarAutoscar(
    ctx,
    'GET',
    `/revendas/${idRevendaAutoscar(sessao)}/anuncios?externalId=${encodeURIComponent(externalId)}`,
  );
  if (!r.ok) return r;
  const [primeiro] = (r.valor.corpo as { itens?: AnuncioAutoscar[] } | null)?.itens ?? [];
  return ok(primeiro ?? null);
}

function lerAnuncio(corpo: unknown): Resultado<AnuncioAutoscar> {
  const a = corpo as AnuncioAutoscar | null;
  if (!a || (typeof a.advId !== 'string' && typeof a.advId !== 'number')) return falha('transient', 'resposta da Autoscar sem advId');
  return ok({ ...a, advId: String(a.advId) });
}
