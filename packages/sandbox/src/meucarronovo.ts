import type { FastifyInstance } from 'fastify';
import { PUBLICO } from './comum.ts';
import { bearerValido, novoEstadoOAuth, tokenOAuth } from './oauth.ts';

/** Na Pista (Meu Carro Novo): /login-server/token with Basic client auth, /api-server/v1 (channels.md §7). */
export async function sandboxMeuCarroNovo(app: FastifyInstance) {
  tokenOAuth(app, '/login-server/token', { prefixo: 'mcn', estado: novoEstadoOAuth() });
  app.get('/api-server/v1/meus-dados/plano-vingente', PUBLICO, async (req, reply) => {
    if (!bearerValido(req.headers.authorization, 'mcn')) return reply.code(401).send({ error: 'unauthorized' });
    return { nome: 'Plano Ouro', quantidadeAnuncios: 50, anunciosAtivos: 0 };
  });
}
