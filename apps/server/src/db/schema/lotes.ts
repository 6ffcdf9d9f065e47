import type { AcaoLote, CanalId, EstadoItemLote, EstadoLote } from '@intermedio/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { alteradoEm, criadoEm, idPrimario } from './comum.ts';
import { revendas } from './revendas.ts';
import { veiculos } from './veiculos.ts';

/** A bulk action on the vehicle list (issue 24 item 2, modules/lotes): who asked what, on which channels. */
export const lotes = pgTable(
  'lotes',
  {
    id: idPrimario(),
    revenda_id: uuid('revenda_id')
      .notNull()
      .references(() => revendas.id, { onDelete: 'cascade' }),
    usuario_id: uuid('usuario_id'),
    acao: text('acao').$type<AcaoLote>().notNull(),
    canais: jsonb('canais').$type<CanalId[]>().notNull().default([]),
    estado: text('estado').$type<EstadoLote>().notNull().default('executando'),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
    concluido_em: timestamp('concluido_em', { withTimezone: true }),
  },
  (t) => [
    index('lotes_revenda_idx').on(t.revenda_id, t.created_at),
    check('lotes_acao_chk', sql`${t.acao} in ('publicar','atualizar','retirar','vendido')`),
    check('lotes_estado_chk', sql`${t.estado} in ('executando','concluido','cancelado')`),
  ],
);

/**
 * One vehicle × channel of a batch (one per vehicle for "vendido": `canal` null). Claimed by a worker with a lease
 * (`lease_ate`), so two instances never run the same item and a crashed worker's item is taken again once its lease
 * runs out; `proxima_em` is the back-off after a 429 / no answer.
 */
export const loteItens = pgTable(
  'lote_itens',
  {
    id: idPrimario(),
    lote_id: uuid('lote_id')
      .notNull()
      .references(() => lotes.id, { onDelete: 'cascade' }),
    revenda_id: uuid('revenda_id').notNull(),
    veiculo_id: uuid('veiculo_id')
      .notNull()
      .references(() => veiculos.id, { onDelete: 'cascade' }),
    canal: text('canal').$type<CanalId>(),
    estado: text('estado').$type<EstadoItemLote>().notNull().default('aguardando'),
    motivo: text('motivo'),
    revisao: jsonb('revisao').$type<string[]>().notNull().default([]),
    tentativas: integer('tentativas').notNull().default(0),
    lease_ate: timestamp('lease_ate', { withTimezone: true }),
    proxima_em: timestamp('proxima_em', { withTimezone: true }),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
  },
  (t) => [
    index('lote_itens_lote_idx').on(t.lote_id),
    index('lote_itens_abertos_idx').on(t.proxima_em).where(sql`${t.estado} in ('aguardando','enviando')`),
    check('lote_itens_estado_chk', sql`${t.estado} in ('aguardando','enviando','publicado','feito','falhou','revisao','cancelado')`),
  ],
);
