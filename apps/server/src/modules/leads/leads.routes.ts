import {
  distribuicaoLeads,
  distribuicaoLeadsResposta,
  envelopeErro,
  envelopeSucesso,
  filtroLeads,
  filtroLeadsAdmin,
  idParam,
  leadResposta,
  linhasLeadsEntrada,
  linhasLeadsResposta,
  listaLeadsResposta,
  mudarEstadoLead,
  responderLead,
} from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { sucesso } from '../../lib/http.ts';
import type { LeadsService } from './leads.service.ts';
import type { RespostasService } from './respostas.service.ts';

const tags = ['leads'];
const base = '/api/revendas/:idRevenda/leads';
const daRevenda = z.object({ idRevenda: idParam });
const doLead = daRevenda.extend({ idLead: idParam });
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro };

/**
 * The leads inbox API (issue 26 item 4; docs/leads.md): the reseller's users (gestor, client) see their reseller's
 * leads, an admin every reseller's (`GET /api/leads?revenda=`). Stable contract for the inbox screen.
 */
export async function leadsRoutes(app: FastifyInstance, op: { leads: LeadsService; respostas: RespostasService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { leads, respostas } = op;

  r.get(
    '/api/leads',
    {
      config: { acesso: 'admin' },
      schema: {
        tags,
        summary: 'Leads de todas as revendas (admin), com filtro por revenda, canal, estado, veículo, período e busca',
        querystring: filtroLeadsAdmin,
        response: { 200: listaLeadsResposta, ...erros },
      },
    },
    async (req) => {
      const { revenda, ...f } = req.query;
      return sucesso(await leads.listar(revenda, f));
    },
  );

  r.get(
    base,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Leads da revenda (mais recentes primeiro), com filtros por canal, estado, veículo, período e busca',
        params: daRevenda,
        querystring: filtroLeads,
        response: { 200: listaLeadsResposta, ...erros },
      },
    },
    async (req) => sucesso(await leads.listar(req.params.idRevenda, req.query)),
  );

  r.get(
    '/api/revendas/:idRevenda/veiculos/:idVeiculo/leads',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Leads de um veículo (página do veículo)',
        params: daRevenda.extend({ idVeiculo: idParam }),
        querystring: filtroLeads,
        response: { 200: listaLeadsResposta, ...erros },
      },
    },
    async (req) => sucesso(await leads.doVeiculo(req.params.idRevenda, req.params.idVeiculo, req.query)),
  );

  r.get(
    `${base}/:idLead`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Um lead, com a conversa quando o canal tem uma',
        params: doLead,
        response: { 200: leadResposta, ...erros },
      },
    },
    async (req) => sucesso(await leads.ler(req.params.idRevenda, req.params.idLead)),
  );

  // A read with a body (up to 1,000 ids do not fit an address): POST, like every write, with the CSRF header.
  r.post(
    `${base}/linhas`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Vários leads da revenda (formato da lista), para a caixa ao vivo; os que não são da revenda não vêm',
        params: daRevenda,
        body: linhasLeadsEntrada,
        response: { 200: linhasLeadsResposta, ...erros },
      },
    },
    async (req) => sucesso(await leads.linhas(req.params.idRevenda, req.body.ids)),
  );

  r.put(
    `${base}/:idLead/estado`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Mudar o estado (novo, em atendimento, respondido, convertido, perdido): registra quem e quando',
        params: doLead,
        body: mudarEstadoLead,
        response: { 200: leadResposta, ...erros },
      },
    },
    async (req) => sucesso(await leads.mudarEstado(req.params.idRevenda, req.params.idLead, req.body.estado, exigirSessao(req).usuario)),
  );

  r.delete(
    `${base}/:idLead`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Excluir o lead a pedido do titular (LGPD): apaga o lead e a conversa',
        params: doLead,
        response: { 200: envelopeSucesso(z.string()), ...erros },
      },
    },
    async (req) => sucesso(await leads.excluir(req.params.idRevenda, req.params.idLead)),
  );

  r.post(
    `${base}/:idLead/respostas`,
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Responder uma pergunta do Mercado Livre (envio durável: a mesma chave nunca envia duas vezes)',
        params: doLead,
        body: responderLead,
        response: { 200: leadResposta, ...erros, 409: envelopeErro, 422: envelopeErro, 502: envelopeErro },
      },
    },
    async (req) => sucesso(await respostas.responder(req.params.idRevenda, req.params.idLead, req.body, exigirSessao(req).usuario)),
  );

  r.get(
    '/api/revendas/:idRevenda/leads-distribuicao',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Rodízio de leads novos entre os usuários da revenda: ligado ou não',
        params: daRevenda,
        response: { 200: distribuicaoLeadsResposta, ...erros },
      },
    },
    async (req) => sucesso(await leads.rodizio(req.params.idRevenda)),
  );

  r.put(
    '/api/revendas/:idRevenda/leads-distribuicao',
    {
      config: { acesso: 'revenda' },
      schema: {
        tags,
        summary: 'Ligar ou desligar o rodízio de leads novos entre os usuários ativos da revenda',
        params: daRevenda,
        body: distribuicaoLeads,
        response: { 200: distribuicaoLeadsResposta, ...erros },
      },
    },
    async (req) => sucesso(await leads.definirRodizio(req.params.idRevenda, req.body.rodizio)),
  );
}
