import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * When each upkeep task of the database last ran to its end (db/manutencao.ts). The embedded PGlite keeps no
 * statistics across restarts (pg_stat_user_tables.last_vacuum is empty after a reopen), so the record is ours: an
 * install switched off at night, when the nightly VACUUM is scheduled, gets it a while after its next start instead.
 */
export const manutencoes = pgTable('manutencoes', {
  nome: text('nome').primaryKey(),
  feita_em: timestamp('feita_em', { withTimezone: true }).notNull(),
});
