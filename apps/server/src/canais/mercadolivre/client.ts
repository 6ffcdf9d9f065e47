import { chamarCanal, pedirToken, tipoPorStatus } from '../http.ts';
import { codigoRecusado, enderecoConsentimento } from '../oauth.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';

/**
 * Mercado Livre OAuth2 authorization code (channels.md §2): consent page at the auth host
 * (auth.mercadolivre.com.br/authorization), token and API at api.mercadolibre.com. Access token 6 h; the refresh
 * token is single use and each refresh answers a new one.
 */
export const consentimento = (ctx: ContextoCanal, state: string, codeChallenge: string) =>
  enderecoConsentimento(`${ctx.auth}/authorization`, {
    client_id: ctx.app.clientId,
    redirect_uri: ctx.app.redirectUri,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  });

export async function trocarCodigo(ctx: ContextoCanal, code: string, codeVerifier?: string) {
  const r = await pedirToken(
    `${ctx.base}/oauth/token`,
    {
      grant_type: 'authorization_code',
      client_id: ctx.app.clientId,
      client_secret: ctx.app.clientSecret,
      code,
      redirect_uri: ctx.app.redirectUri,
      ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
    },
    ctx.timeoutMs,
  );
  return codigoRecusado(r);
}

export const renovarToken = (ctx: ContextoCanal, refreshToken: string) =>
  pedirToken(
    `${ctx.base}/oauth/token`,
    { grant_type: 'refresh_token', client_id: ctx.app.clientId, client_secret: ctx.app.clientSecret, refresh_token: refreshToken },
    ctx.timeoutMs,
  );

/** GET /users/me: the account behind the token (confirms a stored token still works). */
export async function usuarioAtual(ctx: ContextoCanal, accessToken: string): Promise<Resultado<{ id: string; nickname: string }>> {
  const r = await chamarCanal(`${ctx.base}/users/me`, { headers: { authorization: `Bearer ${accessToken}` } }, ctx.timeoutMs);
  if (!r.ok) return r;
  const corpo = r.valor.json() as { id?: number | string; nickname?: string } | null;
  if (r.valor.status !== 200 || corpo?.id === undefined) return falha(tipoPorStatus(r.valor.status), `HTTP ${r.valor.status} em /users/me`);
  return ok({ id: String(corpo.id), nickname: corpo.nickname ?? '' });
}
