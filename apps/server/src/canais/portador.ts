import type { RespostaCanal } from './http.ts';
import type { SessaoCanal } from './publicacao.ts';
import type { Resultado } from './tipos.ts';

/**
 * The access token of one operation's calls (Mercado Livre, iCarros, Mobiauto). The renewal job renews it before it
 * expires, but it can still expire first (clock, a revoked token): a call answered 401 renews it once for the whole
 * operation (`SessaoCanal.renovarToken`, memoised by the framework) and repeats that call once, never more. A 401
 * means the channel refused the call before doing anything, so repeating it cannot create a second advert.
 */
export type Portador = { token: string; renovar?: () => Promise<string | null> };

export const portadorDe = (sessao: SessaoCanal, token: string): Portador => {
  const renovarToken = sessao.renovarToken;
  return renovarToken ? { token, renovar: async () => (await renovarToken())?.access_token ?? null } : { token };
};

/** Calls with the current token; on 401 renews (once) and repeats the call once with the new token. */
export async function comPortador(p: Portador, chamar: (token: string) => Promise<Resultado<RespostaCanal>>) {
  const usado = p.token;
  const r = await chamar(usado);
  if (!r.ok || r.valor.status !== 401 || !p.renovar) return r;
  const novo = await p.renovar();
  if (!novo || novo === usado) return r; // not renewed, or renewed already and refused again: the 401 stands
  p.token = novo;
  return chamar(novo);
}
