import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { alteradoEm, alteradoPor, criadoEm, criadoPor, idPrimario, sqlChaveOrdenacao } from './comum.ts';
import { revendas } from './revendas.ts';

/** User (spec 1 §3). `revenda_id` is the spec's `revenda`; `email` is unique in lower case. */
export const usuarios = pgTable(
  'usuarios',
  {
    id: idPrimario(),
    email: text('email').notNull(),
    nome: text('nome').notNull(),
    role: text('role').notNull(),
    revenda_id: uuid('revenda_id').references(() => revendas.id, { onDelete: 'cascade' }),
    ativo: smallint('ativo').notNull().default(1),
    /** Set when blocking all of the reseller's users turned this active user off: unblocking turns back only these. */
    bloqueado_com_revenda: boolean('bloqueado_com_revenda').notNull().default(false),
    empresa: text('empresa'),
    telefone1: text('telefone1'),
    telefone2: text('telefone2'),
    push_token: text('push_token'),
    push_data: jsonb('push_data'),
    senha_hash: text('senha_hash').notNull(),
    created_id: criadoPor(),
    updated_id: alteradoPor(),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
    nome_ordenacao: text('nome_ordenacao').generatedAlwaysAs(sqlChaveOrdenacao('nome')),
  },
  (t) => [
    uniqueIndex('usuarios_email_uq').on(t.email),
    // (revenda_id, ativo) also covers the reseller list's per-reseller counts (index-only scan).
    index('usuarios_revenda_idx').on(t.revenda_id, t.ativo),
    index('usuarios_lista_idx').on(t.revenda_id, sql`${t.nome_ordenacao} collate "C"`, t.id),
    check('usuarios_role_chk', sql`${t.role} in ('admin','gestor','client')`),
    check('usuarios_ativo_chk', sql`${t.ativo} in (0, 1)`),
    check('usuarios_email_minusculo_chk', sql`${t.email} = lower(${t.email})`),
    check('usuarios_revenda_chk', sql`${t.role} = 'admin' or ${t.revenda_id} is not null`),
  ],
);
