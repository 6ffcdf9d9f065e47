import { chamarCanal, tipoPorStatus } from '../http.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';

/**
 * The OLX autoupload API (channels.md §1) at the API host: car catalogue, import (insert / delete by our ad id),
 * import status, published list. The token goes in the body on the old endpoints and as Bearer on the new one.
 */
export type AnuncioOlx = Record<string, unknown> & { id: string; operation: 'insert' | 'delete' };
export type RespostaImportacao = {
  token: string | null;
  statusCode: number;
  statusMessage?: string;
  errors?: { id?: string; messages?: { category?: string; field?: string }[] }[];
};
export type SituacaoAd = { status: string; operation?: string; message?: string[]; list_id?: number; url?: string };
export type StatusImportacao = { autoupload_status: 'done' | 'pending'; ads: Record<string, SituacaoAd> };

async function postar<T>(ctx: ContextoCanal, caminho: string, token: string, metodo: 'POST' | 'PUT' = 'POST', extra = {}) {
  const r = await chamarCanal(
    `${ctx.base}${caminho}`,
    { method: metodo, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: token, ...extra }) },
    ctx.timeoutMs,
  );
  if (!r.ok) return r;
  if (r.valor.status !== 200)
    return falha(tipoPorStatus(r.valor.status), `HTTP ${r.valor.status} em ${caminho}`, r.valor.texto.slice(0, 300));
  return ok(r.valor.json() as T);
}

/** `car_info`: brands, a brand's models, a model's versions; `{status:"ok", data:{NOME: id}}`. */
export async function catalogoCarros(
  ctx: ContextoCanal,
  token: string,
  ...ids: string[]
): Promise<Resultado<{ id: string; nome: string }[]>> {
  const caminho = ['/autoupload/car_info', ...ids.map(encodeURIComponent)].join('/');
  const r = await postar<{ status?: string; data?: Record<string, string | number> }>(ctx, caminho, token);
  if (!r.ok) return r;
  if (r.valor?.status !== 'ok' || !r.valor.data) return falha('rejected', `car_info sem dados (${caminho})`);
  return ok(Object.entries(r.valor.data).map(([nome, id]) => ({ id: String(id), nome })));
}

/** `PUT /autoupload/import` with the ad list; the answer carries the import token (statusCode 0) or why not. */
export const importar = (ctx: ContextoCanal, token: string, ads: AnuncioOlx[]) =>
  postar<RespostaImportacao>(ctx, '/autoupload/import', token, 'PUT', { ad_list: ads });

/** `POST /autoupload/import/{token}`: the processing status of each ad of an import. */
export const statusImportacao = (ctx: ContextoCanal, token: string, importacao: string) =>
  postar<StatusImportacao>(ctx, `/autoupload/import/${encodeURIComponent(importacao)}`, token);

/** `GET /autoupload/v1/published`: our ads at OLX (paged); finds one by our id when no import token is known. */
export async function buscarPublicado(
  ctx: ContextoCanal,
  token: string,
  id: string,
): Promise<Resultado<{ id: string; list_id: number; status: string; url?: string } | null>> {
  let pagina: string | undefined;
  for (let voltas = 0; voltas < 200; voltas++) {
    const q = new URLSearchParams({ fetch_size: '100', ...(pagina ? { page_token: pagina } : {}) });
    const r = await chamarCanal(
      `${ctx.base}/autoupload/v1/published?${q}`,
      { headers: { authorization: `Bearer ${token}` } },
      ctx.timeoutMs,
    );
    if (!r.ok) return r;
    if (r.valor.status !== 200) return falha(tipoPorStatus(r.valor.status), `HTTP ${r.valor.status} em /autoupload/v1/published`);
    const corpo = r.valor.json() as { data?: { id: string; list_id: number; status: string; url?: string }[]; next_token?: string };
    const achado = corpo?.data?.find((a) => a.id === id);
    if (achado) return ok(achado);
    if (!corpo?.next_token) return ok(null);
    pagina = corpo.next_token;
  }
  return falha('transient', 'lista de anúncios publicados longa demais');
}
