import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
