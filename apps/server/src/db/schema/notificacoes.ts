import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { criadoEm, criadoPor, idPrimario } from './comum.ts';
import { revendas } from './revendas.ts';

/** Notification of a reseller; `status` 0 when newly saved, 1 after a complete reminder send. */
export const notificacoes = pgTable(
  'notificacoes',
  {
    id: idPrimario(),
    revenda_id: uuid('revenda_id')
      .notNull()
      .references(() => revendas.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    link: text('link'),
    status: smallint('status').notNull().default(0),
    acesso: text('acesso').notNull(),
    created_id: criadoPor(),
    created_at: criadoEm(),
    /** The last reminder send (a background job): enviando, sucesso or erro, its message and when it ended. */
    lembrete_estado: text('lembrete_estado'),
    lembrete_mensagem: text('lembrete_mensagem'),
    lembrete_em: timestamp('lembrete_em', { withTimezone: true }),
  },
  (t) => [index('notificacoes_revenda_idx').on(t.revenda_id), check('notificacoes_acesso_chk', sql`${t.acesso} in ('todos','gestor')`)],
);
