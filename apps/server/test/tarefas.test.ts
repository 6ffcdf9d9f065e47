import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banco } from '../src/db/cliente.ts';
import { Tarefas } from '../src/tarefas/tarefas.ts';
import { novoBanco } from './ajuda/ambiente.ts';

let banco: Banco;
let descartar: () => Promise<void>;
let tarefas: Tarefas;
const recebidos: { n: number }[] = [];
let falhasRestantes = 1;

beforeAll(async () => {
  ({ banco, descartar } = await novoBanco());
  tarefas = new Tarefas(banco, { log: () => {}, intervaloSegundos: 0.5 });
  tarefas.registrar<{ n: number }>({
    nome: 'teste-eco',
    executar: async (d) => {
      recebidos.push(d);
    },
  });
  tarefas.registrar<{ n: number }>({
    nome: 'teste-instavel',
    tentativas: 1,
    atrasoSegundos: 1,
    executar: async () => {
      if (falhasRestantes-- > 0) throw new Error('falha passageira');
    },
  });
  tarefas.registrar<{ n: number }>({ nome: 'teste-unica', unica: true, executar: async () => {} });
  tarefas.registrar({ nome: 'teste-periodica', agenda: '*/10 * * * *', executar: async () => {} });
  await tarefas.iniciar();
});
afterAll(async () => {
  await tarefas.parar();
  await descartar();
});

async function esperar(cond: () => boolean | Promise<boolean>, ms = 15_000) {
  const limite = Date.now() + ms;
  while (Date.now() < limite) {
    if (await cond()) return;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`condição não atingida em ${ms} ms`);
}

describe(`background jobs (pg-boss) on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('runs every queued job once, in the worker', async () => {
    const ids = await Promise.all([1, 2, 3].map((n) => tarefas.enviar('teste-eco', { n })));
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    await esperar(() => recebidos.length === 3);
    expect(recebidos.map((r) => r.n).sort()).toEqual([1, 2, 3]);
    await esperar(async () => (await tarefas.estado('teste-eco', ids[0] as string)) === 'completed');
  });

  it('retries a job that failed', async () => {
    const id = (await tarefas.enviar('teste-instavel', { n: 1 })) as string;
    await esperar(async () => (await tarefas.estado('teste-instavel', id)) === 'completed');
    expect(falhasRestantes).toBeLessThan(0);
  });

  it('keeps one pending job per unique key', async () => {
    const depoisDe = new Date(Date.now() + 60_000);
    const primeiro = await tarefas.enviar('teste-unica', { n: 9 }, { chaveUnica: 'k', depoisDe });
    const repetido = await tarefas.enviar('teste-unica', { n: 9 }, { chaveUnica: 'k', depoisDe });
    const outraChave = await tarefas.enviar('teste-unica', { n: 9 }, { chaveUnica: 'j', depoisDe });
    expect(primeiro).toEqual(expect.any(String));
    expect(repetido).toBeNull();
    expect(outraChave).toEqual(expect.any(String));
  });

  it('holds the periodic schedule and refuses unknown or late registrations', async () => {
    expect(await tarefas.agendas()).toEqual([{ nome: 'teste-periodica', cron: '*/10 * * * *' }]);
    await expect(tarefas.enviar('nao-existe', {})).rejects.toThrow('Tarefa desconhecida');
    expect(() => tarefas.registrar({ nome: 'tarde', executar: async () => {} })).toThrow('depois do início');
  });
});

describe('a queue’s options changed in the code reach an install that has the queue already', () => {
  it('a queue created as standard that became `unica` keeps one pending job after the next start', async () => {
    const outro = await novoBanco();
    const registrar = (t: Tarefas, unica: boolean) => t.registrar({ nome: 'teste-mudou', unica, executar: async () => {} });
    const antiga = new Tarefas(outro.banco, { log: () => {} });
    registrar(antiga, false);
    const nova = new Tarefas(outro.banco, { log: () => {} });
    registrar(nova, true);
    try {
      await antiga.iniciar();
      await antiga.parar();
      await nova.iniciar();
      const depoisDe = new Date(Date.now() + 60_000);
      expect(await nova.enviar('teste-mudou', {}, { depoisDe })).toEqual(expect.any(String));
      expect(await nova.enviar('teste-mudou', {}, { depoisDe })).toBeNull();
    } finally {
      await nova.parar();
      await outro.descartar();
    }
  }, 60_000);
});

describe('a job queued here is fetched at once, not at the next poll', () => {
  it('with a 60 s polling interval, a job sent after the first poll runs within seconds', async () => {
    const outro = await novoBanco();
    const lenta = new Tarefas(outro.banco, { log: () => {}, intervaloSegundos: 60 });
    const feitos: number[] = [];
    lenta.registrar<{ n: number }>({ nome: 'teste-acordar', executar: async (d) => void feitos.push(d.n) });
    try {
      await lenta.iniciar();
      await new Promise((ok) => setTimeout(ok, 1000)); // the worker's first poll found nothing: it sleeps 60 s
      await lenta.enviar('teste-acordar', { n: 1 });
      await esperar(() => feitos.length === 1, 20_000); // before: the next poll, 60 s later
      expect(feitos).toEqual([1]);
    } finally {
      await lenta.parar();
      await outro.descartar();
    }
  }, 60_000);
});

describe('an idle worker polls seldom, a busy one drains its queue', () => {
  it('with a 60 s polling interval, jobs queued while one runs all run right after it, not one per poll', async () => {
    const outro = await novoBanco();
    const lenta = new Tarefas(outro.banco, { log: () => {}, intervaloSegundos: 60 });
    const feitos: number[] = [];
    let soltar = () => {};
    const preso = new Promise<void>((ok) => {
      soltar = ok;
    });
    lenta.registrar<{ n: number }>({
      nome: 'teste-fila',
      executar: async (d) => {
        if (d.n === 1) await preso;
        feitos.push(d.n);
      },
    });
    try {
      await lenta.iniciar();
      await lenta.enviar('teste-fila', { n: 1 });
      await new Promise((ok) => setTimeout(ok, 500));
      for (const n of [2, 3, 4]) await lenta.enviar('teste-fila', { n });
      soltar();
      await esperar(() => feitos.length === 4, 20_000); // before: the 4th waited for the next poll, 60 s later
      expect(feitos.sort()).toEqual([1, 2, 3, 4]);
    } finally {
      await lenta.parar();
      await outro.descartar();
    }
  }, 60_000);

  it('pararTrabalho (drain): the running job finishes, no new one is fetched here, and queueing still works', async () => {
    const outro = await novoBanco();
    const drenando = new Tarefas(outro.banco, { log: () => {}, intervaloSegundos: 0.5 });
    const feitos: number[] = [];
    let soltar = () => {};
    const preso = new Promise<void>((ok) => {
      soltar = ok;
    });
    drenando.registrar<{ n: number }>({
      nome: 'teste-dreno',
      executar: async (d) => {
        if (d.n === 1) await preso;
        feitos.push(d.n);
      },
    });
    try {
      await drenando.iniciar();
      const primeiro = (await drenando.enviar('teste-dreno', { n: 1 })) as string;
      await esperar(async () => (await drenando.estado('teste-dreno', primeiro)) === 'active');
      await drenando.pararTrabalho();
      // A request finishing during the drain still queues its job (before: parar had stopped pg-boss, enviar threw).
      const segundo = (await drenando.enviar('teste-dreno', { n: 2 })) as string;
      expect(typeof segundo).toBe('string');
      soltar();
      await esperar(() => feitos.length === 1);
      await new Promise((ok) => setTimeout(ok, 2000)); // four polls of the stopped worker
      expect(feitos).toEqual([1]);
      expect(await drenando.estado('teste-dreno', segundo)).toBe('created'); // left for another instance
    } finally {
      await drenando.parar();
      await outro.descartar();
    }
  }, 60_000);
});
