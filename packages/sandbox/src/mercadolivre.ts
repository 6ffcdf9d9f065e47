import type { FastifyInstance } from 'fastify';
import { PUBLICO } from './comum.ts';
import { bearerValido, consentimentoOAuth, novoEstadoOAuth, tokenOAuth } from './oauth.ts';

/**
 * Mercado Livre (channels.md §2): the consent page on the auth host (under /auth: /authorization, with PKCE),
 * and at the API root /oauth/token (authorization code and single-use refresh tokens) and /users/me.
 */
export async function sandboxMercadoLivre(app: FastifyInstance) {
  const estado = novoEstadoOAuth();
  await app.register(async (auth) => consentimentoOAuth(auth, '/authorization', { rotulo: 'Mercado Livre', estado }), { prefix: '/auth' });
  tokenOAuth(app, '/oauth/token', {
    prefixo: 'APP_USR',
    estado,
    refresh: true,
    extra: () => ({ user_id: 123456789, scope: 'offline_access read write' }),
  });
  app.get('/users/me', PUBLICO, async (req, reply) => {
    if (!bearerValido(req.headers.authorization, 'APP_USR')) return reply.code(401).send({ message: 'invalid_token', status: 401 });
    return { id: 123456789, nickname: 'LOJADEMO', site_id: 'MLB' };
  });
}
