import { CANAIS, envelopeErro, idParam, mensagemVendaResposta, vendaResposta, venderEntrada } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { sucesso } from '../../lib/http.ts';
import type { VendasService } from './vendas.service.ts';

const tags = ['vendas'];
const base = '/api/revendas/:idRevenda/veiculos/:idVeiculo';
const doVeiculo = z.object({ idRevenda: idParam, idVeiculo: idParam });
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro, 409: envelopeErro, 422: envelopeErro };

/** "Marcar como vendido" (issue 16): gestor of the reseller and admin only (rule `gestorRevenda`). */
export async function vendasRoutes(app: FastifyInstance, op: { vendas: VendasService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { vendas } = op;

  r.post(
    `${base}/vender`,
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags,
        summary: 'Marcar como vendido: vevendido = 1 e retirada dos anúncios de todos os canais em segundo plano (409 se já vendido)',
        params: doVeiculo,
        body: venderEntrada,
        response: { 200: vendaResposta, ...erros },
      },
    },
    async (req) =>
      sucesso(await vendas.vender(req.params.idRevenda, req.params.idVeiculo, req.body.publicar_vendido, exigirSessao(req).usuario)),
  );

  r.post(
    `${base}/desfazer-venda`,
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags,
        summary: 'Desfazer a venda (só no mesmo dia; não publica os anúncios de novo)',
        params: doVeiculo,
        response: { 200: mensagemVendaResposta, ...erros },
      },
    },
    async (req) => sucesso(await vendas.desfazer(req.params.idRevenda, req.params.idVeiculo, exigirSessao(req).usuario)),
  );

  r.post(
    `${base}/remocoes/:canal/tentar`,
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags,
        summary: 'Tentar de novo a retirada de um anúncio que falhou',
        params: doVeiculo.extend({ canal: z.enum(CANAIS) }),
        response: { 200: vendaResposta, ...erros },
      },
    },
    async (req) => sucesso(await vendas.tentarDeNovo(req.params.idRevenda, req.params.idVeiculo, req.params.canal)),
  );
}
