import pg from 'pg';
import { vi } from 'vitest';
import type { Banco } from '../../src/db/cliente.ts';

/**
 * The SQL statements the application sends to the database driver while `fazer` runs (PGlite's client or the
 * PostgreSQL pool), so a test can say how many queries a request costs. The job runner's own polling (pg-boss) is
 * left out: it runs on its own schedule, not for the request.
 */
export async function consultasDurante(banco: Banco, fazer: () => Promise<unknown>): Promise<string[]> {
  const alvo = (banco.origem.tipo === 'pglite' ? banco.origem.cliente : pg.Pool.prototype) as unknown as {
    query: (...args: unknown[]) => unknown;
  };
  const espiao = vi.spyOn(alvo, 'query');
  try {
    await fazer();
    return espiao.mock.calls
      .map(([q]) => (typeof q === 'string' ? q : String((q as { text?: string } | undefined)?.text ?? '')))
      .filter((texto) => !/pgboss/i.test(texto));
  } finally {
    espiao.mockRestore();
  }
}
