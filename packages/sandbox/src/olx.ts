import type { FastifyInstance } from 'fastify';
import { aleatorio, PUBLICO } from './comum.ts';
import { leadsOlx } from './leads.ts';
import { bearerValido, consentimentoOAuth, novoEstadoOAuth, tokenOAuth } from './oauth.ts';
import { autouploadOlx } from './olx-autoupload.ts';

/**
 * OLX (channels.md §1), on its two hosts: the authorization server under /auth (auth.olx.com.br: consent page
 * /oauth and /oauth/token) and the API at the root (apps.olx.com.br: /oauth_api/basic_user_info).
 * A code containing "semconta" gets a token for which basic_user_info is unavailable (503).
 * The autoupload API (catalogue, import, status, published list) is in olx-autoupload.ts.
 */
export async function sandboxOlx(app: FastifyInstance) {
  const estado = novoEstadoOAuth();
  await app.register(
    async (auth) => {
      consentimentoOAuth(auth, '/oauth', { rotulo: 'OLX', estado });
      tokenOAuth(auth, '/oauth/token', {
        prefixo: 'olx',
        estado,
        extra: (c) => (c.code?.toLowerCase().includes('semconta') ? { access_token: `olx-semconta-${aleatorio()}` } : {}),
      });
    },
    { prefix: '/auth' },
  );
  app.post('/oauth_api/basic_user_info', PUBLICO, async (req, reply) => {
    const token = (req.body as { access_token?: string } | undefined)?.access_token ?? '';
    if (!bearerValido(`Bearer ${token}`, 'olx')) return reply.code(401).send({ error: 'invalid_token' });
    if (token.includes('semconta')) return reply.code(503).send({ error: 'temporarily_unavailable' });
    return { user_name: 'Loja Demo', user_email: 'loja.demo@olx.sandbox' };
  });
  autouploadOlx(app);
  leadsOlx(app);
}
