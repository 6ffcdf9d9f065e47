import { envelopeErro, feedAtivarEntrada, feedDocumento, idParam, MENSAGENS_FEED, respostaFeedConfiguracao } from '@intermedio/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escolherCodificacao } from '../../lib/compressao.ts';
import { naoEncontrado, sucesso } from '../../lib/http.ts';
import { type FeedService, type Formato, SLUG_VALIDO } from './feed.service.ts';

const TIPOS: Record<Formato, string> = { json: 'application/json; charset=utf-8', xml: 'application/xml; charset=utf-8' };

/** A site on another origin reads the feed from the browser: anyone may, GET only, and no cookie is ever sent. */
function cabecalhosPublicos(reply: FastifyReply) {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-methods', 'GET');
  reply.header('access-control-expose-headers', 'ETag, Last-Modified');
  reply.header('cross-origin-resource-policy', 'cross-origin');
  reply.header('cache-control', 'public, max-age=60, must-revalidate');
  reply.header('vary', 'accept-encoding');
}

/** If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2). */
function naoModificado(cab: Record<string, string | string[] | undefined>, etag: string, modificado: Date) {
  const inm = cab['if-none-match'];
  if (typeof inm === 'string') return inm.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);
  const ims = cab['if-modified-since'];
  if (typeof ims !== 'string') return false;
  const desde = Date.parse(ims);
  return !Number.isNaN(desde) && modificado.getTime() <= desde;
}

export async function feedRoutes(app: FastifyInstance, op: { feed: FeedService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/feed/:arquivo',
    {
      config: { acesso: 'publico' },
      schema: {
        tags: ['feed'],
        summary: 'Feed público do site da revenda: /feed/{endereço}.json ou .xml (docs/feed.md)',
        description:
          'Veículos marcados para exibir no site e não removidos; vendidos ficam 30 dias com vendido: true e a data. ' +
          'ETag / Last-Modified (304), CORS (qualquer origem, só GET), limite de requisições por endereço (429). ' +
          'O XML tem os mesmos campos, sem o JSON-LD.',
        params: z.object({ arquivo: z.string().max(100).describe('{endereço}.json ou {endereço}.xml') }),
        response: {
          200: feedDocumento,
          304: z.null().describe('Não modificado (If-None-Match / If-Modified-Since)'),
          404: envelopeErro,
          429: envelopeErro,
        },
      },
    },
    async (req, resposta) => {
      // The body is sent as the bytes built once per feed (its shape is the schema's: feed.test.ts parses it).
      const reply = resposta as unknown as FastifyReply;
      cabecalhosPublicos(reply);
      const m = /^(.+)\.(json|xml)$/.exec(req.params.arquivo);
      const slug = m?.[1] ?? '';
      if (!m || !SLUG_VALIDO.test(slug)) throw naoEncontrado(MENSAGENS_FEED.naoEncontrado);
      const formato = m[2] as Formato;
      await op.feed.contar(slug, req.ip);
      const { corpo, etag, modificado, entrada } = await op.feed.ler(slug, formato);
      reply.header('etag', etag);
      reply.header('last-modified', modificado.toUTCString());
      if (naoModificado(req.headers, etag, modificado)) return reply.code(304).send();
      reply.type(TIPOS[formato]);
      const codificacao = escolherCodificacao(req.headers['accept-encoding']);
      if (!codificacao) return reply.send(corpo);
      // Compressed once per built feed (the app's compression hook leaves an encoded answer alone).
      reply.header('content-encoding', codificacao);
      return reply.send(await op.feed.comprimido(entrada, formato, codificacao));
    },
  );

  const rotaConfig = '/api/revendas/:idRevenda/feed';
  const params = z.object({ idRevenda: idParam });
  r.get(
    rotaConfig,
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags: ['feed'],
        summary: 'Feed do site: se está ativo e seus endereços',
        params,
        response: { 200: respostaFeedConfiguracao },
      },
    },
    async (req) => sucesso(await op.feed.configuracao(req.params.idRevenda)),
  );
  r.put(
    rotaConfig,
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags: ['feed'],
        summary: 'Ativar ou desativar o feed do site (a primeira ativação cria o endereço)',
        params,
        body: feedAtivarEntrada,
        response: { 200: respostaFeedConfiguracao },
      },
    },
    async (req) => sucesso(await op.feed.ativar(req.params.idRevenda, req.body.ativo)),
  );
  r.post(
    `${rotaConfig}/novo-endereco`,
    {
      config: { acesso: 'gestorRevenda' },
      schema: {
        tags: ['feed'],
        summary: 'Gerar novo endereço do feed: o anterior deixa de responder (404)',
        params,
        response: { 200: respostaFeedConfiguracao },
      },
    },
    async (req) => sucesso(await op.feed.novoEndereco(req.params.idRevenda)),
  );
}
