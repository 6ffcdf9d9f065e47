import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { alteradoEm, alteradoPor, criadoEm, criadoPor, idPrimario } from './comum.ts';

const itemCatalogo = () => ({
  id: idPrimario(),
  descricao: text('descricao').notNull(),
  ordenacao: integer('ordenacao').notNull(),
  created_id: criadoPor(),
  updated_id: alteradoPor(),
  created_at: criadoEm(),
  updated_at: alteradoEm(),
});

/** Shared catalogues, listed by ordenacao descending then descricao ascending. */
export const opcionais = pgTable('opcionais', itemCatalogo(), (t) => [index('opcionais_ordem_idx').on(t.ordenacao, t.descricao)]);
export const locaisAnuncio = pgTable('locais_anuncio', itemCatalogo(), (t) => [
  index('locais_anuncio_ordem_idx').on(t.ordenacao, t.descricao),
]);

/** Manual FIPE table: tipo 1 car, 2 motorcycle, 3 truck, 0 others. */
export const fipeManual = pgTable(
  'fipe_manual',
  {
    id: idPrimario(),
    tipo: smallint('tipo').notNull(),
    marca_api: text('marca_api').notNull(),
    modelo_api: text('modelo_api').notNull(),
    versao_api: text('versao_api').notNull(),
    anomod: text('anomod').notNull(),
    created_id: criadoPor(),
    created_at: criadoEm(),
  },
  (t) => [index('fipe_manual_tipo_idx').on(t.tipo, t.marca_api), check('fipe_manual_tipo_chk', sql`${t.tipo} in (0, 1, 2, 3)`)],
);

/** Answers of the vehicle-price lookup, cached per request and reference month. */
export const fipeCache = pgTable(
  'fipe_cache',
  {
    chave: text('chave').primaryKey(),
    referencia: text('referencia').notNull(),
    resposta: jsonb('resposta').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The vehicle list's "vs FIPE" and the dashboard look a vehicle's cached prices up by its FIPE code: without this,
  // every listed vehicle read the whole cache.
  (t) => [index('fipe_cache_codigo_idx').on(sql`(${t.resposta}->>'codeFipe')`)],
);
