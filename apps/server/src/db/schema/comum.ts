import { ORDENACAO_ACENTOS_DE, ORDENACAO_ACENTOS_PARA } from '@intermedio/contracts';
import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

export const idPrimario = () => uuid('id').primaryKey().defaultRandom();
export const criadoEm = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const alteradoEm = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Who created / last changed a row (a user id; null when done by the system). */
export const criadoPor = () => uuid('created_id');
export const alteradoPor = () => uuid('updated_id');

/** The lists' name sort key (contracts' `chaveOrdenacao`): accents removed, lower case; compared with collation "C". */
export const sqlChaveOrdenacao = (coluna: string) =>
  sql.raw(`lower(translate(${coluna}, '${ORDENACAO_ACENTOS_DE}', '${ORDENACAO_ACENTOS_PARA}'))`);
