import { describe, expect, it, vi } from 'vitest';
import type { Executor } from './cliente.ts';
import { preparada } from './preparada.ts';

// Stand-ins for drizzle's executors: a session class per driver, its client, and a prepared query that runs on `client`.
class SessaoPg {
  constructor(readonly client: string) {}
}
class SessaoPglite {
  constructor(readonly client: string) {}
}
const executor = (session: object) => ({ _: { session } }) as unknown as Executor;

describe('preparada', () => {
  it('monta uma vez por driver e roda no cliente de quem chama (banco ou transação)', async () => {
    const construir = vi.fn((ex: Executor) => ({
      prepare: (nome: string) => ({
        client: (ex as unknown as { _: { session: { client: string } } })._.session.client,
        async execute(this: { client: string }, valores?: Record<string, unknown>) {
          return [nome, this.client, valores?.id];
        },
      }),
    }));
    const ler = preparada<{ id: number }, unknown[]>('ler', construir);
    expect(await ler(executor(new SessaoPg('pool')), { id: 1 })).toEqual(['ler', 'pool', 1]);
    expect(await ler(executor(new SessaoPg('transacao')), { id: 2 })).toEqual(['ler', 'transacao', 2]);
    // Another driver in the same process (the bench: PGlite, then PostgreSQL) gets its own statement.
    expect(await ler(executor(new SessaoPglite('pglite')), { id: 3 })).toEqual(['ler', 'pglite', 3]);
    expect(construir).toHaveBeenCalledTimes(2);
  });
});
