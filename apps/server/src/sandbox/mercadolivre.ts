import type { FastifyInstance } from 'fastify';
import { tokenOAuth } from './oauth.ts';

/** Mercado Livre: /oauth/token (authorization code) with refresh token and user_id (channels.md §2). */
export async function sandboxMercadoLivre(app: FastifyInstance) {
  tokenOAuth(app, '/oauth/token', {
    prefixo: 'APP_USR',
    refresh: true,
    extra: () => ({ user_id: 123456789, scope: 'offline_access read write' }),
  });
}
