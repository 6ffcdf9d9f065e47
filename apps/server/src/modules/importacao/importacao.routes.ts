import {
  confirmarImportacaoEntrada,
  envelopeErro,
  IMPORTACAO_MAX_BYTES,
  idParam,
  importacaoResposta,
  importacaoUrlEntrada,
  importacoesResposta,
  MENSAGENS_IMPORTACAO as M,
  modeloImportacaoConsulta,
  previaImportacaoEntrada,
  previaImportacaoResposta,
  resultadosImportacaoResposta,
} from '@intermedio/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exigirSessao } from '../../auth/guardas.ts';
import { sucesso } from '../../lib/http.ts';
import { lerArquivo } from '../../lib/multipart.ts';
import { TIPO_CONTEUDO } from '../exportacoes/planilha.ts';
import { anexo } from '../veiculos/veiculos-pacote.ts';
import type { ImportacaoService } from './importacao.service.ts';

const tags = ['importacao'];
const base = '/api/revendas/:idRevenda/importacoes';
const daRevenda = z.object({ idRevenda: idParam });
const daImportacao = daRevenda.extend({ id: idParam });
const erros = {
  400: envelopeErro,
  401: envelopeErro,
  403: envelopeErro,
  404: envelopeErro,
  409: envelopeErro,
  413: envelopeErro,
  422: envelopeErro,
};
const arquivo = z.unknown().describe('Arquivo CSV (UTF-8 com BOM, separador ;) ou XLSX');

function enviar(reply: FastifyReply, tipo: string, f: { nome: string; arquivo: NodeJS.ReadableStream }) {
  reply.header('content-type', tipo).header('content-disposition', anexo(f.nome)).header('cache-control', 'no-store');
  return reply.send(f.arquivo);
}

/** Stock import (issue 27 item 1, docs/importacao.md): admin any reseller, the reseller's gestor only his (rule revenda). */
export async function importacaoRoutes(app: FastifyInstance, op: { importacao: ImportacaoService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { importacao } = op;
  const config = { acesso: 'revenda' } as const;

  r.get(
    base,
    {
      config,
      schema: {
        tags,
        summary: 'As últimas 20 importações da revenda (mais recentes primeiro)',
        params: daRevenda,
        response: { 200: importacoesResposta, ...erros },
      },
    },
    async (req) => sucesso(await importacao.listar(req.params.idRevenda)),
  );

  r.get(
    `${base}/modelo`,
    {
      config,
      schema: {
        tags,
        summary: 'Modelo de planilha: as colunas do painel e uma linha de exemplo (CSV ou XLSX)',
        params: daRevenda,
        querystring: modeloImportacaoConsulta,
        produces: [TIPO_CONTEUDO.csv, TIPO_CONTEUDO.xlsx],
        response: { 200: arquivo, ...erros },
      },
    },
    async (req, reply) => enviar(reply, TIPO_CONTEUDO[req.query.formato], importacao.modelo(req.query.formato)),
  );

  r.post(
    `${base}/arquivo`,
    {
      config,
      bodyLimit: IMPORTACAO_MAX_BYTES + 256 * 1024,
      schema: {
        tags,
        summary: 'Enviar uma planilha (multipart, campo "arquivo": CSV ou XLSX): colunas, amostra e mapeamento sugerido',
        params: daRevenda,
        response: { 200: importacaoResposta, ...erros },
      },
    },
    async (req) => {
      const { dados, nome } = await lerArquivo(req, {
        limiteMb: IMPORTACAO_MAX_BYTES / (1024 * 1024),
        semArquivo: M.arquivoInvalido,
        grandeDemais: M.arquivoGrande,
        campo: 'arquivo',
      });
      return sucesso(await importacao.daArquivo(req.params.idRevenda, exigirSessao(req).usuario, nome || 'planilha', dados));
    },
  );

  r.post(
    `${base}/url`,
    {
      config,
      schema: {
        tags,
        summary: 'Ler o feed de estoque (XML ou JSON) de outro sistema por endereço http/https (redes internas recusadas)',
        params: daRevenda,
        body: importacaoUrlEntrada,
        response: { 200: importacaoResposta, ...erros },
      },
    },
    async (req) => sucesso(await importacao.daUrl(req.params.idRevenda, exigirSessao(req).usuario, req.body.url)),
  );

  r.get(
    `${base}/:id`,
    {
      config,
      schema: { tags, summary: 'Uma importação e seu progresso', params: daImportacao, response: { 200: importacaoResposta, ...erros } },
    },
    async (req) => sucesso(await importacao.ler(req.params.idRevenda, req.params.id)),
  );

  r.post(
    `${base}/:id/previa`,
    {
      config,
      schema: {
        tags,
        summary: 'Prévia: cada linha convertida e validada como no formulário, FIPE, duplicados; lembra o mapeamento',
        params: daImportacao,
        body: previaImportacaoEntrada,
        response: { 200: previaImportacaoResposta, ...erros },
      },
    },
    async (req) => sucesso(await importacao.previa(req.params.idRevenda, req.params.id, req.body.mapeamento)),
  );

  r.post(
    `${base}/:id/confirmar`,
    {
      config,
      schema: {
        tags,
        summary: 'Confirmar: a importação roda em segundo plano (409 se já confirmada)',
        params: daImportacao,
        body: confirmarImportacaoEntrada,
        response: { 200: importacaoResposta, ...erros },
      },
    },
    async (req) => sucesso(await importacao.confirmar(req.params.idRevenda, req.params.id, req.body)),
  );

  r.get(
    `${base}/:id/linhas`,
    {
      config,
      schema: {
        tags,
        summary: 'O resultado de cada linha (criado, atualizado, ignorado e o motivo)',
        params: daImportacao,
        response: { 200: resultadosImportacaoResposta, ...erros },
      },
    },
    async (req) => sucesso(await importacao.linhas(req.params.idRevenda, req.params.id)),
  );

  r.get(
    `${base}/:id/relatorio`,
    {
      config,
      schema: {
        tags,
        summary: 'Relatório da importação em CSV (Linha;Veículo;Resultado;Motivo;Fotos com falha)',
        params: daImportacao,
        produces: [TIPO_CONTEUDO.csv],
        response: { 200: arquivo, ...erros },
      },
    },
    async (req, reply) => enviar(reply, TIPO_CONTEUDO.csv, await importacao.relatorio(req.params.idRevenda, req.params.id)),
  );
}
