import { chamarCanal, esperaPedida, tipoPorStatus } from '../http.ts';
import { comPortador, type Portador } from '../portador.ts';
import { type ContextoCanal, type ErroCanal, ok, type Resultado } from '../tipos.ts';

/**
 * Mercado Livre classifieds API (channels.md §2): category attributes, items, description, the seller's items by
 * `seller_custom_field`. Errors keep ML's body `{message, error, status, cause[]}`: the screen shows it as JSON
 * (spec 3 §7, §8.1).
 */
export type AtributoCategoria = {
  id: string;
  name: string;
  value_type: string;
  values?: { id: string; name: string }[];
  allowed_units?: { id: string; name: string }[];
  default_unit?: string;
  tags?: Record<string, boolean>;
};
export type ItemMl = Record<string, unknown> & { id: string; permalink?: string; status?: string };
type Metodo = 'GET' | 'POST' | 'PUT';

/** An ML error with its body: `texto` is what the screen shows (the channel's answer, as JSON). */
export function erroMl(status: number, corpo: unknown, caminho: string): ErroCanal {
  const c = (corpo ?? {}) as { message?: string; cause?: { message?: string }[] };
  const motivo =
    c.cause
      ?.map((x) => x.message)
      .filter(Boolean)
      .join('; ') ||
    c.message ||
    `HTTP ${status} em ${caminho}`;
  const json = corpo ? JSON.stringify(corpo) : `HTTP ${status}`;
  return { tipo: tipoPorStatus(status), mensagem: motivo, detalhe: json, texto: `O Mercado Livre recusou a operação: ${json}` };
}

export async function chamarMl<T>(
  ctx: ContextoCanal,
  token: Portador,
  metodo: Metodo,
  caminho: string,
  corpo?: unknown,
): Promise<Resultado<{ status: number; corpo: T; esperarSegundos?: number }>> {
  // A 401 (token expired before its scheduled renewal) renews it once and repeats this call once (portador.ts).
  const r = await comPortador(token, (t) =>
    chamarCanal(
      `${ctx.base}${caminho}`,
      {
        method: metodo,
        headers: { authorization: `Bearer ${t}`, accept: 'application/json', ...(corpo ? { 'content-type': 'application/json' } : {}) },
        ...(corpo ? { body: JSON.stringify(corpo) } : {}),
      },
      ctx.timeoutMs,
    ),
  );
  if (!r.ok) return r;
  return ok({ status: r.valor.status, corpo: r.valor.json() as T, esperarSegundos: esperaPedida(r.valor) });
}

/** A call whose only good answers are 2xx; anything else is ML's error. */
async function exigir<T>(ctx: ContextoCanal, token: Portador, metodo: Metodo, caminho: string, corpo?: unknown): Promise<Resultado<T>> {
  const r = await chamarMl<T>(ctx, token, metodo, caminho, corpo);
  if (!r.ok) return r;
  if (r.valor.status < 200 || r.valor.status >= 300) return { ok: false, erro: erroMl(r.valor.status, r.valor.corpo, caminho) };
  return ok(r.valor.corpo);
}

export const atributosCategoria = (ctx: ContextoCanal, token: Portador, categoria: string) =>
  exigir<AtributoCategoria[]>(ctx, token, 'GET', `/categories/${encodeURIComponent(categoria)}/attributes`);

export const criarItem = (ctx: ContextoCanal, token: Portador, item: Record<string, unknown>) =>
  exigir<ItemMl>(ctx, token, 'POST', '/items', item);

export const descreverItem = (ctx: ContextoCanal, token: Portador, id: string, texto: string) =>
  exigir<unknown>(ctx, token, 'POST', `/items/${encodeURIComponent(id)}/description`, { plain_text: texto });

/** `PUT /items/{id}/description`: replaces the description of an item that has one (the answer as is). */
export const redescreverItem = (ctx: ContextoCanal, token: Portador, id: string, texto: string) =>
  chamarMl<unknown>(ctx, token, 'PUT', `/items/${encodeURIComponent(id)}/description`, { plain_text: texto });

/** GET /items/{id}: `null` when ML does not know it (404). */
export async function lerItem(ctx: ContextoCanal, token: Portador, id: string): Promise<Resultado<ItemMl | null>> {
  const r = await chamarMl<ItemMl>(ctx, token, 'GET', `/items/${encodeURIComponent(id)}`);
  if (!r.ok) return r;
  if (r.valor.status === 404) return ok(null);
  if (r.valor.status !== 200) return { ok: false, erro: erroMl(r.valor.status, r.valor.corpo, '/items') };
  return ok(r.valor.corpo);
}

export const alterarItem = (ctx: ContextoCanal, token: Portador, id: string, corpo: Record<string, unknown>) =>
  chamarMl<{ cause?: { code?: string }[] }>(ctx, token, 'PUT', `/items/${encodeURIComponent(id)}`, corpo);

/** The seller's live items with this `seller_custom_field` (our idempotency key). */
export async function itensPorReferencia(ctx: ContextoCanal, token: Portador, vendedor: string, chave: string) {
  const q = new URLSearchParams({ sku: chave });
  return exigir<{ results?: string[] }>(ctx, token, 'GET', `/users/${encodeURIComponent(vendedor)}/items/search?${q}`);
}

export const vendedorAtual = (ctx: ContextoCanal, token: Portador) => exigir<{ id: number | string }>(ctx, token, 'GET', '/users/me');
