import {
  entradaParam,
  envelopeErro,
  filaParam,
  filaPublicacaoParam,
  filaVeiculoParam,
  idParam,
  linhasModeracaoEntrada,
  moderacaoPublicacaoLinhaResposta,
  moderacaoPublicacaoListaResposta,
  moderacaoVeiculoLinhaResposta,
  moderacaoVeiculoListaResposta,
  validacaoResposta,
  validarLoteEntrada,
} from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { enviarJson, sucesso } from '../../lib/http.ts';
import type { ModeracaoService } from './moderacao.service.ts';

const tags = ['moderacao'];
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro };
const base = '/api/moderacao';

/**
 * Admin moderation dashboards (spec 2 §2–§4, §8), admin only. Vehicle queues (incluidos, alterados, removidos) and
 * publication queues (banners, vendidos) have their own list shapes; each list has a single-row twin for live patching.
 * Loading a list deletes its orphan entries. Validation deletes entries, one or the checked ones in one request.
 */
export async function moderacaoRoutes(app: FastifyInstance, op: { moderacao: ModeracaoService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { moderacao } = op;

  r.get(
    `${base}/veiculos/:fila`,
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Fila de veículos (incluidos, alterados, removidos), mais novos primeiro; apaga as entradas órfãs; sem paginação',
        params: z.object({ fila: filaVeiculoParam }),
        response: { 200: moderacaoVeiculoListaResposta, ...erros },
      },
    },
    // The database builds the answer's JSON in the API's shape (issue 18): sent as it is, without a serializer pass.
    async (req, reply) => enviarJson(reply, await moderacao.listarVeiculos(req.params.fila)),
  );

  r.get(
    `${base}/veiculos/:fila/lista/:idEntrada`,
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Uma entrada da fila de veículos (mesmo formato), para atualizar a lista ao vivo; 404 se saiu da fila',
        params: z.object({ fila: filaVeiculoParam, idEntrada: idParam }),
        response: { 200: moderacaoVeiculoLinhaResposta, ...erros },
      },
    },
    async (req) => sucesso(await moderacao.linhaVeiculo(req.params.fila, req.params.idEntrada)),
  );

  // Reads with a body (up to 1,000 ids do not fit an address): POST, like every write, with the CSRF header.
  r.post(
    `${base}/veiculos/:fila/linhas`,
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Várias entradas da fila de veículos (mesmo formato), para a lista ao vivo; as que saíram da fila não vêm',
        params: z.object({ fila: filaVeiculoParam }),
        body: linhasModeracaoEntrada,
        response: { 200: moderacaoVeiculoListaResposta, ...erros },
      },
    },
    async (req, reply) => enviarJson(reply, await moderacao.linhasVeiculos(req.params.fila, req.body.ids)),
  );

  r.get(
    `${base}/publicacoes/:fila`,
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Fila de banners ou vendidos, mais novos primeiro; apaga as entradas órfãs; sem paginação',
        params: z.object({ fila: filaPublicacaoParam }),
        response: { 200: moderacaoPublicacaoListaResposta, ...erros },
      },
    },
    async (req, reply) => enviarJson(reply, await moderacao.listarPublicacoes(req.params.fila)),
  );

  r.get(
    `${base}/publicacoes/:fila/lista/:idEntrada`,
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Uma entrada da fila de banners ou vendidos (mesmo formato), para a lista ao vivo; 404 se saiu da fila',
        params: z.object({ fila: filaPublicacaoParam, idEntrada: idParam }),
        response: { 200: moderacaoPublicacaoLinhaResposta, ...erros },
      },
    },
    async (req) => sucesso(await moderacao.linhaPublicacao(req.params.fila, req.params.idEntrada)),
  );

  r.post(
    `${base}/publicacoes/:fila/linhas`,
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Várias entradas da fila de banners ou vendidos (mesmo formato), para a lista ao vivo; as que saíram não vêm',
        params: z.object({ fila: filaPublicacaoParam }),
        body: linhasModeracaoEntrada,
        response: { 200: moderacaoPublicacaoListaResposta, ...erros },
      },
    },
    async (req, reply) => enviarJson(reply, await moderacao.linhasPublicacoes(req.params.fila, req.body.ids)),
  );

  r.post(
    `${base}/:fila/validar`,
    {
      config: { acesso: 'admin' },
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: 'Validar as entradas marcadas (uma transação); as já validadas por outra pessoa são ignoradas',
        params: filaParam,
        body: validarLoteEntrada,
        response: { 200: validacaoResposta, ...erros },
      },
    },
    async (req) => sucesso(await moderacao.validarLote(req.params.fila, req.body.ids, exigirSessao(req).usuario.id)),
  );

  r.post(
    `${base}/:fila/:idEntrada/validar`,
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Validar uma entrada (sai da fila); 404 se já não está na fila',
        params: entradaParam,
        response: { 200: validacaoResposta, ...erros },
      },
    },
    async (req) => sucesso(await moderacao.validarUm(req.params.fila, req.params.idEntrada, exigirSessao(req).usuario.id)),
  );
}
