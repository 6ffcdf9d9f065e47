import {
  ativoEntrada,
  envelopeErro,
  envelopeSucesso,
  idParam,
  revendaAlteracao,
  revendaEntrada,
  revendaLinha,
  revendaListaResposta,
  revendaResposta,
} from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { enviarJson, sucesso } from '../../lib/http.ts';
import { paraRevenda, type RevendasService } from './revendas.service.ts';

const tags = ['revendas'];
const params = z.object({ idRevenda: idParam });
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro };
const planoLista = z.object({ plano: z.enum(['basico', 'pagos']).default('pagos') });
const resumoUsuarios = z.object({ status: z.literal('success'), data: z.object({ usuarios: z.number() }) });

export async function revendasRoutes(app: FastifyInstance, op: { revendas: RevendasService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { revendas } = op;

  r.get(
    '/api/revendas',
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Revendas (plano acima de basico, ordenadas por plano e nome) ou, com plano=basico, as do plano básico',
        querystring: planoLista,
        response: { 200: revendaListaResposta, ...erros },
      },
    },
    // The database builds the answer's JSON in the API's shape (issue 18): sent as it is, without a serializer pass.
    async (req, reply) => enviarJson(reply, await revendas.listar(req.query.plano === 'basico')),
  );

  r.get(
    '/api/revendas/lista/:idRevenda',
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Uma linha da lista de revendas (mesmo formato da lista); 404 quando a revenda não está nessa lista',
        params,
        querystring: planoLista,
        response: { 200: envelopeSucesso(revendaLinha), ...erros },
      },
    },
    async (req) => sucesso(await revendas.linhaDaLista(req.query.plano === 'basico', req.params.idRevenda)),
  );

  r.post(
    '/api/revendas',
    {
      config: { acesso: 'admin' },
      schema: { tags, summary: 'Incluir revenda', body: revendaEntrada, response: { 200: revendaResposta, ...erros } },
    },
    async (req) => {
      const quem = exigirSessao(req).usuario;
      return sucesso(paraRevenda(await revendas.criar(req.body, quem), quem));
    },
  );

  r.get(
    '/api/revendas/:idRevenda',
    {
      config: { acesso: 'revenda' },
      schema: { tags, summary: 'Dados de uma revenda', params, response: { 200: revendaResposta, ...erros } },
    },
    async (req) => sucesso(paraRevenda(await revendas.buscar(req.params.idRevenda), exigirSessao(req).usuario)),
  );

  r.put(
    '/api/revendas/:idRevenda',
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags,
        summary: 'Alterar revenda (com a versão lida: 409 se outra pessoa alterou antes)',
        params,
        body: revendaAlteracao,
        response: { 200: revendaResposta, ...erros, 409: envelopeErro },
      },
    },
    async (req) => {
      const quem = exigirSessao(req).usuario;
      return sucesso(paraRevenda(await revendas.alterar(req.params.idRevenda, req.body, quem), quem));
    },
  );

  r.delete(
    '/api/revendas/:idRevenda',
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags,
        summary: 'Remover a revenda e todos os seus usuários (numa transação)',
        params,
        response: { 200: resumoUsuarios, ...erros, 500: envelopeErro },
      },
    },
    async (req) => sucesso(await revendas.remover(req.params.idRevenda)),
  );

  r.post(
    '/api/revendas/:idRevenda/usuarios/ativo',
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Bloquear (0) ou liberar (1) o acesso ao app de todos os usuários da revenda',
        params,
        body: ativoEntrada,
        response: { 200: resumoUsuarios, ...erros },
      },
    },
    async (req) => sucesso(await revendas.bloquearUsuarios(req.params.idRevenda, req.body.ativo)),
  );

  r.post(
    '/api/revendas/:idRevenda/site/ativo',
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Bloquear (0) ou liberar (1) o site da revenda',
        params,
        body: ativoEntrada,
        response: { 200: z.object({ status: z.literal('success'), data: ativoEntrada }), ...erros },
      },
    },
    async (req) => {
      await revendas.bloquearSite(req.params.idRevenda, req.body.ativo);
      return sucesso({ ativo: req.body.ativo });
    },
  );
}
