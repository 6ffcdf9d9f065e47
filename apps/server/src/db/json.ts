import { type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './cliente.ts';

/**
 * A list answer built by the database (issue 18): the rows of `consulta` as ONE JSON array text, so the server
 * neither decodes thousands of rows into objects nor stringifies them again — for a 2,000-row list that work was
 * most of the API's time over its SQL. Every selected expression needs a name (`.as('campo')`): it becomes the
 * key. json_agg keeps the order of the sorted subquery (PostgreSQL aggregates a subquery's rows in its output order).
 */
export async function linhasEmJson(db: Executor, consulta: SQLWrapper): Promise<string> {
  const r = await db.execute(sql`select coalesce(json_agg(t), '[]'::json)::text as j from (${consulta}) t`);
  // Both drivers (node-postgres, PGlite) answer `{ rows }`; drizzle types `execute` per driver.
  return (r as unknown as { rows: { j: string }[] }).rows[0]?.j ?? '[]';
}

/**
 * A timestamptz column as the same text as Date.prototype.toISOString (UTC, milliseconds), named after the column:
 * straight from the database, no Date objects built and formatted again for every row.
 */
export const textoIso = (coluna: PgColumn, nome: string = coluna.name) =>
  sql<string>`to_char(${coluna} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(nome);
