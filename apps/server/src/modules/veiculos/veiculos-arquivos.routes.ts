import { alteracoesVeiculoResposta, atividadeVeiculoResposta, envelopeErro, idParam } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { sucesso } from '../../lib/http.ts';
import type { VeiculosService } from './veiculos.service.ts';
import { nomeDeArquivo, textoAlteracoes } from './veiculos.texto.ts';
import { anexo, nomeDoPacote } from './veiculos-pacote.ts';

const tags = ['veiculos'];
const base = '/api/revendas/:idRevenda/veiculos/:idVeiculo';
const doVeiculo = z.object({ idRevenda: idParam, idVeiculo: idParam });
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro };

/**
 * Downloads of one vehicle: the package (zip), one original photo, the change log (JSON and text file), and the
 * view's activity timeline.
 */
export async function veiculosArquivosRoutes(app: FastifyInstance, op: { veiculos: VeiculosService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { veiculos } = op;

  r.get(
    `${base}/pacote`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Baixar o pacote do veículo: zip com os dados em texto e as fotos originais (gerado em fluxo)',
        params: doVeiculo,
        produces: ['application/zip'],
        response: { 200: z.unknown().describe('Arquivo zip'), ...erros },
      },
    },
    async (req, reply) => {
      const { veiculo, arquivo } = await veiculos.pacote(req.params.idRevenda, req.params.idVeiculo, exigirSessao(req).usuario);
      reply.header('content-type', 'application/zip').header('content-disposition', anexo(nomeDoPacote(veiculo)));
      return reply.send(arquivo);
    },
  );

  r.get(
    `${base}/imagens/:idImagem/original`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Baixar o arquivo original de uma foto do veículo',
        params: doVeiculo.extend({ idImagem: idParam }),
        response: { 200: z.unknown().describe('A imagem original'), ...erros },
      },
    },
    async (req, reply) => {
      const { idRevenda, idVeiculo, idImagem } = req.params;
      const f = await veiculos.fotoOriginal(idRevenda, idVeiculo, idImagem, exigirSessao(req).usuario);
      reply.header('content-type', f.tipo).header('content-disposition', anexo(f.nome));
      if (f.tamanho !== undefined) reply.header('content-length', f.tamanho);
      return reply.send(f.corpo);
    },
  );

  r.get(
    `${base}/alteracoes`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Alterações do veículo (mais recente primeiro): data, usuário e cada campo antigo → novo',
        params: doVeiculo,
        response: { 200: alteracoesVeiculoResposta, ...erros },
      },
    },
    async (req) => {
      const { alteracoes } = await veiculos.alteracoes(req.params.idRevenda, req.params.idVeiculo);
      return sucesso(alteracoes.map((a) => ({ ...a, vedataalteracao: a.vedataalteracao.toISOString() })));
    },
  );

  r.get(
    `${base}/atividade`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary:
          'Atividade do veículo (mais recente primeiro, no máximo 200): inclusão, alterações, venda, envios aos canais com o resultado, validações da moderação',
        params: doVeiculo,
        response: { 200: atividadeVeiculoResposta, ...erros },
      },
    },
    async (req) => sucesso(await veiculos.atividade(req.params.idRevenda, req.params.idVeiculo, exigirSessao(req).usuario)),
  );

  r.get(
    `${base}/alteracoes/arquivo`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Baixar as alterações do veículo como Alteracoes_dados_veiculo_{revenda}.txt',
        params: doVeiculo,
        produces: ['text/plain'],
        response: { 200: z.unknown().describe('Arquivo de texto'), ...erros },
      },
    },
    async (req, reply) => {
      const { veiculo, alteracoes, revenda } = await veiculos.alteracoes(req.params.idRevenda, req.params.idVeiculo);
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', anexo(`Alteracoes_dados_veiculo_${nomeDeArquivo(revenda.penome_fantasia)}.txt`));
      return reply.send(Buffer.from(textoAlteracoes(veiculo, alteracoes), 'utf8'));
    },
  );
}
