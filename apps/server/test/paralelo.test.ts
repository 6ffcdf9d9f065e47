import { describe, expect, it } from 'vitest';
import { comVez } from '../src/lib/paralelo.ts';

describe('comVez', () => {
  it('no more than `limite` at once; the others run in the order they asked, and an error gives its turn back', async () => {
    const vez = comVez(2);
    let emCurso = 0;
    let pico = 0;
    const ordem: number[] = [];
    const soltar: (() => void)[] = [];
    const tarefa = (n: number) =>
      vez(async () => {
        emCurso++;
        pico = Math.max(pico, emCurso);
        ordem.push(n);
        await new Promise<void>((ok) => soltar.push(ok));
        emCurso--;
        if (n === 2) throw new Error('recusado');
        return n;
      });
    const ps = [1, 2, 3, 4, 5].map(tarefa);
    const fim = Promise.allSettled(ps);
    while (ordem.length < 5 || soltar.length) {
      await new Promise((ok) => setImmediate(ok));
      soltar.shift()?.();
    }
    const rs = await fim;
    expect(pico).toBe(2);
    expect(ordem).toEqual([1, 2, 3, 4, 5]);
    expect(rs.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    // Free again: a new call runs at once.
    expect(await vez(async () => 'já')).toBe('já');
  });
});
