import { chamarCanal, formulario, tipoPorStatus } from '../http.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';

/** Facebook Graph API (channels.md §9, §10), version of spec 1 §7. Facebook and Instagram share it. */
export const VERSAO_GRAPH = 'v20.0';

/** A Graph POST with form fields. */
export const postGraph = (campos: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: formulario(campos),
});

type ErroGraph = { error?: { message?: string; code?: number; type?: string } };

export async function graph<T>(ctx: ContextoCanal, caminho: string, token: string, init: RequestInit = {}): Promise<Resultado<T>> {
  const r = await chamarCanal(
    `${ctx.base}/${VERSAO_GRAPH}${caminho}`,
    { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } },
    ctx.timeoutMs,
  );
  if (!r.ok) return r;
  const corpo = r.valor.json() as (T & ErroGraph) | null;
  if (r.valor.status !== 200 || !corpo || corpo.error) {
    const e = corpo?.error;
    // Code 190 is an invalid or expired token; 4/17/32 are rate limits.
    const tipo = e?.code === 190 ? 'auth' : e?.code && [4, 17, 32].includes(e.code) ? 'rate_limit' : tipoPorStatus(r.valor.status);
    // The whole answer goes along: a refused vehicle post shows it stringified (spec 3 §2.1, see comRespostaDoGraph).
    return falha(tipo, e?.message ?? `HTTP ${r.valor.status}`, corpo ? JSON.stringify(corpo) : undefined);
  }
  return ok(corpo);
}

/** Exchanges a short-lived user token for a long-lived one (about 60 days). */
export async function tokenLongo(ctx: ContextoCanal, curto: string): Promise<Resultado<{ access_token: string; expires_in?: number }>> {
  const q = new URLSearchParams({
    grant_type: 'fb_exchange_token',
    client_id: ctx.app.clientId,
    client_secret: ctx.app.clientSecret,
    fb_exchange_token: curto,
  });
  return graph(ctx, `/oauth/access_token?${q}`, curto);
}

export const eu = (ctx: ContextoCanal, token: string) => graph<{ id: string; name: string }>(ctx, '/me?fields=id,name', token);
export const objeto = (ctx: ContextoCanal, id: string, token: string) =>
  graph<{ id: string; name?: string }>(ctx, `/${encodeURIComponent(id)}?fields=id,name`, token);
export const revogarPermissoes = (ctx: ContextoCanal, token: string) =>
  graph<{ success?: boolean }>(ctx, '/me/permissions', token, { method: 'DELETE' });
