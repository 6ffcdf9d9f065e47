import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Metricas } from './metricas.ts';

/**
 * What a unit of work (a request, a background job) carries down to the code it calls without passing it by hand:
 * its request id (every log line, the jobs it queues), the app's metrics and logger (channel calls are measured and
 * logged where the adapters are called, canais/medicao.ts).
 */
export type Contexto = { idRequisicao: string; metricas: Metricas | null; log: FastifyBaseLogger };

const armazem = new AsyncLocalStorage<Contexto>();

export const contextoAtual = (): Contexto | undefined => armazem.getStore();
export const noContexto = <T>(ctx: Contexto, fn: () => T): T => armazem.run(ctx, fn);
/** Runs `fn` outside any context: what it starts (timers, loops) never inherits the request that happened to start it. */
export const foraDoContexto = <T>(fn: () => T): T => armazem.exit(fn);

export const CABECALHO_ID = 'x-request-id';
/** An incoming id is kept when it is short and plain (a proxy's or a client's UUID, a trace id); otherwise a new one. */
const ID_ACEITO = /^[\w.:-]{1,100}$/;

/** Fastify's `genReqId`: the caller's `x-request-id` when sane, else a new UUID. */
export function gerarIdRequisicao(req: { headers: Record<string, string | string[] | undefined> }): string {
  const dado = req.headers[CABECALHO_ID];
  return typeof dado === 'string' && ID_ACEITO.test(dado) ? dado : randomUUID();
}

/**
 * The first hook of every request: echoes its id in the answer and runs the rest of the request (hooks, handler,
 * what they await) inside its context.
 */
export function contextoPorRequisicao(app: FastifyInstance, metricas: () => Metricas | null) {
  app.addHook('onRequest', (req: FastifyRequest, reply, feito) => {
    reply.header(CABECALHO_ID, req.id);
    armazem.run({ idRequisicao: req.id, metricas: metricas(), log: req.log }, feito);
  });
}
