import type { EventoMudanca } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.service.ts';
import { COOKIE_SESSAO, exigirSessao } from '../auth/guardas.ts';
import type { Instancia } from '../operacao/instancia.ts';
import { type Barramento, podeVerEvento } from './barramento.ts';

export const INTERVALO_PULSO_MS = 20_000;
/** At most this many missed events are replayed; beyond it the screen refetches once (`recarregar`). */
export const LIMITE_RECUPERACAO = 1000;

/** Each stream's next heartbeat: 20 s ± 25 %, so 500 streams never check their sessions in one burst. */
export const proximoPulsoMs = (sorteio = Math.random()) => INTERVALO_PULSO_MS * (0.75 + 0.5 * sorteio);

const sequencia = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * `GET /api/eventos`: Server-Sent Events with the changes this session may see. Every change is sent as
 * `id: <seq>` + `data: {tabela, revenda, id, op}`. A reconnecting EventSource sends `Last-Event-ID` (a new
 * one may pass `?ultimo=`): the missed events are replayed from the `eventos` log, or, when they cannot be
 * (pruned, too many), a `recarregar` event tells the screen to refetch once. `conectado` carries the id the
 * screen is up to date with.
 */
export async function eventosRoutes(
  app: FastifyInstance,
  op: { barramento: Barramento; auth: AuthService; instancia?: Pick<Instancia, 'fluxos' | 'drenando'> },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/eventos',
    {
      config: { acesso: 'autenticado' },
      schema: {
        tags: ['tempo-real'],
        summary: 'Fluxo SSE de mudanças (id: seq; data: {tabela, revenda, id, op}) que a sessão pode ver; retoma de Last-Event-ID',
        querystring: z.object({ ultimo: sequencia.optional() }),
        produces: ['text/event-stream'],
      },
    },
    async (req, reply) => {
      const { usuario } = exigirSessao(req);
      const token = req.cookies[COOKIE_SESSAO] ?? '';
      const cabecalho = sequencia.safeParse(req.headers['last-event-id']);
      const desde = cabecalho.success ? cabecalho.data : req.query.ultimo;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');

      let encerrado = false;
      let pulso: ReturnType<typeof setTimeout> | undefined;
      // Graceful shutdown: the screen reconnects after `retryMs`, through the proxy, to another instance.
      const despedir = (retryMs: number) => {
        if (!encerrado) res.write(`retry: ${retryMs}\n\n`);
        encerrar();
        req.raw.socket.end(); // its connection too: the reconnection opens a new one, to another instance
      };
      const encerrar = () => {
        if (encerrado) return;
        encerrado = true;
        op.instancia?.fluxos.delete(despedir);
        cancelar();
        clearTimeout(pulso);
        res.end();
      };
      if (op.instancia?.drenando) {
        res.write('retry: 1000\n\n');
        res.end();
        return;
      }
      op.instancia?.fluxos.add(despedir);
      // A blocked or signed-out user stops receiving at once: check the session when its user changes.
      const conferirSessao = async () => {
        if (encerrado) return;
        if (!(await op.auth.sessaoDoToken(token).catch(() => null))) {
          res.write('event: sessao-encerrada\ndata: {}\n\n');
          encerrar();
        }
      };
      const enviar = (e: EventoMudanca, seq: number) => {
        if (e.tabela === 'usuarios' && e.id === usuario.id) void conferirSessao();
        if (!encerrado && podeVerEvento(usuario, e)) res.write(`id: ${seq}\ndata: ${JSON.stringify(e)}\n\n`);
      };

      // Live events are held while the missed ones are read, so none falls between the two.
      let retidos: [EventoMudanca, number][] | null = [];
      const cancelar = op.barramento.assinar((e, seq) => (retidos ? retidos.push([e, seq]) : enviar(e, seq)));
      req.raw.on('close', encerrar);
      const repetidos = new Set<number>();
      let ate: number;
      const perdidos = desde === undefined ? [] : await op.barramento.depoisDe(desde, LIMITE_RECUPERACAO).catch(() => null);
      if (perdidos === null) {
        res.write('event: recarregar\ndata: {}\n\n');
        ate = await op.barramento.ultimo();
      } else {
        for (const p of perdidos) {
          repetidos.add(p.seq);
          enviar(p.evento, p.seq);
        }
        ate = perdidos.at(-1)?.seq ?? desde ?? (await op.barramento.ultimo());
      }
      if (encerrado) return;
      res.write(`id: ${ate}\nevent: conectado\ndata: {}\n\n`);
      for (const [e, seq] of retidos) if (!repetidos.has(seq)) enviar(e, seq);
      retidos = null;

      const agendarPulso = () => {
        pulso = setTimeout(() => {
          res.write(': pulso\n\n');
          void conferirSessao();
          agendarPulso();
        }, proximoPulsoMs());
      };
      agendarPulso();
    },
  );
}
