import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/auth.service.ts';
import { COOKIE_SESSAO, exigirSessao } from '../auth/guardas.ts';
import { type Barramento, podeVerEvento } from './barramento.ts';

const INTERVALO_PULSO_MS = 20_000;

/** `GET /api/eventos`: Server-Sent Events with the changes this session may see. */
export async function eventosRoutes(app: FastifyInstance, op: { barramento: Barramento; auth: AuthService }) {
  app.get(
    '/api/eventos',
    {
      config: { acesso: 'autenticado' },
      schema: {
        tags: ['tempo-real'],
        summary: 'Fluxo SSE de mudanças ({tabela, revenda, id, op}) que a sessão pode ver',
        produces: ['text/event-stream'],
      },
    },
    async (req, reply) => {
      const { usuario } = exigirSessao(req);
      const token = req.cookies[COOKIE_SESSAO] ?? '';
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n: conectado\n\n');

      let encerrado = false;
      const encerrar = () => {
        if (encerrado) return;
        encerrado = true;
        cancelar();
        clearInterval(pulso);
        res.end();
      };
      // A blocked or signed-out user stops receiving at once: check the session when its user changes.
      const conferirSessao = async () => {
        if (!(await op.auth.sessaoDoToken(token).catch(() => null))) {
          res.write('event: sessao-encerrada\ndata: {}\n\n');
          encerrar();
        }
      };
      const cancelar = op.barramento.assinar((e) => {
        if (e.tabela === 'usuarios' && e.id === usuario.id) void conferirSessao();
        if (podeVerEvento(usuario, e)) res.write(`data: ${JSON.stringify(e)}\n\n`);
      });
      const pulso = setInterval(() => {
        res.write(': pulso\n\n');
        void conferirSessao();
      }, INTERVALO_PULSO_MS);
      req.raw.on('close', encerrar);
    },
  );
}
