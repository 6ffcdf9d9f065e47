import type {
  AcaoLinhaImportacao,
  EstadoImportacao,
  MapeamentoImportacao,
  OrigemImportacao,
  ResultadoLinhaImportacao,
} from '@intermedio/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { alteradoEm, criadoEm, idPrimario } from './comum.ts';
import { revendas } from './revendas.ts';

/**
 * A stock import (issue 27 item 1, modules/importacao): the source's columns, the mapping, its state. Its row changes
 * are the live progress events (`importacoes`); the source rows themselves live in importacao_fontes (no trigger).
 */
export const importacoes = pgTable(
  'importacoes',
  {
    id: idPrimario(),
    revenda_id: uuid('revenda_id')
      .notNull()
      .references(() => revendas.id, { onDelete: 'cascade' }),
    usuario_id: uuid('usuario_id'),
    origem: text('origem').$type<OrigemImportacao>().notNull(),
    nome: text('nome').notNull(),
    estado: text('estado').$type<EstadoImportacao>().notNull().default('rascunho'),
    colunas: jsonb('colunas').$type<string[]>().notNull().default([]),
    total_linhas: integer('total_linhas').notNull().default(0),
    mapeamento: jsonb('mapeamento').$type<MapeamentoImportacao>().notNull().default({}),
    motivo: text('motivo'),
    /** The job's hold on the import: one worker processes its rows, in order. */
    lease_ate: timestamp('lease_ate', { withTimezone: true }),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
    concluida_em: timestamp('concluida_em', { withTimezone: true }),
  },
  (t) => [
    index('importacoes_revenda_idx').on(t.revenda_id, t.created_at),
    check('importacoes_estado_chk', sql`${t.estado} in ('rascunho','importando','concluida','falhou')`),
  ],
);

/** The source's rows (column → text), as read at upload. */
export const importacaoFontes = pgTable('importacao_fontes', {
  importacao_id: uuid('importacao_id')
    .primaryKey()
    .references(() => importacoes.id, { onDelete: 'cascade' }),
  linhas: jsonb('linhas').$type<Record<string, string>[]>().notNull(),
});

/**
 * One source row, stored at confirm with what the preview planned (`acao`, the validated vehicle in `dados`). The job
 * writes `resultado` in the same transaction as the vehicle it creates or changes; photos follow (`fotos_pendentes`).
 */
export const importacaoLinhas = pgTable(
  'importacao_linhas',
  {
    id: idPrimario(),
    importacao_id: uuid('importacao_id')
      .notNull()
      .references(() => importacoes.id, { onDelete: 'cascade' }),
    revenda_id: uuid('revenda_id').notNull(),
    numero: integer('numero').notNull(),
    acao: text('acao').$type<AcaoLinhaImportacao>().notNull(),
    veiculo: text('veiculo').notNull().default(''),
    dados: jsonb('dados').$type<Record<string, unknown> | null>(),
    veiculo_id: uuid('veiculo_id'),
    resultado: text('resultado').$type<ResultadoLinhaImportacao>().notNull().default('aguardando'),
    motivo: text('motivo'),
    fotos: jsonb('fotos').$type<string[]>().notNull().default([]),
    fotos_pendentes: integer('fotos_pendentes').notNull().default(0),
    fotos_falhas: jsonb('fotos_falhas').$type<{ url: string; motivo: string }[]>().notNull().default([]),
    /** Runs that failed on this row with an unexpected error; at LIMITE_TENTATIVAS_LINHA it is given up (importacao.execucao). */
    tentativas: integer('tentativas').notNull().default(0),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
  },
  (t) => [
    uniqueIndex('importacao_linhas_numero_idx').on(t.importacao_id, t.numero),
    check('importacao_linhas_acao_chk', sql`${t.acao} in ('criar','atualizar','ignorar')`),
    check('importacao_linhas_resultado_chk', sql`${t.resultado} in ('aguardando','criado','atualizado','ignorado')`),
  ],
);

/** The mapping a reseller confirmed or previewed, per set of source columns (`chave`: sorted, normalised names). */
export const importacaoMapeamentos = pgTable(
  'importacao_mapeamentos',
  {
    revenda_id: uuid('revenda_id')
      .notNull()
      .references(() => revendas.id, { onDelete: 'cascade' }),
    chave: text('chave').notNull(),
    mapeamento: jsonb('mapeamento').$type<MapeamentoImportacao>().notNull(),
    updated_at: alteradoEm(),
  },
  (t) => [primaryKey({ columns: [t.revenda_id, t.chave] })],
);
