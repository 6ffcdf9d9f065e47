import { describe, expect, it } from 'vitest';
import { emGrupo } from '../src/db/em-grupo.ts';

/**
 * The group commit of the OLX webhook and of the bulk job's durable writes (db/em-grupo.ts). On PGlite a write runs on the event loop itself, so
 * a batch must wait for the deliveries already received in this turn of the loop, not start with the first one alone
 * (bench/leads-webhook.ts: 1,000 deliveries made 1,000 INSERTs).
 */
describe('emGrupo', () => {
  it('calls made in the same turn of the event loop are written together, in order, one result each', async () => {
    const lotes: number[][] = [];
    const gravar = emGrupo(async (itens: number[]) => {
      lotes.push(itens);
      return itens.map((i) => i * 10);
    });
    // Each in its own I/O callback of the same turn, as requests parsed from different sockets.
    const rs = await new Promise<Promise<number>[]>((ok) => {
      const ps: Promise<number>[] = [];
      setImmediate(() => ps.push(gravar(1)));
      setImmediate(() => ps.push(gravar(2)));
      setImmediate(() => {
        ps.push(gravar(3));
        ok(ps);
      });
    });
    expect(await Promise.all(rs)).toEqual([10, 20, 30]);
    expect(lotes).toEqual([[1, 2, 3]]);
  });

  it('a call made while a write runs goes to the next batch; a failed write rejects only its own batch', async () => {
    const lotes: number[][] = [];
    let soltar!: () => void;
    const gravar = emGrupo(async (itens: number[]) => {
      lotes.push(itens);
      if (itens[0] === 1) await new Promise<void>((ok) => (soltar = ok));
      if (itens.includes(2)) throw new Error('falhou');
      return itens;
    });
    const p1 = gravar(1);
    await new Promise((ok) => setImmediate(ok));
    const p2 = gravar(2);
    const p3 = gravar(3);
    soltar();
    expect(await p1).toBe(1);
    await expect(p2).rejects.toThrow('falhou');
    await expect(p3).rejects.toThrow('falhou');
    expect(lotes).toEqual([[1], [2, 3]]);
    expect(await gravar(4)).toBe(4);
  });

  it('umPorUm: a batch that fails is tried again one call at a time, so only the entry that broke it fails', async () => {
    const lotes: number[][] = [];
    const gravar = emGrupo(
      async (itens: number[]) => {
        lotes.push(itens);
        if (itens.includes(2)) throw new Error('linha 2 recusada');
        return itens.map((i) => i * 10);
      },
      { umPorUm: true },
    );
    const ps = [gravar(1), gravar(2), gravar(3)];
    const [p1, p2, p3] = await Promise.allSettled(ps);
    expect(p1).toEqual({ status: 'fulfilled', value: 10 });
    expect(p2).toMatchObject({ status: 'rejected', reason: new Error('linha 2 recusada') });
    expect(p3).toEqual({ status: 'fulfilled', value: 30 });
    expect(lotes).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('at most `maximo` calls per write', async () => {
    const lotes: number[][] = [];
    const gravar = emGrupo(
      async (itens: number[]) => {
        lotes.push(itens);
        return itens;
      },
      { maximo: 2 },
    );
    expect(await Promise.all([gravar(1), gravar(2), gravar(3)])).toEqual([1, 2, 3]);
    expect(lotes).toEqual([[1, 2], [3]]);
  });
});
