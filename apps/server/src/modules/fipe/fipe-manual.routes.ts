import {
  corpoLegadoFipe,
  envelopeErro,
  fipeManualDeletarCorpo,
  fipeManualIncluirCorpo,
  fipeManualListaResposta,
  fipeManualResposta,
} from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { sucesso } from '../../lib/http.ts';
import { type FipeManualService, paraFipeManual } from './fipe-manual.service.ts';

const tags = ['fipe-manual'];
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro, 409: envelopeErro, 500: envelopeErro };

/**
 * The spec's calls for the manual FIPE table (spec 2 §7), with their paths and bodies: the reseller's app speaks
 * them. They live outside /api but the guard applies the same way (config.acesso: admin); an `api_key` or `token`
 * in the body is accepted and ignored.
 */
export async function fipeManualRoutes(app: FastifyInstance, op: { fipeManual: FipeManualService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { fipeManual } = op;

  r.post(
    '/fipe-manual/listar',
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Veículos da tabela FIPE manual (marca, modelo, versão, ano modelo)',
        body: corpoLegadoFipe.nullish(),
        response: { 200: fipeManualListaResposta, ...erros },
      },
    },
    async () => sucesso((await fipeManual.listar()).map(paraFipeManual)),
  );

  r.post(
    '/fipe-manual/incluir',
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Incluir veículo na tabela FIPE manual',
        body: fipeManualIncluirCorpo,
        response: { 200: fipeManualResposta, ...erros },
      },
    },
    async (req) => {
      const { api_key: _a, token: _t, ...dados } = req.body;
      return sucesso(paraFipeManual(await fipeManual.incluir(dados, exigirSessao(req).usuario)));
    },
  );

  r.post(
    '/fipe-manual/deletar',
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Excluir veículo da tabela FIPE manual',
        body: fipeManualDeletarCorpo,
        response: { 200: z.object({ status: z.literal('success'), data: z.object({ veiculo_id: z.string() }) }), ...erros },
      },
    },
    async (req) => {
      await fipeManual.excluir(req.body.veiculo_id);
      return sucesso({ veiculo_id: req.body.veiculo_id });
    },
  );
}
