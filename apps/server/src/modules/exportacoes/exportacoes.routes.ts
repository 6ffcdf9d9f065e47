import { envelopeErro, exportarAlteracoesConsulta, exportarEstoqueConsulta, exportarVendasConsulta, idParam } from '@intermedio/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anexo } from '../veiculos/veiculos-pacote.ts';
import type { ExportacoesService } from './exportacoes.service.ts';
import { TIPO_CONTEUDO } from './planilha.ts';

const tags = ['exportacoes'];
const daRevenda = z.object({ idRevenda: idParam });
const erros = { 400: envelopeErro, 401: envelopeErro, 403: envelopeErro, 404: envelopeErro };
const arquivo = z.unknown().describe('Arquivo CSV (UTF-8 com BOM, separador ;) ou XLSX');
const produces = [TIPO_CONTEUDO.csv, TIPO_CONTEUDO.xlsx];

function enviar(reply: FastifyReply, formato: 'csv' | 'xlsx', f: { nome: string; arquivo: NodeJS.ReadableStream }) {
  reply.header('content-type', TIPO_CONTEUDO[formato]).header('content-disposition', anexo(f.nome)).header('cache-control', 'no-store');
  return reply.send(f.arquivo);
}

/** Exports (issue 25 item 6, docs/exportacoes.md): the gestor of the reseller and admins (rule gestorRevenda). */
export async function exportacoesRoutes(app: FastifyInstance, op: { exportacoes: ExportacoesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { exportacoes } = op;

  r.get(
    '/api/revendas/:idRevenda/veiculos/exportar',
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags,
        summary: 'Exportar o estoque (a lista de veículos com os mesmos filtros da tela) em CSV ou XLSX',
        params: daRevenda,
        querystring: exportarEstoqueConsulta,
        produces,
        response: { 200: arquivo, ...erros },
      },
    },
    async (req, reply) => {
      const { formato, texto, tipo, filtros, filtro } = req.query;
      return enviar(reply, formato, await exportacoes.estoque(req.params.idRevenda, formato, { texto, tipo, filtros }, filtro));
    },
  );

  r.get(
    '/api/revendas/:idRevenda/vendas/exportar',
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags,
        summary: 'Exportar as vendas de um período (de/até, dias de São Paulo, inclusive) em CSV ou XLSX',
        params: daRevenda,
        querystring: exportarVendasConsulta,
        produces,
        response: { 200: arquivo, ...erros },
      },
    },
    async (req, reply) => {
      const { formato, de, ate } = req.query;
      return enviar(reply, formato, await exportacoes.vendas(req.params.idRevenda, formato, de, ate));
    },
  );

  r.get(
    '/api/revendas/:idRevenda/veiculos/:idVeiculo/alteracoes/exportar',
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags,
        summary: 'Exportar as alterações do veículo (uma linha por campo alterado) em CSV ou XLSX',
        params: daRevenda.extend({ idVeiculo: idParam }),
        querystring: exportarAlteracoesConsulta,
        produces,
        response: { 200: arquivo, ...erros },
      },
    },
    async (req, reply) => {
      const { formato } = req.query;
      return enviar(reply, formato, await exportacoes.alteracoes(req.params.idRevenda, req.params.idVeiculo, formato));
    },
  );
}
