import { chamarCanal, pedirToken } from '../http.ts';
import { codigoRecusado, enderecoConsentimento } from '../oauth.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';

/**
 * OLX autoupload (channels.md §1). Two hosts: the authorization server (auth.olx.com.br: consent page and token)
 * and the API (apps.olx.com.br: basic_user_info, autoupload).
 */
/** autoservice: the leads webhook registration (issue 26, lead/how_to); without it OLX refuses the registration. */
export const ESCOPOS_OLX = 'basic_user_info autoupload autoservice';

export const consentimento = (ctx: ContextoCanal, state: string) =>
  enderecoConsentimento(`${ctx.auth}/oauth`, {
    client_id: ctx.app.clientId,
    redirect_uri: ctx.app.redirectUri,
    scope: ESCOPOS_OLX,
    state,
  });

export async function trocarCodigo(ctx: ContextoCanal, code: string) {
  const r = await pedirToken(
    `${ctx.auth}/oauth/token`,
    {
      code,
      client_id: ctx.app.clientId,
      client_secret: ctx.app.clientSecret,
      redirect_uri: ctx.app.redirectUri,
      grant_type: 'authorization_code',
    },
    ctx.timeoutMs,
  );
  return codigoRecusado(r);
}

/**
 * `basic_user_info` at the API host. `null` when it could not be asked (unavailable, scope not granted): the
 * token may still be good; only an answer that the token is invalid (401) is a refusal.
 */
export async function dadosDoUsuario(
  ctx: ContextoCanal,
  accessToken: string,
): Promise<Resultado<{ user_name: string; user_email: string } | null>> {
  const r = await chamarCanal(
    `${ctx.base}/oauth_api/basic_user_info`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: accessToken }) },
    ctx.timeoutMs,
  );
  if (!r.ok) return ok(null);
  if (r.valor.status === 401) return falha('auth', 'token recusado');
  const corpo = r.valor.json() as { user_name?: string; user_email?: string } | null;
  if (r.valor.status !== 200 || !corpo?.user_email) return ok(null);
  return ok({ user_name: corpo.user_name ?? '', user_email: corpo.user_email });
}
