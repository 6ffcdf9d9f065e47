import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('notificacoes_revenda_idx').on(t.revenda_id), check('notificacoes_acesso_chk', sql`${t.acesso} in ('todos','gestor')`)],
);
