import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, nosniff, …), worked out once at start: they depend only on the options.
 * (@fastify/helmet built the whole helmet middleware again on every request, ≈ 60 µs — as much as a small list's
 * own SQL takes.) Set on the raw response first thing, as helmet does, so every answer carries them.
 */
export const cabecalhosSeguranca = fp(async (app: FastifyInstance, opcoes: HelmetOptions) => {
  const fixos: [string, string][] = [];
  const coletor = {
    setHeader: (nome: string, valor: unknown) => fixos.push([nome, String(valor)]),
    removeHeader: () => {},
  } as unknown as ServerResponse;
  helmet(opcoes)({} as IncomingMessage, coletor, (erro?: unknown) => {
    if (erro) throw erro;
  });
  app.addHook('onRequest', (_req, reply, feito) => {
    for (const [nome, valor] of fixos) reply.raw.setHeader(nome, valor);
    feito();
  });
});
