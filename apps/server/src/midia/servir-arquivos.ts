import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { type Armazenamento, ArmazenamentoLocal, PREFIXO_ARQUIVOS } from './armazenamento.ts';
import { ArmazenamentoS3 } from './armazenamento-s3.ts';

/** The storage chosen by configuration (ARMAZENAMENTO): every uploaded file of the product goes through it. */
export function criarArmazenamento(config: Config): Armazenamento {
  if (config.s3) return new ArmazenamentoS3(config.s3);
  const pasta = path.join(config.dataDir, 'arquivos');
  mkdirSync(pasta, { recursive: true });
  return new ArmazenamentoLocal(pasta);
}

const CABECALHOS = { 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' };
const TIPOS: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/**
 * Serves uploaded files at /arquivos/<key> (public, immutable addresses: a new upload gets a new key).
 * Local disk: static files. S3 without S3_URL_PUBLICA: read from the bucket and streamed. S3 with a public
 * address: the bucket (or its CDN) serves them and this route is not registered.
 */
export async function servirArquivos(app: FastifyInstance, op: { armazenamento: Armazenamento }) {
  const { armazenamento } = op;
  if (armazenamento instanceof ArmazenamentoS3) {
    await armazenamento.conferirBucket();
    app.addHook('onClose', async () => armazenamento.fechar());
  }
  if (armazenamento instanceof ArmazenamentoLocal) {
    await app.register(fastifyStatic, {
      root: armazenamento.raiz,
      prefix: PREFIXO_ARQUIVOS,
      decorateReply: false,
      wildcard: true,
      index: false,
      setHeaders(res) {
        for (const [k, v] of Object.entries(CABECALHOS)) res.header(k, v);
      },
    });
    return;
  }
  if (armazenamento instanceof ArmazenamentoS3 && !armazenamento.servidoPeloServidor) return;
  app.get(`${PREFIXO_ARQUIVOS}*`, { config: { acesso: 'publico' }, schema: { hide: true } }, async (req, reply) => {
    const chave = armazenamento.chaveDaUrl(req.url.split('?')[0] ?? '');
    const aberto = chave ? await armazenamento.abrir(chave) : null;
    if (!chave || !aberto) return reply.code(404).send({ status: 'error', data: 'Arquivo não encontrado.' });
    const extensao = chave.slice(chave.lastIndexOf('.') + 1).toLowerCase();
    reply.headers(CABECALHOS).type(aberto.tipo ?? TIPOS[extensao] ?? 'application/octet-stream');
    if (aberto.tamanho !== undefined) reply.header('content-length', aberto.tamanho);
    return reply.send(aberto.corpo);
  });
}
