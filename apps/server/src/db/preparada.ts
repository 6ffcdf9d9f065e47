import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Executor } from './cliente.ts';

type Preparavel<R> = { prepare(nome: string): { execute(valores?: Record<string, unknown>): Promise<R> } };

/**
 * A hot statement built by drizzle once (its text, its `sql.placeholder` parameters and how its rows map) and run on
 * any executor, the database or a transaction, under `nome`: node-postgres prepares it once per connection
 * (PostgreSQL neither parses nor plans it again) and drizzle does not rebuild its text on every call, which was most
 * of the CPU a bulk item spends besides the channel call (docs/lotes.md). PGlite ignores the name.
 * drizzle binds a prepared statement to the session it was built on; both drivers' prepared queries run on their
 * `client`, so a call on another executor (a transaction's pooled client, PGlite's transaction) takes its session's.
 * Test: lotes.test "montadas uma vez".
 */
export function preparada<V extends Record<string, unknown>, R>(nome: string, construir: (db: Executor) => Preparavel<R>) {
  // One per driver (its session's class): a process may hold both (the bench measures PGlite, then PostgreSQL).
  const porDriver = new Map<unknown, ReturnType<Preparavel<R>['prepare']>>();
  return (ex: Executor, valores: V): Promise<R> => {
    const { session } = (ex as unknown as { _: { session: { client: unknown } } })._;
    let base = porDriver.get(session.constructor);
    if (!base) {
      base = construir(ex).prepare(nome);
      porDriver.set(session.constructor, base);
    }
    const consulta = Object.create(base) as typeof base & { client: unknown };
    consulta.client = session.client;
    return consulta.execute(valores);
  };
}

/**
 * `preparada` for a statement drizzle's builders cannot express (a data-modifying statement over a CTE), written with
 * `sql` and `sql.placeholder`: its rows come back as the driver gives them (column names as written, timestamps as
 * text), so keep its RETURNING to plain values.
 */
export function preparadaSql<V extends Record<string, unknown>, L>(nome: string, consulta: SQL) {
  const texto = new PgDialect().sqlToQuery(consulta);
  const executar = preparada<V, { rows: L[] }>(nome, (ex) => ({
    prepare: (n) =>
      (ex as unknown as { _: { session: PgSession } })._.session.prepareQuery(texto, undefined, n, false) as unknown as {
        execute(valores?: Record<string, unknown>): Promise<{ rows: L[] }>;
      },
  }));
  return async (ex: Executor, valores: V) => (await executar(ex, valores)).rows;
}
