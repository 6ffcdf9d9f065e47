import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Optimistic lock on `updated_at` (issue 10 item 6). A change form carries the `updated_at` it read (`versao`, an
 * ISO string with milliseconds); the UPDATE matches it in its WHERE, so of many saves from one snapshot exactly one
 * matches and the others change nothing (409). Compared at millisecond precision: what JSON carries.
 */
export const naVersao = (coluna: AnyColumn, versao: string): SQL => sql`date_trunc('milliseconds', ${coluna}) = ${versao}::timestamptz`;

/** The next version: now, and always later than the one replaced (two saves in one millisecond stay distinct). */
export const novaVersao = (coluna: AnyColumn): SQL =>
  sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${coluna}) + interval '1 millisecond')`;
