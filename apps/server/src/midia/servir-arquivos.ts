import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/cliente.ts';
import { chaveDoPedido, decidirLeitura, ehPublico, type Leitura } from './acesso-arquivos.ts';
import { type Armazenamento, ArmazenamentoLocal, PREFIXO_ARQUIVOS } from './armazenamento.ts';
import { ArmazenamentoS3 } from './armazenamento-s3.ts';

/** The storage chosen by configuration (ARMAZENAMENTO): every uploaded file of the product goes through it. */
export function criarArmazenamento(config: Config): Armazenamento {
  if (config.s3) return new ArmazenamentoS3(config.s3);
  const pasta = path.join(config.dataDir, 'arquivos');
  mkdirSync(pasta, { recursive: true });
  return new ArmazenamentoLocal(pasta);
}

const TIPOS: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
const NAO_ENCONTRADO = { status: 'error', data: 'Arquivo não encontrado.' };

/**
 * Serves uploaded files at /arquivos/<key> (immutable addresses: a new upload gets a new key), each read decided by
 * `decidirLeitura` (acesso-arquivos.ts): public renditions to anyone and to other sites, originals and removed
 * vehicles' files only to the reseller's users and admins (anyone else: 404). Local disk: static files. S3 without
 * S3_URL_PUBLICA: read from the bucket and streamed. S3 with a public address: the bucket (or its CDN) serves the
 * files at that address; this route then serves only the private ones (originals read through the server).
 */
export async function servirArquivos(app: FastifyInstance, op: { armazenamento: Armazenamento; db: Db; segredo: string }) {
  const { armazenamento } = op;
  const decidir = (req: FastifyRequest): Promise<Leitura> => {
    const chave = chaveDoPedido(req.url);
    return chave ? decidirLeitura(op, chave, req.sessao, (req.query as Record<string, unknown>)?.assinatura) : Promise.resolve(null);
  };
  if (armazenamento instanceof ArmazenamentoS3) {
    await armazenamento.conferirBucket();
    app.addHook('onClose', async () => armazenamento.fechar());
  }
  if (armazenamento instanceof ArmazenamentoLocal) {
    // Decided before the static plugin looks at the disk; its headers are set only on a file it found.
    const leituras = new WeakMap<FastifyRequest, Record<string, string>>();
    app.addHook('preHandler', async (req, reply) => {
      const leitura = await decidir(req);
      if (!leitura) return reply.code(404).send(NAO_ENCONTRADO);
      leituras.set(req, leitura);
    });
    await app.register(fastifyStatic, {
      root: armazenamento.raiz,
      prefix: PREFIXO_ARQUIVOS,
      decorateReply: false,
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders(reply) {
        reply.headers(leituras.get(reply.request) ?? {});
      },
    });
    return;
  }
  if (!(armazenamento instanceof ArmazenamentoS3)) return;
  const todos = armazenamento.servidoPeloServidor;
  app.get(`${PREFIXO_ARQUIVOS}*`, { config: { acesso: 'publico' }, schema: { hide: true } }, async (req, reply) => {
    const chave = chaveDoPedido(req.url);
    const leitura = await decidir(req);
    // With S3_URL_PUBLICA the public files live at the bucket's address, not here.
    const aberto = chave && leitura && (todos || !ehPublico(leitura)) ? await armazenamento.abrir(chave) : null;
    if (!chave || !leitura || !aberto) return reply.code(404).send(NAO_ENCONTRADO);
    const extensao = chave.slice(chave.lastIndexOf('.') + 1).toLowerCase();
    reply.headers(leitura).type(aberto.tipo ?? TIPOS[extensao] ?? 'application/octet-stream');
    if (aberto.tamanho !== undefined) reply.header('content-length', aberto.tamanho);
    return reply.send(aberto.corpo);
  });
}
