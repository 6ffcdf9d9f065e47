import type { FastifyInstance } from 'fastify';
import { PUBLICO } from './comum.ts';
import { bearerValido, expiracaoOAuth, novoEstadoOAuth, tokenOAuth } from './oauth.ts';

/** A Keycloak realm (token endpoint) plus the dealers list behind it: iCarros and Mobiauto. */
export function sandboxKeycloak(realm: string, caminhoRevendas: string, revendas: { id: number; name: string }[]) {
  return async (app: FastifyInstance) => {
    // Keycloak's defaults: access token 5 min, session (refresh token) 30 min.
    tokenOAuth(app, `/auth/realms/${realm}/protocol/openid-connect/token`, {
      prefixo: `kc-${realm}`,
      estado: novoEstadoOAuth(),
      refresh: true,
      extra: () => ({ expires_in: 300, refresh_expires_in: 1800 }),
    });
    expiracaoOAuth(app, `kc-${realm}`);
    app.get(caminhoRevendas, PUBLICO, async (req, reply) => {
      if (!bearerValido(req.headers.authorization, `kc-${realm}`)) return reply.code(401).send({ error: 'unauthorized' });
      return revendas;
    });
  };
}
