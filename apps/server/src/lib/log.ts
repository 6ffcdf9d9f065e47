import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** Parameters whose value is a credential (query strings, form bodies, text): never written to the log. */
const SEGREDOS = [
  'access_token',
  'client_secret',
  'fb_exchange_token',
  'code',
  'refresh_token',
  'id_token',
  'token',
  'assertion',
  'password',
  'senha',
  'state',
  // A signed original's address (midia/acesso-arquivos.ts): whoever has it reads the file.
  'assinatura',
];
const OCULTO = '[oculto]';
const EM_URL = new RegExp(`(^|[?&#;\\s])(${SEGREDOS.join('|')})=[^&#\\s"']*`, 'gi');
const EM_JSON = new RegExp(`("(?:${SEGREDOS.join('|')})"\\s*:\\s*)"[^"]*"`, 'gi');
/** A password-reset link carries its token in the path (the page and the API that checks it). */
const EM_CAMINHO = /(\/(?:redefinir-senha|api\/senha\/redefinicao)\/)[^/?#\s"']+/g;

/** The text with the value of every credential parameter (`?code=…`, `"senha":"…"`, a reset link's token) replaced. */
export const semSegredos = (texto: string) =>
  texto.replace(EM_URL, `$1$2=${OCULTO}`).replace(EM_JSON, `$1"${OCULTO}"`).replace(EM_CAMINHO, `$1${OCULTO}`);

type Destino = { write(linha: string): void };

/**
 * The server's logger: LOG_LEVEL, request lines only at `debug` (ControleLog), and no credential at
 * any level: request URLs and error texts pass through semSegredos, credential fields of logged objects are censored.
 */
export function opcoesLog(nivel: string, destino?: Destino): FastifyServerOptions['logger'] {
  return {
    level: nivel,
    ...(destino ? { stream: destino } : {}),
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: semSegredos(req.url), host: req.host, remoteAddress: req.ip }),
      err: (e: Error & { code?: string; statusCode?: number }) => ({
        type: e.constructor?.name ?? 'Error',
        message: semSegredos(String(e.message)),
        stack: semSegredos(String(e.stack ?? '')),
        ...(e.code ? { code: e.code } : {}),
        ...(e.statusCode ? { statusCode: e.statusCode } : {}),
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        ...['password', 'senha', 'client_secret', 'access_token', 'refresh_token', 'fb_exchange_token'].flatMap((c) => [c, `*.${c}`]),
      ],
      censor: OCULTO,
    },
    hooks: {
      // Plain messages too (`app.log.warn(texto)`): a channel's answer quoted in a warning may carry a URL.
      logMethod(argumentos: unknown[], metodo: (...a: unknown[]) => void) {
        metodo.apply(
          this,
          argumentos.map((a) => (typeof a === 'string' ? semSegredos(a) : a)),
        );
      },
    },
  };
}

/**
 * Request lines: one per request, at `debug` (Fastify writes two at `info`), so the console of `npm start` keeps to its
 * banner, warnings and errors; a request that errored stays at `error`.
 */
export class ControleLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(erro: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    if (erro) return super.requestCompleted(erro, req, reply);
    reply.log.debug({ req, res: reply, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
  }
}
