import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aplicacao, buildApp } from '../src/app.ts';
import { TAREFA_RENOVAR_TOKENS } from '../src/modules/integracoes/renovacao.tarefa.ts';
import { TAREFA_RECONCILIAR } from '../src/modules/publicacao/publicacao.tarefa.ts';
import { type Ambiente, criarAmbiente } from './ajuda/ambiente.ts';

/**
 * Issue 28 item 7: with RECONCILIAR_SEGUNDOS each instance used to queue its own round every N seconds (two instances:
 * about twice the rounds). Two apps on one database for 12 s with ticks of 2 s: about 6 rounds, one per tick.
 */
let amb: Ambiente;
let segunda: Aplicacao;
beforeAll(async () => {
  amb = await criarAmbiente({ RECONCILIAR_SEGUNDOS: '2' });
  segunda = await buildApp(amb.config, { banco: amb.banco, logger: false });
}, 120_000);
afterAll(async () => {
  await segunda?.app.close();
  await amb.encerrar();
});

const agora = async () =>
  String(((await amb.banco.db.execute(sql`select now()::text as t`)) as unknown as { rows: { t: string }[] }).rows[0]?.t);

describe('scheduled rounds across two instances on one database', () => {
  it('RECONCILIAR_SEGUNDOS=2 for 12 s: one reconciliation round per 2-s tick, not one per instance', async () => {
    const inicio = await agora();
    await new Promise((ok) => setTimeout(ok, 12_000));
    const fim = await agora();
    const { rows } = (await amb.banco.db.execute(
      sql`select singleton_on::text as tick, state from pgboss.job where name = ${TAREFA_RECONCILIAR} and created_on >= ${inicio}::timestamptz and created_on < ${fim}::timestamptz`,
    )) as unknown as { rows: { tick: string | null; state: string }[] };
    // 12 s / 2 s = 6 ticks (5 to 7 with the window's edges); two instances queuing their own made about 12.
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.length).toBeLessThanOrEqual(7);
    expect(new Set(rows.map((r) => r.tick)).size).toBe(rows.length);
    expect(rows.filter((r) => r.state === 'completed').length).toBeGreaterThanOrEqual(4);
  }, 60_000);

  it('token renewal and housekeeping are pg-boss schedules (one job per cron tick across every instance)', async () => {
    const agendas = await amb.tarefas.agendas();
    expect(agendas).toEqual(
      expect.arrayContaining([
        { nome: TAREFA_RENOVAR_TOKENS, cron: '*/5 * * * *' },
        { nome: 'auth-limpeza', cron: '*/15 * * * *' },
      ]),
    );
  });
});
