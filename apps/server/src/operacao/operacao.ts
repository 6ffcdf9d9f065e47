import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Banco } from '../db/cliente.ts';
import { contextoPorRequisicao, gerarIdRequisicao } from './contexto.ts';
import { Metricas, medirRequisicoes, metricasRoutes } from './metricas.ts';
import { nivelLogRoutes } from './nivel-log.ts';

/** Fastify's request id options: a sane incoming `x-request-id` is kept (operacao/contexto.ts). */
export const opcoesIdRequisicao = { requestIdHeader: false as const, genReqId: gerarIdRequisicao };

/**
 * Operating the server (issue 28 items 2 and 5), set up right after Fastify is created: each request's context (its
 * id in the answer and every log line, carried to channel calls and queued jobs) and, with METRICAS_TOKEN, the
 * metrics. `rotas` registers GET /metrics and PUT /api/admin/log once the guards are in place.
 */
export function operacao(app: FastifyInstance, config: Config, fontes: { banco: Banco; sse: () => number }) {
  const metricas = config.metricasToken ? new Metricas(fontes) : null;
  contextoPorRequisicao(app, () => metricas);
  if (metricas) medirRequisicoes(app, metricas);
  return {
    metricas,
    contextoTarefas: () => ({ metricas, log: app.log }),
    async rotas(filas: () => readonly string[]) {
      await app.register(metricasRoutes, { token: config.metricasToken, metricas, filas });
      await app.register(nivelLogRoutes);
    },
  };
}
