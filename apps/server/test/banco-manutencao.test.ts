import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agendarManutencaoAtrasada,
  MANUTENCAO_ATRASADA_DEPOIS_MIN,
  manutencaoAtrasada,
  TAREFA_MANUTENCAO_EMBUTIDO,
} from '../src/db/manutencao.ts';
import { manutencoes, veiculos } from '../src/db/schema/index.ts';
import { type Ambiente, criarAmbiente } from './ajuda/ambiente.ts';

let amb: Ambiente;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(() => amb.encerrar());

/**
 * What PostgreSQL knows of the vehicles' table: whether it was ever vacuumed / analysed, and the row count the planner
 * uses (pg_class.reltuples: -1 until a VACUUM or ANALYZE counts them).
 */
async function estado() {
  const r = (await amb.banco.db.execute(
    sql`select s.last_vacuum is not null as aspirada, s.last_analyze is not null as analisada, c.reltuples::int as linhas
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'veiculos'`,
  )) as unknown as { rows: { aspirada: boolean; analisada: boolean; linhas: number }[] };
  return r.rows[0];
}

describe('the embedded database’s upkeep', () => {
  it('PGlite (single-user mode: no autovacuum) gets a nightly VACUUM (ANALYZE); PostgreSQL leaves it to autovacuum', async () => {
    const agendas = await amb.tarefas.agendas();
    if (amb.banco.origem.tipo === 'postgres') {
      expect(agendas.map((a) => a.nome)).not.toContain(TAREFA_MANUTENCAO_EMBUTIDO);
      return;
    }
    expect(agendas).toContainEqual({ nome: TAREFA_MANUTENCAO_EMBUTIDO, cron: '45 3 * * *' });
    // Rows rewritten (each update leaves a dead version behind for a VACUUM to make reusable), never counted.
    for (let i = 0; i < 3; i++) await amb.banco.db.update(veiculos).set({ updated_at: sql`now()` });
    expect(await estado()).toEqual({ aspirada: false, analisada: false, linhas: -1 });
    const [{ n } = { n: 0 }] = await amb.banco.db.select({ n: sql<number>`count(*)::int` }).from(veiculos);
    await amb.tarefas.executar(TAREFA_MANUTENCAO_EMBUTIDO);
    expect(await estado()).toEqual({ aspirada: true, analisada: true, linhas: n });
  });

  it('an install that was off at night gets its upkeep a while after the next start, one pending run at most', async () => {
    if (amb.banco.origem.tipo === 'postgres') {
      expect(await agendarManutencaoAtrasada(amb.banco, amb.tarefas)).toBeNull();
      return;
    }
    // The upkeep's jobs waiting to run, with the minutes until they may start.
    const pendentes = async () =>
      (
        (await amb.banco.db.execute(
          sql`select extract(epoch from start_after - now()) / 60 as minutos from pgboss.job
              where name = ${TAREFA_MANUTENCAO_EMBUTIDO} and state = 'created'`,
        )) as unknown as { rows: { minutos: number }[] }
      ).rows;
    // A new install never had one: its start queued it, to run some minutes later (not while the panel opens).
    const [aoIniciar, ...outros] = await pendentes();
    expect(outros).toEqual([]);
    expect(Number(aoIniciar?.minutos)).toBeGreaterThan(MANUTENCAO_ATRASADA_DEPOIS_MIN - 1);
    expect(Number(aoIniciar?.minutos)).toBeLessThanOrEqual(MANUTENCAO_ATRASADA_DEPOIS_MIN);

    await amb.tarefas.executar(TAREFA_MANUTENCAO_EMBUTIDO);
    expect(await manutencaoAtrasada(amb.banco.db)).toBe(false);
    // A day later (the night's run missed): overdue. A restart while one is pending queues no second one.
    await amb.banco.db.update(manutencoes).set({ feita_em: sql`now() - interval '21 hours'` });
    expect(await manutencaoAtrasada(amb.banco.db)).toBe(true);
    expect(await agendarManutencaoAtrasada(amb.banco, amb.tarefas)).toBeNull();
    expect(await pendentes()).toHaveLength(1);
    // Once the pending one is gone (it ran, say), the next start queues again.
    await amb.banco.db.execute(sql`delete from pgboss.job where name = ${TAREFA_MANUTENCAO_EMBUTIDO}`);
    expect(await agendarManutencaoAtrasada(amb.banco, amb.tarefas)).toEqual(expect.any(String));
    expect(await pendentes()).toHaveLength(1);
  });
});
