import type { FastifyInstance } from 'fastify';
import { PUBLICO } from './comum.ts';
import { leadsMercadoLivre, type OpcoesLeads } from './leads.ts';
import { itensMercadoLivre, VENDEDOR_SANDBOX } from './mercadolivre-itens.ts';
import { bearerValido, consentimentoOAuth, expiracaoOAuth, novoEstadoOAuth, tokenOAuth } from './oauth.ts';

/**
 * The seller a token belongs to: VENDEDOR_SANDBOX, or the one a typed code names (`…vendedor-{id}…`), so tests that
 * run side by side each get their own seller and a lead notification (which names only the seller) reaches theirs.
 */
export const vendedorDoCodigo = (code: string | undefined) => Number(/vendedor-(\d{1,12})/.exec(code ?? '')?.[1] ?? VENDEDOR_SANDBOX);

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
    extra: (c) => ({ user_id: vendedorDoCodigo(c.code), scope: 'offline_access read write' }),
  });
  expiracaoOAuth(app, 'APP_USR');
  app.get('/users/me', PUBLICO, async (req, reply) => {
    if (!bearerValido(req.headers.authorization, 'APP_USR')) return reply.code(401).send({ message: 'invalid_token', status: 401 });
    return { id: VENDEDOR_SANDBOX, nickname: 'LOJADEMO', site_id: 'MLB' };
  });
  itensMercadoLivre(app);
  leadsMercadoLivre(app, op);
}
