import type { PadroesPublicacao } from '@intermedio/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { alteradoEm, alteradoPor, criadoPor } from './comum.ts';
import { revendas } from './revendas.ts';

const CANAIS_SQL = sql`('autoline','autoscar','facebook','icarros','instagram','mercadolivre','mobiauto','meucarronovo','olx','webmotors')`;

/**
 * A reseller's configuration of one channel (spec 1 §3, "integracoes"). No row = not configured.
 * `config` holds the plain settings (cnpj, email_webmotors, id_autoscar, page_id, page_name, ...);
 * `segredos` the passwords, codes and tokens, encrypted with SECRET_KEY (never sent to a browser).
 */
export const revendaIntegracoes = pgTable(
  'revenda_integracoes',
  {
    revenda_id: uuid('revenda_id')
      .notNull()
      .references(() => revendas.id, { onDelete: 'cascade' }),
    canal: text('canal').notNull(),
    descricao: text('descricao').notNull(),
    status: boolean('status').notNull().default(false),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    segredos: text('segredos'),
    /** When the channel was last asked (configuration, check or token renewal) and what it answered wrong then. */
    verificado_em: timestamp('verificado_em', { withTimezone: true }),
    ultimo_erro: text('ultimo_erro'),
    /** When the stored tokens / hash must be renewed (null: they do not expire). */
    renovar_em: timestamp('renovar_em', { withTimezone: true }),
    /** A renewal in progress: who holds it and until when (single-use refresh tokens are never spent twice). */
    renovacao_por: text('renovacao_por'),
    renovacao_ate: timestamp('renovacao_ate', { withTimezone: true }),
    created_id: criadoPor(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_id: alteradoPor(),
    updated_at: alteradoEm(),
  },
  (t) => [
    primaryKey({ columns: [t.revenda_id, t.canal] }),
    check('revenda_integracoes_canal_chk', sql`${t.canal} in ${CANAIS_SQL}`),
    index('revenda_integracoes_renovar_em_idx').on(t.renovar_em),
  ],
);

/**
 * A reseller's "Padrões de publicação" for one configured channel (issue 24 item 3): what a bulk publish applies to
 * what the vehicle's data does not map (`padroesPublicacao` of contracts). A table of its own, not a column of
 * `revenda_integracoes`: saving the defaults never touches the configuration record (its version, its events).
 * Only a configured channel has defaults (foreign key to its record).
 */
export const revendaPadroesPublicacao = pgTable(
  'revenda_padroes_publicacao',
  {
    revenda_id: uuid('revenda_id').notNull(),
    canal: text('canal').notNull(),
    padroes: jsonb('padroes').$type<PadroesPublicacao>().notNull().default({}),
    updated_id: alteradoPor(),
    updated_at: alteradoEm(),
  },
  (t) => [
    primaryKey({ columns: [t.revenda_id, t.canal] }),
    foreignKey({
      name: 'revenda_padroes_publicacao_integracao_fk',
      columns: [t.revenda_id, t.canal],
      foreignColumns: [revendaIntegracoes.revenda_id, revendaIntegracoes.canal],
    }).onDelete('cascade'),
  ],
);
