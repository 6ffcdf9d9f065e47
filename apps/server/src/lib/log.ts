import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { contextoAtual } from '../operacao/contexto.ts';

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
  'senha_atual',
  'nova_senha',
  'api_key',
  'apikey',
  'client_assertion',
  'state',
  // A signed original's address (midia/acesso-arquivos.ts): whoever has it reads the file.
  'assinatura',
];
const OCULTO = '[oculto]';
const EM_URL = new RegExp(`(^|[?&#;\\s])(${SEGREDOS.join('|')})=[^&#\\s"']*`, 'gi');
const EM_JSON = new RegExp(`("(?:${SEGREDOS.join('|')})"\\s*:\\s*)"[^"]*"`, 'gi');
/** A password-reset link carries its token in the path (the page and the API that checks it). */
const EM_CAMINHO = /(\/(?:redefinir-senha|api\/senha\/redefinicao)\/)[^/?#\s"']+/g;
/**
 * A token or authorisation endpoint (`…/oauth/token`, `…/access_token`, `…/oauth2/authorize`, `…/auth/oauth`): its
 * whole query string is hidden, whatever the parameters are called (a channel may name its secret `fb_exchange_token`,
 * `assertion`, `key`…).
 */
const EM_ENDPOINT_TOKEN = /(\/[^\s?#"']*(?:token|oauth2?|authorize)[^\s/?#"']*)\?[^#\s"']*/gi;

/**
 * The text with the value of every credential parameter (`?code=…`, `"senha":"…"`, a reset link's token) and the
 * query string of token endpoints replaced.
 */
export const semSegredos = (texto: string) =>
  texto
    .replace(EM_ENDPOINT_TOKEN, `$1?${OCULTO}`)
    .replace(EM_URL, `$1$2=${OCULTO}`)
    .replace(EM_JSON, `$1"${OCULTO}"`)
    .replace(EM_CAMINHO, `$1${OCULTO}`);

/** Fields whose value is a credential wherever they appear in a logged object (up to three levels deep). */
const CAMPOS_SECRETOS = [
  'password',
  'senha',
  'senha_atual',
  'nova_senha',
  'token',
  'client_secret',
  'access_token',
  'refresh_token',
  'id_token',
  'fb_exchange_token',
  'api_key',
  'apikey',
  'segredos',
  'authorization',
  'cookie',
];

type Destino = { write(linha: string): void };

/**
 * The server's logger: LOG_LEVEL, request lines only at `debug` (ControleLog), and no credential at
 * any level: request URLs and error texts pass through semSegredos, credential fields of logged objects are censored.
 */
export function opcoesLog(nivel: string, destino?: Destino): FastifyServerOptions['logger'] {
  return {
    level: nivel,
    ...(destino ? { stream: destino } : {}),
    // The request id of the request or job this line belongs to (operacao/contexto.ts), on lines written through
    // `app.log` too; a request's own logger already carries it (Fastify's `reqId` binding).
    mixin(_objeto: object, _nivel: number, logger: { bindings?: () => Record<string, unknown> }) {
      const id = contextoAtual()?.idRequisicao;
      return id && !logger.bindings?.().reqId ? { reqId: id } : {};
    },
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
        'req.headers["x-api-key"]',
        ...CAMPOS_SECRETOS.flatMap((c) => [c, `*.${c}`, `*.*.${c}`]),
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
