import { CANAIS, corpoSincronizacao, envelopeErro, idParam, MENSAGENS_PUBLICACAO_VEICULO as M } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { naoEncontrado, sucesso } from '../../lib/http.ts';
import type { PublicacaoVeiculoService } from './publicacao.service.ts';
import type { SincronizacaoService } from './sincronizacao.service.ts';

const tags = ['publicacao'];
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro, 409: envelopeErro, 422: envelopeErro };
const daRevenda = z.object({ idRevenda: idParam });
const modoResposta = z.object({ status: z.literal('success'), data: corpoSincronizacao });

/** Sync of published adverts (issue 24 item 1): the reseller's setting and the vehicle view's buttons. */
export async function sincronizacaoRoutes(
  app: FastifyInstance,
  op: { sincronizacao: SincronizacaoService; publicacao: PublicacaoVeiculoService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sincronizacao } = op;

  r.get(
    '/api/revendas/:idRevenda/sincronizacao',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Atualização dos anúncios depois de alterar um veículo: automático ou perguntar',
        params: daRevenda,
        response: { 200: modoResposta, ...erros },
      },
    },
    async (req) => sucesso({ sincronizacao: await sincronizacao.modo(req.params.idRevenda) }),
  );

  r.put(
    '/api/revendas/:idRevenda/sincronizacao',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Gravar automático ou perguntar',
        params: daRevenda,
        body: corpoSincronizacao,
        response: { 200: modoResposta, ...erros },
      },
    },
    async (req) => sucesso({ sincronizacao: await sincronizacao.definirModo(req.params.idRevenda, req.body.sincronizacao) }),
  );

  r.post(
    '/api/revendas/:idRevenda/veiculos/:idVeiculo/atualizar-anuncios',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: '"Atualizar em todos os canais" (ou "Tentar de novo" num canal): atualização em segundo plano dos anúncios desatualizados',
        params: daRevenda.extend({ idVeiculo: idParam }),
        body: z.strictObject({ canal: z.enum(CANAIS, 'Canal inválido.').optional() }).optional(),
        response: {
          200: z.object({ status: z.literal('success'), data: z.object({ mensagem: z.string(), anuncios: z.number() }) }),
          ...erros,
        },
      },
    },
    async (req) => {
      if ((await op.publicacao.revendaDoVeiculo(req.params.idVeiculo)) !== req.params.idRevenda)
        throw naoEncontrado(M.veiculoNaoEncontrado);
      return sucesso(await sincronizacao.pedir(req.params.idVeiculo, req.body?.canal));
    },
  );

  r.post(
    '/api/revendas/:idRevenda/veiculos/:idVeiculo/publicar-de-novo',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: '"Publicar de novo" num canal que não edita o anúncio (Instagram): exclui e publica de novo o post guardado',
        params: daRevenda.extend({ idVeiculo: idParam }),
        body: z.strictObject({ canal: z.enum(CANAIS, 'Canal inválido.') }),
        response: {
          200: z.object({ status: z.literal('success'), data: z.looseObject({ estado: z.string(), mensagem: z.string() }) }),
          ...erros,
        },
      },
    },
    async (req) => {
      if ((await op.publicacao.revendaDoVeiculo(req.params.idVeiculo)) !== req.params.idRevenda)
        throw naoEncontrado(M.veiculoNaoEncontrado);
      return sucesso(await op.publicacao.publicarDeNovo(req.body.canal, req.params.idVeiculo, exigirSessao(req).usuario.id));
    },
  );
}
