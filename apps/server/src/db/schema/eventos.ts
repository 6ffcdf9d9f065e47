import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Log of the change events (ADR 0001), written by the same triggers that NOTIFY. `seq` is the SSE event id:
 * a reconnecting screen sends the last one it saw (`Last-Event-ID`) and gets what it missed, on any server
 * process. Pruned periodically (see tempo-real/eventos.repository.ts).
 */
export const eventos = pgTable(
  'eventos',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    tabela: text('tabela').notNull(),
    revenda: text('revenda'),
    id: text('id'),
    op: text('op').notNull(),
    criado_em: timestamp('criado_em', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('eventos_criado_em_idx').on(t.criado_em)],
);
