import { chamarCanal, pedirToken } from '../http.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';

/** OLX autoupload (channels.md §1): OAuth2 code exchange, then basic_user_info. */
export async function trocarCodigo(ctx: ContextoCanal, code: string) {
  return pedirToken(
    `${ctx.base}/oauth/token`,
    {
      code,
      client_id: ctx.app.clientId,
      client_secret: ctx.app.clientSecret,
      redirect_uri: ctx.app.redirectUri,
      grant_type: 'authorization_code',
    },
    ctx.timeoutMs,
  );
}

export async function dadosDoUsuario(
  ctx: ContextoCanal,
  accessToken: string,
): Promise<Resultado<{ user_name: string; user_email: string }>> {
  const r = await chamarCanal(
    `${ctx.base}/oauth_api/basic_user_info`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: accessToken }) },
    ctx.timeoutMs,
  );
  if (!r.ok) return r;
  const corpo = r.valor.json() as { user_name?: string; user_email?: string } | null;
  if (r.valor.status !== 200 || !corpo?.user_email) return falha('auth', 'token recusado');
  return ok({ user_name: corpo.user_name ?? '', user_email: corpo.user_email });
}
