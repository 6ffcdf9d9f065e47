import type { FastifyInstance } from 'fastify';
import { APP_SANDBOX, aleatorio, aplicarChaves, PUBLICO } from './comum.ts';

type Corpo = Record<string, string | undefined>;

/**
 * A token endpoint as OAuth2 servers answer (OLX, Mercado Livre, Keycloak realms of iCarros and Mobiauto,
 * Na Pista): form body; client credentials in the body or in Basic auth; grant code or password.
 */
export function tokenOAuth(
  app: FastifyInstance,
  caminho: string,
  op: { prefixo: string; refresh?: boolean; extra?: (c: Corpo) => Record<string, unknown>; semCliente?: boolean },
) {
  app.post(caminho, PUBLICO, async (req, reply) => {
    const c = (req.body ?? {}) as Corpo;
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [idBasic, segredoBasic] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    const clienteOk =
      op.semCliente ||
      ((c.client_id ?? idBasic) === APP_SANDBOX.clientId && (c.client_secret ?? segredoBasic) === APP_SANDBOX.clientSecret);
    const credencial = c.grant_type === 'password' ? c.username : c.code;
    const desfecho = await aplicarChaves(req, credencial);
    if (desfecho === 'falhar') return reply.code(500).send({ error: 'server_error', error_description: 'Erro interno.' });
    if (!clienteOk) return reply.code(401).send({ error: 'invalid_client', error_description: 'Client authentication failed' });
    const valido =
      c.grant_type === 'password' ? Boolean(c.username && c.password) : c.grant_type === 'authorization_code' && Boolean(c.code);
    if (desfecho === 'recusar' || !valido) {
      return reply.code(c.grant_type === 'password' ? 401 : 400).send({
        error: 'invalid_grant',
        error_description: c.grant_type === 'password' ? 'Invalid user credentials' : 'Invalid or expired authorization code',
      });
    }
    return {
      access_token: `${op.prefixo}-${aleatorio()}${aleatorio()}`,
      token_type: 'bearer',
      expires_in: 21600,
      ...(op.refresh ? { refresh_token: `${op.prefixo}-R-${aleatorio()}` } : {}),
      ...(op.extra?.(c) ?? {}),
    };
  });
}

/** Accepts a Bearer token this sandbox issued (any token with the channel's prefix). */
export const bearerValido = (authorization: string | undefined, prefixo: string) => (authorization ?? '').startsWith(`Bearer ${prefixo}-`);
