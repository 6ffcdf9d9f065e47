import { z } from 'zod';
import { envelopeSucesso } from './comum.ts';

/** The server's log levels (pino), from the quietest; `silent` writes nothing. */
export const NIVEIS_LOG = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type NivelLog = (typeof NIVEIS_LOG)[number];

/** `PUT /api/admin/log`: the log level of the instance that answers, until the next change or restart. */
export const nivelLogEntrada = z.object({
  nivel: z.enum(NIVEIS_LOG, { error: `Nível de log inválido: use ${NIVEIS_LOG.join(', ')}.` }),
});
export const nivelLogResposta = envelopeSucesso(z.object({ nivel: z.enum(NIVEIS_LOG), anterior: z.string() }));
