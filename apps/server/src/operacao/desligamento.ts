import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tarefas } from '../tarefas/tarefas.ts';
import type { Instancia } from './instancia.ts';
import { type Checagens, prontidaoRoutes } from './prontidao.ts';

/** SSE clients reconnect after 1 to 3 s (spread, so a drained instance's screens do not all land at once). */
const retrySse = () => 1000 + Math.floor(Math.random() * 2000);

/**
 * The instance's operation plugin (issue 28 items 3 and 4): the phase becomes `pronta` once Fastify is ready,
 * requests in flight are counted for the drain, a response during the drain closes its connection, and
 * `/api/ready` answers from the phase and the checks.
 */
export const operacao = fp(async (app: FastifyInstance, op: { instancia: Instancia; checagens: Checagens }) => {
  app.addHook('onReady', async () => {
    if (op.instancia.fase === 'iniciando') op.instancia.fase = 'pronta';
  });
  app.addHook('onRequest', async (req, reply) => {
    emCurso.set(app, (emCurso.get(app) ?? 0) + 1);
    reply.raw.once('close', () => {
      const n = (emCurso.get(app) ?? 1) - 1;
      emCurso.set(app, n);
      if (n === 0) for (const ok of (aoTerminar.get(app) ?? []).splice(0)) ok();
    });
    // Keep-alive connections end with their current request: the next one goes to another instance.
    if (op.instancia.drenando && !req.raw.httpVersion.startsWith('2')) reply.header('connection', 'close');
  });
  await app.register(prontidaoRoutes, op);
});

const emCurso = new WeakMap<FastifyInstance, number>();
const aoTerminar = new WeakMap<FastifyInstance, (() => void)[]>();

/** Resolves true once no request is in flight, false when `ms` passed first. */
function esperarRequisicoes(app: FastifyInstance, ms: number): Promise<boolean> {
  if (!emCurso.get(app)) return Promise.resolve(true);
  return new Promise((ok) => {
    const tempo = setTimeout(() => ok(false), Math.max(0, ms));
    const lista = aoTerminar.get(app) ?? [];
    aoTerminar.set(app, lista);
    lista.push(() => {
      clearTimeout(tempo);
      ok(true);
    });
  });
}

export type Desligavel = { app: FastifyInstance; instancia: Instancia; tarefas: Tarefas };

/**
 * Graceful shutdown (SIGTERM; docs/desligamento.md): draining (ready → 503), no new connection, SSE clients told to
 * reconnect elsewhere and closed, no new job fetched; requests and channel calls in flight get up to `limiteMs` to
 * finish; the leases still held then are released (another instance takes over at once); pg-boss stopped
 * gracefully, then the app closed (database last). Answers what was left at the limit.
 */
export async function desligar(
  { app, instancia, tarefas }: Desligavel,
  op: { limiteMs: number; log: (m: string) => void },
): Promise<{ requisicoesNoLimite: boolean; leasesLiberados: number }> {
  const ate = Date.now() + op.limiteMs;
  instancia.fase = 'drenando';
  if (app.server.listening) {
    app.server.close(); // no new connection; Fastify's close below waits for the rest
    app.server.closeIdleConnections();
  }
  instancia.despedirFluxos(retrySse());
  // No new job is fetched from now on (a bulk run claims no new item either); queueing still works for the requests.
  await tarefas.pararTrabalho().catch((e: unknown) => op.log(`desligamento: tarefas: ${String(e)}`));
  const requisicoesTerminaram = await esperarRequisicoes(app, ate - Date.now());
  const chamadasTerminaram = await instancia.leases.esperarVazio(Math.max(0, ate - Date.now()));
  const leasesLiberados = chamadasTerminaram ? 0 : await instancia.leases.liberarTodos(op.log);
  // Running jobs had the same limit: pg-boss waits at most a second more, then hands them back to the queue.
  await tarefas.parar(Math.max(1000, ate - Date.now())).catch((e: unknown) => op.log(`desligamento: tarefas: ${String(e)}`));
  if (app.server.listening || !requisicoesTerminaram) app.server.closeAllConnections();
  await app.close();
  return { requisicoesNoLimite: !requisicoesTerminaram, leasesLiberados };
}

/**
 * main.ts: SIGTERM (and SIGINT) start the graceful shutdown, then exit 0. A second signal, or the limit plus a margin
 * (something hung), exits at once with 1.
 */
export function desligarAoSinal(alvo: Desligavel, op: { limiteMs: number; log: (m: string) => void; sair?: (codigo: number) => void }) {
  const sair = op.sair ?? ((codigo: number) => process.exit(codigo));
  let desligando = false;
  const aoSinal = (sinal: NodeJS.Signals) => {
    if (desligando) {
      op.log(`desligamento: ${sinal} de novo, saindo sem esperar`);
      sair(1);
      return;
    }
    desligando = true;
    op.log(`desligamento: ${sinal} recebido, drenando (até ${Math.round(op.limiteMs / 1000)} s)`);
    setTimeout(() => {
      op.log('desligamento: tempo esgotado, saindo');
      sair(1);
    }, op.limiteMs + 15_000).unref();
    desligar(alvo, op).then(
      () => sair(0),
      (e: unknown) => {
        op.log(`desligamento: ${e instanceof Error ? e.message : String(e)}`);
        sair(1);
      },
    );
  };
  process.on('SIGTERM', aoSinal);
  process.on('SIGINT', aoSinal);
}
