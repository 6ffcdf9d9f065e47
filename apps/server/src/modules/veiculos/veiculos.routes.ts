import {
  envelopeErro,
  idParam,
  limpezaResposta,
  remocaoVeiculoResposta,
  veiculoAlteracaoEntrada,
  veiculoEntrada,
  veiculoHistoricoLinhaResposta,
  veiculoHistoricoResposta,
  veiculoLinhaResposta,
  veiculoListaResposta,
  veiculoResposta,
} from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { enviarJson, sucesso } from '../../lib/http.ts';
import type { VeiculosService } from './veiculos.service.ts';

const tags = ['veiculos'];
const base = '/api/revendas/:idRevenda/veiculos';
const daRevenda = z.object({ idRevenda: idParam });
const doVeiculo = z.object({ idRevenda: idParam, idVeiculo: idParam });
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro };
const idResposta = z.object({ status: z.literal('success'), data: z.object({ id: z.string() }) });

/** Vehicle stock of a reseller (spec 2 §2–§5): admin any reseller, its own users only theirs (rule `revenda`). */
export async function veiculosRoutes(app: FastifyInstance, op: { veiculos: VeiculosService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { veiculos } = op;

  r.get(
    base,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Veículos ativos (veremovido 0), por vevendido e depois updated_at decrescente; sem paginação',
        params: daRevenda,
        response: { 200: veiculoListaResposta, ...erros },
      },
    },
    async (req, reply) => enviarJson(reply, await veiculos.listar(req.params.idRevenda)),
  );

  r.get(
    `${base}/lista/:idVeiculo`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Uma linha da lista de veículos (mesmo formato), para atualizar a lista ao vivo; 404 se saiu da lista',
        params: doVeiculo,
        response: { 200: veiculoLinhaResposta, ...erros },
      },
    },
    async (req) => sucesso(await veiculos.linha(req.params.idRevenda, req.params.idVeiculo)),
  );

  r.get(
    `${base}/historico`,
    {
      config: { acesso: 'revenda' },
      schema: { tags, summary: 'Histórico: veículos removidos', params: daRevenda, response: { 200: veiculoHistoricoResposta, ...erros } },
    },
    async (req, reply) => enviarJson(reply, await veiculos.historico(req.params.idRevenda)),
  );

  r.get(
    `${base}/historico/lista/:idVeiculo`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Uma linha do histórico (mesmo formato), para atualizar a lista ao vivo; 404 se saiu do histórico',
        params: doVeiculo,
        response: { 200: veiculoHistoricoLinhaResposta, ...erros },
      },
    },
    async (req) => sucesso(await veiculos.linhaHistorico(req.params.idRevenda, req.params.idVeiculo)),
  );

  r.post(
    `${base}/historico/limpar`,
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Remover definitivamente veículos removidos há mais de 59 dias ou sem data (no máximo 50 por vez)',
        params: daRevenda,
        response: { 200: limpezaResposta, ...erros },
      },
    },
    async (req) => sucesso(await veiculos.limparHistorico(req.params.idRevenda)),
  );

  r.post(
    `${base}/historico/limpar-imagens`,
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Manter só a primeira foto dos veículos do histórico (no máximo 50 veículos por vez)',
        params: daRevenda,
        response: { 200: limpezaResposta, ...erros },
      },
    },
    async (req) => sucesso(await veiculos.limparImagens(req.params.idRevenda)),
  );

  r.post(
    base,
    {
      config: { acesso: 'revenda' },
      bodyLimit: 256 * 1024,
      schema: { tags, summary: 'Incluir veículo', params: daRevenda, body: veiculoEntrada, response: { 200: idResposta, ...erros } },
    },
    async (req) => sucesso(await veiculos.criar(req.params.idRevenda, req.body, exigirSessao(req).usuario)),
  );

  r.get(
    `${base}/:idVeiculo`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Um veículo com fotos, locais de anúncio e a tabela de integrações (spec 3 §2.1)',
        params: doVeiculo,
        response: { 200: veiculoResposta, ...erros },
      },
    },
    async (req) => sucesso(await veiculos.buscar(req.params.idRevenda, req.params.idVeiculo, exigirSessao(req).usuario)),
  );

  r.put(
    `${base}/:idVeiculo`,
    {
      config: { acesso: 'revenda' },
      bodyLimit: 256 * 1024,
      schema: {
        tags,
        summary: 'Alterar veículo (409 se outra pessoa gravou desde a versão lida)',
        params: doVeiculo,
        body: veiculoAlteracaoEntrada,
        response: { 200: idResposta, ...erros, 409: envelopeErro },
      },
    },
    async (req) => sucesso(await veiculos.alterar(req.params.idRevenda, req.params.idVeiculo, req.body, exigirSessao(req).usuario)),
  );

  r.delete(
    `${base}/:idVeiculo`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Remover veículo: usuário da revenda vai para o histórico; admin (ou do histórico) remove definitivamente',
        params: doVeiculo,
        response: { 200: remocaoVeiculoResposta, ...erros },
      },
    },
    async (req) => sucesso(await veiculos.remover(req.params.idRevenda, req.params.idVeiculo, exigirSessao(req).usuario)),
  );
}
