import type { TipoAnuncioNaPista } from '@intermedio/contracts';
import { chamarCanal, pedirToken, tipoPorStatus } from '../http.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';

/** Na Pista: token at /login-server/token (Basic client auth, password grant), API at /api-server/v1 (channels.md §7). */
export async function entrar(ctx: ContextoCanal, usuario: string, senha: string) {
  const basic = Buffer.from(`${ctx.app.clientId}:${ctx.app.clientSecret}`).toString('base64');
  return pedirToken(`${ctx.base}/login-server/token`, { grant_type: 'password', username: usuario, password: senha }, ctx.timeoutMs, {
    authorization: `Basic ${basic}`,
  });
}

type TipoAnuncio = { id?: unknown; nome?: unknown; disponiveis?: unknown };
export type PlanoNaPista = { nome: string; tiposAnuncio: TipoAnuncioNaPista[] };

/**
 * The dealer's current plan. Our reading (channels.md §7 names only the route): `{ nome, tiposAnuncio: [{ id, nome,
 * disponiveis }] }`, the ad types the plan buys with their free slots; the advert names its type in `idTipoAnuncio`.
 */
export async function planoVigente(ctx: ContextoCanal, token: string): Promise<Resultado<PlanoNaPista>> {
  const r = await chamarCanal(
    `${ctx.base}/api-server/v1/meus-dados/plano-vingente`,
    { headers: { authorization: `Bearer ${token}` } },
    ctx.timeoutMs,
  );
  if (!r.ok) return r;
  if (r.valor.status !== 200) return falha(tipoPorStatus(r.valor.status), `HTTP ${r.valor.status} ao consultar o plano`);
  const plano = r.valor.json() as { nome?: string; tiposAnuncio?: TipoAnuncio[] } | null;
  const tipos = Array.isArray(plano?.tiposAnuncio) ? plano.tiposAnuncio : [];
  return ok({
    nome: String(plano?.nome ?? ''),
    tiposAnuncio: tipos.map((t) => ({ id: String(t.id ?? ''), nome: String(t.nome ?? ''), disponiveis: Number(t.disponiveis) || 0 })),
  });
}
