import type { FastifyInstance } from 'fastify';
import { PUBLICO } from './comum.ts';
import { leadsMercadoLivre, type OpcoesLeads } from './leads.ts';
import { itensMercadoLivre, VENDEDOR_SANDBOX } from './mercadolivre-itens.ts';
import { bearerValido, consentimentoOAuth, expiracaoOAuth, novoEstadoOAuth, tokenOAuth } from './oauth.ts';

/**
 * Mercado Livre (channels.md §2): the consent page on the auth host (under /auth: /authorization, with PKCE),
 * and at the API root /oauth/token (authorization code and single-use refresh tokens) and /users/me; the
 * classifieds API (category attributes, items, description, search) is in mercadolivre-itens.ts.
 */
export async function sandboxMercadoLivre(app: FastifyInstance, op: OpcoesLeads = {}) {
  const estado = novoEstadoOAuth();
  await app.register(async (auth) => consentimentoOAuth(auth, '/authorization', { rotulo: 'Mercado Livre', estado }), { prefix: '/auth' });
  tokenOAuth(app, '/oauth/token', {
    prefixo: 'APP_USR',
    estado,
    refresh: true,
    extra: () => ({ user_id: VENDEDOR_SANDBOX, scope: 'offline_access read write' }),
  });
  expiracaoOAuth(app, 'APP_USR');
  app.get('/users/me', PUBLICO, async (req, reply) => {
    if (!bearerValido(req.headers.authorization, 'APP_USR')) return reply.code(401).send({ message: 'invalid_token', status: 401 });
    return { id: VENDEDOR_SANDBOX, nickname: 'LOJADEMO', site_id: 'MLB' };
  });
  itensMercadoLivre(app);
  leadsMercadoLivre(app, op);
}
