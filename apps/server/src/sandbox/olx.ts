import type { FastifyInstance } from 'fastify';
import { PUBLICO } from './comum.ts';
import { tokenOAuth } from './oauth.ts';

/** OLX: /oauth/token (authorization code) and /oauth_api/basic_user_info (channels.md §1). */
export async function sandboxOlx(app: FastifyInstance) {
  tokenOAuth(app, '/oauth/token', { prefixo: 'olx' });
  app.post('/oauth_api/basic_user_info', PUBLICO, async (req, reply) => {
    const token = (req.body as { access_token?: string } | undefined)?.access_token ?? '';
    if (!token.startsWith('olx-')) return reply.code(401).send({ error: 'invalid_token' });
    return { user_name: 'Loja Demo', user_email: 'loja.demo@olx.sandbox' };
  });
}
