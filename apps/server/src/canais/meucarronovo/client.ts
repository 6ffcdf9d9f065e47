import { createHash } from 'node:crypto';
import type { TipoAnuncioNaPista } from '@intermedio/contracts';
import { chamarCanal, pedirToken, tipoPorStatus } from '../http.ts';
import { naRodada } from '../listas.ts';
import { comPortador, type Portador } from '../portador.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';

/** Na Pista: token at /login-server/token (Basic client auth, password grant), API at /api-server/v1 (channels.md §7). */
export async function entrar(ctx: ContextoCanal, usuario: string, senha: string) {
  const basic = Buffer.from(`${ctx.app.clientId}:${ctx.app.clientSecret}`).toString('base64');
  return pedirToken(`${ctx.base}/login-server/token`, { grant_type: 'password', username: usuario, password: senha }, ctx.timeoutMs, {
    authorization: `Basic ${basic}`,
  });
}

/** A kept token is dropped this long before the channel says it expires. */
const MARGEM_MS = 60_000;
const tokens = new Map<string, { token: string; ate: number }>();
const chaveDoLogin = (ctx: ContextoCanal, usuario: string, senha: string) =>
  `${ctx.base}|${ctx.app.clientId}|${usuario}|${createHash('sha256').update(senha).digest('hex')}`;

/**
 * The dealer's token, kept in this process until shortly before it expires (`expires_in`): one sign-in per
 * integration, not one per call. `novo` signs in again (the kept token was refused). A changed password is another
 * key, so it signs in at once.
 */
export async function tokenNaPista(ctx: ContextoCanal, usuario: string, senha: string, novo = false): Promise<Resultado<string>> {
  const chave = chaveDoLogin(ctx, usuario, senha);
  const guardado = tokens.get(chave);
  if (!novo && guardado && guardado.ate > Date.now()) return ok(guardado.token);
  const r = await entrar(ctx, usuario, senha);
  if (!r.ok) {
    tokens.delete(chave);
    return r;
  }
  const segundos = Number(r.valor.expires_in);
  const validadeMs = Number.isFinite(segundos) && segundos > 0 ? segundos * 1000 : 0;
  if (validadeMs > MARGEM_MS) tokens.set(chave, { token: r.valor.access_token, ate: Date.now() + validadeMs - MARGEM_MS });
  else tokens.delete(chave);
  return ok(r.valor.access_token);
}

/** The calls' bearer: the kept token; a 401 signs in again once and repeats that call once (canais/portador.ts). */
export function portadorNaPista(ctx: ContextoCanal, usuario: string, senha: string, token: string): Portador {
  return {
    token,
    renovar: async () => {
      const r = await tokenNaPista(ctx, usuario, senha, true);
      return r.ok ? r.valor : null;
    },
  };
}

/** Forgets the kept tokens (tests). */
export const esquecerTokensNaPista = () => tokens.clear();

type TipoAnuncio = { id?: unknown; nome?: unknown; disponiveis?: unknown };
export type PlanoNaPista = { nome: string; tiposAnuncio: TipoAnuncioNaPista[] };

/**
 * The dealer's current plan. Our reading (channels.md §7 names only the route): `{ nome, tiposAnuncio: [{ id, nome,
 * disponiveis }] }`, the ad types the plan buys with their free slots; the advert names its type in `idTipoAnuncio`.
 */
export function planoVigente(ctx: ContextoCanal, portador: Portador): Promise<Resultado<PlanoNaPista>> {
  // Once per bulk run and reseller (its slots are checked again by the channel at each publish).
  return naRodada(ctx, 'meucarronovo|plano-vingente', () => pedirPlano(ctx, portador));
}

async function pedirPlano(ctx: ContextoCanal, portador: Portador): Promise<Resultado<PlanoNaPista>> {
  const r = await comPortador(portador, (token) =>
    chamarCanal(`${ctx.base}/api-server/v1/meus-dados/plano-vingente`, { headers: { authorization: `Bearer ${token}` } }, ctx.timeoutMs),
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
