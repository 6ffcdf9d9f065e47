import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { criadoEm } from './comum.ts';
import { usuarios } from './usuarios.ts';

/** Server-side sessions: the cookie holds a random token, the row its SHA-256 (`id`). */
export const sessoes = pgTable(
  'sessoes',
  {
    id: text('id').primaryKey(),
    usuario_id: uuid('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    csrf: text('csrf').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
    created_at: criadoEm(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessoes_usuario_idx').on(t.usuario_id)],
);

/** Single-use password-reset links (the token's SHA-256 is stored). */
export const redefinicoesSenha = pgTable('redefinicoes_senha', {
  id: text('id').primaryKey(),
  usuario_id: uuid('usuario_id')
    .notNull()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  usado_em: timestamp('usado_em', { withTimezone: true }),
  created_at: criadoEm(),
});

/**
 * Attempts counted by the rate limits, one row each: failed sign-ins keyed `par:<e-mail>|<address>`, `email:<e-mail>`,
 * `ip:<address>` or, from a known browser, `disp:<user>.<nonce>` (auth.service.ts); "Esqueci minha senha" requests keyed
 * `senha:<e-mail>` and `senha-ip:<address>` (usuarios.service.ts).
 */
export const tentativasLogin = pgTable(
  'tentativas_login',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chave: text('chave').notNull(),
    created_at: criadoEm(),
  },
  (t) => [index('tentativas_login_chave_idx').on(t.chave, t.created_at)],
);

/**
 * Who did what: sign-ins, deletions, moderation. Moderation validations (acao 'moderacao.validar', entidade 'veiculo'
 * for the vehicle queues, dados.fila) feed the vehicle's timeline (issue 25 item 5).
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuario_id: uuid('usuario_id'),
    acao: text('acao').notNull(),
    entidade: text('entidade'),
    entidade_id: text('entidade_id'),
    dados: jsonb('dados'),
    created_at: criadoEm(),
  },
  (t) => [index('auditoria_criado_idx').on(t.created_at), index('auditoria_entidade_idx').on(t.entidade, t.entidade_id, t.created_at)],
);
