import { CANAIS, envelopeErro, idParam, padroesPublicacao, padroesResposta } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { sucesso } from '../../lib/http.ts';
import type { PadroesService } from './padroes.service.ts';

const tags = ['integracoes'];
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro, 422: envelopeErro };
const params = z.object({ idRevenda: idParam, canal: z.enum(CANAIS, 'Canal desconhecido') });

/** "Padrões de publicação" of a channel (issue 24 item 3), beside the channel's configuration. */
export async function padroesRoutes(app: FastifyInstance, op: { padroes: PadroesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/revendas/:idRevenda/integracoes/:canal/padroes',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Padrões de publicação do canal (publicar sem o formulário) e os campos que o canal usa',
        params,
        response: { 200: padroesResposta, ...erros },
      },
    },
    async (req) => sucesso(await op.padroes.buscar(req.params.idRevenda, req.params.canal, exigirSessao(req).usuario)),
  );
  r.put(
    '/api/revendas/:idRevenda/integracoes/:canal/padroes',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Gravar os padrões de publicação do canal (só de um canal configurado; vazio = perguntar na revisão)',
        params,
        body: padroesPublicacao,
        response: { 200: padroesResposta, ...erros },
      },
    },
    async (req) => sucesso(await op.padroes.gravar(req.params.idRevenda, req.params.canal, req.body, exigirSessao(req).usuario)),
  );
}
