import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { alteradoEm, criadoEm, idPrimario } from './comum.ts';
import { revendas } from './revendas.ts';

/**
 * One publication of a banner or sold item to one social target: the idempotency key (item × target).
 * `fase` records how far the Graph calls went (container created, post published), so a retry after a crash or a
 * double click resumes the same publication instead of creating a second post.
 */
export const publicacoesSociais = pgTable(
  'publicacoes_sociais',
  {
    id: idPrimario(),
    revenda_id: uuid('revenda_id')
      .notNull()
      .references(() => revendas.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    item_id: uuid('item_id').notNull(),
    alvo: text('alvo').notNull(),
    fase: text('fase').notNull().default('iniciada'),
    /** Instagram container id, once created. */
    container_id: text('container_id'),
    resultado: jsonb('resultado').$type<Record<string, unknown>>(),
    /** While a request works on it: others wait instead of publishing again; a stale lease (crash) can be taken over. */
    trava_ate: timestamp('trava_ate', { withTimezone: true }),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
  },
  (t) => [
    uniqueIndex('publicacoes_sociais_chave_uq').on(t.tipo, t.item_id, t.alvo),
    check('publicacoes_sociais_tipo_chk', sql`${t.tipo} in ('banner','vendido')`),
    check('publicacoes_sociais_alvo_chk', sql`${t.alvo} in ('ig_stories','ig_feed','fb_feed')`),
  ],
);
