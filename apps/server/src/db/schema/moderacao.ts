import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { alteradoEm, criadoEm, idPrimario } from './comum.ts';
import { revendas } from './revendas.ts';

/**
 * Moderation queues (spec 2 §3): one row per entry of incluidos, vendidos, alterados, removidos or banners.
 * An admin validates an entry by deleting it. `dados` keeps the vehicle snapshot shown for removed vehicles.
 */
export const moderacao = pgTable(
  'moderacao',
  {
    id: idPrimario(),
    fila: text('fila').notNull(),
    revenda_id: uuid('revenda_id')
      .notNull()
      .references(() => revendas.id, { onDelete: 'cascade' }),
    veiculo_id: uuid('veiculo_id'),
    banner_id: uuid('banner_id'),
    vendido_id: uuid('vendido_id'),
    revenda: text('revenda').notNull(),
    logo_revenda: text('logo_revenda'),
    vedataremovido: timestamp('vedataremovido', { withTimezone: true }),
    dados: jsonb('dados').$type<Record<string, unknown>>().notNull().default({}),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
  },
  (t) => [
    index('moderacao_fila_idx').on(t.fila, t.created_at),
    check('moderacao_fila_chk', sql`${t.fila} in ('incluidos','vendidos','alterados','removidos','banners')`),
  ],
);
