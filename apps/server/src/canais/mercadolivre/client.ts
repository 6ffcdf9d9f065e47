import { pedirToken } from '../http.ts';
import type { ContextoCanal } from '../tipos.ts';

/** Mercado Livre OAuth2 authorization code (channels.md §2): access token 6 h, single-use refresh token. */
export const trocarCodigo = (ctx: ContextoCanal, code: string) =>
  pedirToken(
    `${ctx.base}/oauth/token`,
    {
      grant_type: 'authorization_code',
      client_id: ctx.app.clientId,
      client_secret: ctx.app.clientSecret,
      code,
      redirect_uri: ctx.app.redirectUri,
    },
    ctx.timeoutMs,
  );
