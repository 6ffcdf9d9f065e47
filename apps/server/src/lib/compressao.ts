import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type ZlibOptions } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this, compressing costs more than it saves. */
const MINIMO_BYTES = 1024;
/**
 * Below this the work is a few hundredths of a millisecond: done in place, since handing it to libuv's thread pool
 * and back costs more than that (≈ 0.05 ms, more on a busy machine).
 */
const NO_LUGAR_BYTES = 16 * 1024;
/**
 * gzip: from this size on, the fastest level (on a list of thousands of rows the compression was most of what the API
 * added to its SQL). Brotli needs no such split: on the lists' JSON its quality 1 takes about half the time of gzip
 * level 1 at every size, for about as many bytes as gzip's default level (~8 % fewer than level 1).
 */
const GRANDE_BYTES = 64 * 1024;

type Codificacao = 'br' | 'gzip';

/** The encoding to answer with: brotli when the client accepts it (browsers do over HTTPS), else gzip, else none. */
export function escolherCodificacao(aceita: string | undefined): Codificacao | null {
  if (!aceita) return null;
  const aceitas = new Set<string>();
  for (const item of aceita.split(',')) {
    const [nome = '', ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) aceitas.add(nome.trim());
  }
  if (aceitas.has('br')) return 'br';
  if (aceitas.has('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses `corpo` for `codificacao`: in place when small, on the thread pool otherwise (a large answer does not
 * hold other requests up). The output chunk is sized for the whole answer, so a large one comes back in one piece
 * instead of one hop between threads per 16 KiB.
 */
export function comprimir(corpo: Buffer, codificacao: Codificacao): Buffer | Promise<Buffer> {
  const pedaco = { chunkSize: Math.max(16 * 1024, Math.min(corpo.length >> 2, 4 * 1024 * 1024)) } satisfies ZlibOptions;
  if (codificacao === 'br') {
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: 1,
      [constants.BROTLI_PARAM_SIZE_HINT]: corpo.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    };
    return corpo.length < NO_LUGAR_BYTES ? brotliCompressSync(corpo, { params }) : brotliAsync(corpo, { ...pedaco, params });
  }
  const level = corpo.length >= GRANDE_BYTES ? constants.Z_BEST_SPEED : constants.Z_DEFAULT_COMPRESSION;
  return corpo.length < NO_LUGAR_BYTES ? gzipSync(corpo, { level }) : gzipAsync(corpo, { ...pedaco, level });
}

/**
 * Compression of JSON answers when the client accepts it: a 4,000-row list goes from ~2 MB to ~190 KB. Streams
 * (SSE, files) are left alone. The answer is encoded to UTF-8 once (a large list's text arrives as one string).
 */
export const compressao = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // A string's length never exceeds its UTF-8 size: shorter than the minimum in characters is shorter in bytes too.
    if (payload.length < MINIMO_BYTES / 3) return payload;
    // Already encoded by its route (the site feed keeps its compressed bodies).
    if (reply.getHeader('content-encoding')) return payload;
    const tipo = reply.getHeader('content-type');
    if (typeof tipo !== 'string' || !tipo.startsWith('application/json')) return payload;
    const corpo = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (corpo.length < MINIMO_BYTES) return corpo;
    reply.header('vary', 'accept-encoding');
    const codificacao = escolherCodificacao(req.headers['accept-encoding']);
    if (!codificacao) return corpo;
    reply.header('content-encoding', codificacao);
    reply.removeHeader('content-length');
    return comprimir(corpo, codificacao);
  });
});
