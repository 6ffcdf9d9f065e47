import { envelopeErro, type NivelLog, nivelLogEntrada, nivelLogResposta } from '@intermedio/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sucesso } from '../lib/http.ts';

/** The levels SIGUSR2 steps through, from the quietest; after `trace` it comes back to `error`. */
const CICLO: NivelLog[] = ['error', 'warn', 'info', 'debug', 'trace'];

export const proximoNivel = (atual: string): NivelLog => CICLO[(CICLO.indexOf(atual as NivelLog) + 1) % CICLO.length] ?? 'info';

/**
 * `PUT /api/admin/log {nivel}` (admin): this instance's log level from now on, without a restart. Later requests'
 * loggers are children of `app.log` and take its level. Each instance keeps its own: behind a balancer, `kill -USR2`
 * or a call per instance.
 */
export async function nivelLogRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/admin/log',
    {
      config: { acesso: 'admin' },
      schema: {
        tags: ['sistema'],
        summary: 'Muda o nível de log desta instância sem reiniciar',
        body: nivelLogEntrada,
        response: { 200: nivelLogResposta, 400: envelopeErro, 401: envelopeErro, 403: envelopeErro },
      },
    },
    async (req) => {
      const anterior = app.log.level;
      app.log.level = req.body.nivel;
      app.log.warn({ nivel: req.body.nivel, anterior, usuario: req.sessao?.usuario.id }, 'nível de log alterado');
      return sucesso({ nivel: req.body.nivel, anterior });
    },
  );
}

/** SIGUSR2 (main.ts): the next level of CICLO, announced on stderr whatever the new level hides. */
export function nivelPorSinal(app: FastifyInstance) {
  process.on('SIGUSR2', () => {
    const anterior = app.log.level;
    app.log.level = proximoNivel(anterior);
    process.stderr.write(`Nível de log: ${anterior} → ${app.log.level} (SIGUSR2)\n`);
  });
}
