import pg from 'pg';
import type { Banco } from '../../src/db/cliente.ts';

/**
 * Counts the database transactions the application opens while it runs (tests and bench/publicar-lote.ts): every
 * statement sent outside a transaction is one (autocommit, as PostgreSQL's `xact_commit` counts it), every drizzle
 * `db.transaction` is one however many statements it holds. The job runner's own statements (pg-boss) are left
 * out: they run on their own schedule, not for a request. Works on PGlite (its client's `query` / `transaction`)
 * and PostgreSQL (the pool's `query`, and the `begin` drizzle sends on a pooled client). Plain patching, no vitest,
 * so the bench can use it; `parar()` restores the originals.
 */
export function contarTransacoes(banco: Banco, op: { so?: () => boolean } = {}) {
  const vistas: string[] = [];
  const texto = (q: unknown) => (typeof q === 'string' ? q : String((q as { text?: string } | undefined)?.text ?? ''));
  // `so`: count only what it accepts when the statement is sent (bench/publicar-lote.ts: only inside a request).
  const registrar = (t: string) => {
    if (!/pgboss/i.test(t) && (!op.so || op.so())) vistas.push(t);
  };
  const restaurar: (() => void)[] = [];
  const envolver = <O extends object>(alvo: O, nome: string, antes: (args: unknown[]) => void) => {
    const o = alvo as Record<string, (...a: unknown[]) => unknown>;
    const original = o[nome] as (...a: unknown[]) => unknown;
    const proprio = Object.hasOwn(alvo, nome);
    o[nome] = function (this: unknown, ...args: unknown[]) {
      antes(args);
      return original.apply(this, args);
    };
    restaurar.push(() => {
      if (proprio) o[nome] = original;
      else delete o[nome];
    });
  };
  if (banco.origem.tipo === 'pglite') {
    const cliente = banco.origem.cliente;
    envolver(cliente, 'query', ([q]) => registrar(texto(q)));
    envolver(cliente, 'transaction', () => registrar('transação'));
  } else {
    // The pool's query runs on a pooled client (Client.prototype.query again): only drizzle's `begin` is counted there.
    envolver(pg.Pool.prototype, 'query', ([q]) => registrar(texto(q)));
    envolver(pg.Client.prototype, 'query', ([q]) => {
      if (/^begin\b/i.test(texto(q).trim()) && texto(q).trim().length <= 60) registrar('transação');
    });
  }
  return {
    /** What each transaction counted so far was: a statement's SQL, or 'transação' for a drizzle transaction. */
    vistas: () => [...vistas],
    total: () => vistas.length,
    zerar: () => {
      vistas.length = 0;
    },
    parar: () => {
      for (const r of restaurar.reverse()) r();
    },
  };
}

/** The transactions the application opens while `fazer` runs (see `contarTransacoes`). */
export async function transacoesDurante(banco: Banco, fazer: () => Promise<unknown>): Promise<string[]> {
  const c = contarTransacoes(banco);
  try {
    await fazer();
    return c.vistas();
  } finally {
    c.parar();
  }
}
