import { envelopeErro } from '@intermedio/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErroHttp } from '../lib/http.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload route: its body gets the no-progress time-out and counts against the per-user cap (envios-em-curso.ts). */
    envio?: boolean;
  }
  interface FastifyInstance {
    /** Uploads of this user open right now (tests wait on it). */
    enviosEmCurso: (idUsuario: string) => number;
  }
}

/** Uploads one user may have open at once (the panel sends at most three photos at a time per picker). */
export const ENVIOS_SIMULTANEOS_POR_USUARIO = 6;

export const MENSAGENS_ENVIO_EM_CURSO = {
  tempoEsgotado: 'O envio demorou demais e foi interrompido. Tente de novo.',
  muitosEnvios: 'Muitos envios ao mesmo tempo. Aguarde os envios em andamento terminarem e tente de novo.',
} as const;

/** The error answers of an upload route, for its response schema (408 and 429 come from here). */
export const ERROS_DE_ENVIO = {
  400: envelopeErro,
  401: envelopeErro,
  403: envelopeErro,
  404: envelopeErro,
  408: envelopeErro,
  413: envelopeErro,
  429: envelopeErro,
} as const;

/**
 * Upload routes (`config.envio`), issue 23 item 3:
 * - a body that receives no byte for `semProgressoMs` is cut: 408 with a Portuguese message, connection closed. It is
 *   a time without progress, not a total: a large video on a slow link still arrives, a stalled one does not hold its
 *   socket, memory and slot forever. The error reaches whoever reads the body (multipart or JSON), which fails with
 *   it, so the route removes its temporary files as for any failed upload;
 * - at most ENVIOS_SIMULTANEOS_POR_USUARIO uploads per signed-in user at once in this process (429 beyond that). A
 *   slot is taken before the body is read and given back when the response ends or the connection closes.
 */
export const enviosEmCurso = fp(async (app: FastifyInstance, op: { semProgressoMs: number; porUsuario?: number }) => {
  const maximo = op.porUsuario ?? ENVIOS_SIMULTANEOS_POR_USUARIO;
  const abertos = new Map<string, number>();
  app.decorate('enviosEmCurso', (idUsuario: string) => abertos.get(idUsuario) ?? 0);

  app.addHook('preParsing', async (req, reply, payload) => {
    if (!req.routeOptions.config?.envio) return payload;
    vigiarCorpo(req, reply, op.semProgressoMs);
    const id = req.sessao?.usuario.id;
    if (!id) return payload; // every upload route requires a session: the guard has answered already
    // Its client left while the session was checked: the response's 'close' is past, a slot taken now is never given back.
    if (req.raw.destroyed) return payload;
    const n = abertos.get(id) ?? 0;
    if (n >= maximo) {
      reply.header('connection', 'close'); // the rest of the refused body is not waited for
      throw new ErroHttp(429, MENSAGENS_ENVIO_EM_CURSO.muitosEnvios);
    }
    abertos.set(id, n + 1);
    reply.raw.once('close', () => {
      const resta = (abertos.get(id) ?? 1) - 1;
      if (resta > 0) abertos.set(id, resta);
      else abertos.delete(id);
    });
    return payload;
  });
});

/** Watches the bytes the socket receives until the body is complete; cuts the request after `ms` without any. */
function vigiarCorpo(req: FastifyRequest, reply: FastifyReply, ms: number) {
  const socket = req.raw.socket;
  // app.inject's requests have no real socket (nothing to count, nothing to close) and never stall.
  if (req.raw.complete || typeof socket?.bytesRead !== 'number') return;
  let lidos = socket.bytesRead;
  let desde = Date.now();
  // A kept-alive socket carries many requests: the watch leaves nothing on it once its request is read.
  const parar = () => {
    clearInterval(relogio);
    socket.off('close', parar);
    req.raw.off('end', parar);
  };
  const relogio = setInterval(
    () => {
      if (req.raw.complete || socket.destroyed) return parar();
      if (socket.bytesRead !== lidos) {
        lidos = socket.bytesRead;
        desde = Date.now();
        return;
      }
      if (Date.now() - desde < ms) return;
      parar();
      esgotarTempo(req, reply);
    },
    Math.max(50, Math.min(1000, ms / 4)),
  );
  relogio.unref();
  socket.once('close', parar);
  req.raw.once('end', parar);
}

function esgotarTempo(req: FastifyRequest, reply: FastifyReply) {
  req.log.info('envio sem progresso: interrompido');
  // Answered (a refusal while the body still came): nothing left to say, the socket is just closed.
  if (reply.sent) {
    req.raw.socket?.destroy();
    return;
  }
  reply.header('connection', 'close');
  const erro = new ErroHttp(408, MENSAGENS_ENVIO_EM_CURSO.tempoEsgotado);
  // A reader of the body (busboy, Fastify's JSON reader) listens: it fails with the error, the route's own cleanup
  // runs and the error handler answers it.
  if (req.raw.listenerCount('error') > 0) req.raw.emit('error', erro);
  else reply.code(408).send({ status: 'error', data: erro.message });
}
