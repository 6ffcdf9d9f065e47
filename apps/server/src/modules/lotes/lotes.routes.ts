import { criarLoteEntrada, envelopeErro, idParam, loteLeitura, loteResposta, lotesRecentesResposta } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { sucesso } from '../../lib/http.ts';
import type { LotesService } from './lotes.service.ts';

const tags = ['lotes'];
const base = '/api/revendas/:idRevenda/lotes';
const daRevenda = z.object({ idRevenda: idParam });
const doLote = daRevenda.extend({ idLote: idParam });
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro, 409: envelopeErro, 422: envelopeErro };

/**
 * Bulk actions on the vehicle list (issue 24 item 2): an admin or the reseller's users (only gestores sign in to the
 * panel). Every vehicle id in the body is checked against the reseller of the route by the service.
 */
export async function lotesRoutes(app: FastifyInstance, op: { lotes: LotesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { lotes } = op;

  r.post(
    base,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Ação em lote: Publicar em…, Atualizar anúncios, Retirar de… ou Marcar como vendido (executada em segundo plano)',
        params: daRevenda,
        body: criarLoteEntrada,
        response: { 200: loteResposta, ...erros },
      },
    },
    async (req) => sucesso(await lotes.criar(req.params.idRevenda, req.body, exigirSessao(req).usuario)),
  );

  r.get(
    base,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'As últimas ações em lote da revenda (mais recentes primeiro): ação, canais, n de N, estado e quando',
        params: daRevenda,
        response: { 200: lotesRecentesResposta, ...erros },
      },
    },
    async (req) => sucesso(await lotes.recentes(req.params.idRevenda)),
  );

  r.get(
    `${base}/:idLote`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Progresso de uma ação em lote (n de N) e seus itens (veículo × canal); com ?desde=, só os que mudaram',
        params: doLote,
        querystring: loteLeitura,
        response: { 200: loteResposta, ...erros },
      },
    },
    async (req) => sucesso(await lotes.ler(req.params.idRevenda, req.params.idLote, req.query.desde)),
  );

  r.post(
    `${base}/:idLote/cancelar`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Cancelar: os itens ainda não iniciados ficam cancelados; o que está em andamento termina',
        params: doLote,
        response: { 200: loteResposta, ...erros },
      },
    },
    async (req) => sucesso(await lotes.cancelar(req.params.idRevenda, req.params.idLote)),
  );
}
