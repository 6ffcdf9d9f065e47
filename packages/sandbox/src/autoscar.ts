import type { FastifyInstance } from 'fastify';
import { APP_SANDBOX, aplicarChaves, PUBLICO } from './comum.ts';

/** Autoscar, on the contract we designed (canais/autoscar/client.ts). */
export async function sandboxAutoscar(app: FastifyInstance) {
  app.post<{ Params: { id: string } }>('/integracao/v1/revendas/:id/vinculo', PUBLICO, async (req, reply) => {
    if (req.headers['x-api-key'] !== APP_SANDBOX.clientSecret) return reply.code(401).send({ mensagem: 'Chave de integração inválida.' });
    const id = req.params.id;
    if ((await aplicarChaves(req, id)) === 'falhar') return reply.code(500).send({ mensagem: 'Erro interno.' });
    if (!/^\d+$/.test(id) || id === '404') return reply.code(404).send({ mensagem: `Revenda ${id} não encontrada na Autoscar.` });
    if (id === '409') return reply.code(409).send({ mensagem: `Revenda ${id} está inativa na Autoscar.` });
    return { id: Number(id), nomeFantasia: `Revenda Autoscar ${id}`, ativo: true };
  });
}
