import { eq, sql } from 'drizzle-orm';
import type { Tarefa, Tarefas } from '../tarefas/tarefas.ts';
import type { Banco, Db } from './cliente.ts';
import { manutencoes } from './schema/index.ts';

export const TAREFA_MANUTENCAO_EMBUTIDO = 'banco-manutencao';
/** An upkeep older than this at start-up is overdue (a day's, with room for a start a little earlier than the last). */
export const MANUTENCAO_ATRASADA_HORAS = 20;
/** How long after start-up an overdue upkeep runs: not while the dealer opens the panel. */
export const MANUTENCAO_ATRASADA_DEPOIS_MIN = 10;

/**
 * The embedded database's upkeep. PGlite runs PostgreSQL in single-user mode, which does no background work: no
 * autovacuum. Without it the dead rows of the tables written all day (pg-boss's jobs, the change-event log, adverts,
 * batch items, sessions) are never made reusable, so their files only grow, and the planner never gets statistics.
 * Every night at 03:45 (São Paulo): VACUUM (ANALYZE) of the whole database, a few seconds on a small install, during
 * which other statements wait (PGlite runs one at a time); its end is recorded (`manutencoes`). An install that is
 * off at that hour gets it after its next start instead (`agendarManutencaoAtrasada`). Not registered on PostgreSQL,
 * where autovacuum does it.
 */
export function tarefaManutencaoEmbutido(banco: Banco): Tarefa<object> | null {
  if (banco.origem.tipo !== 'pglite') return null;
  const { cliente } = banco.origem;
  return {
    nome: TAREFA_MANUTENCAO_EMBUTIDO,
    agenda: '45 3 * * *',
    tentativas: 1,
    limiteMinutos: 60,
    // One pending run at most: restarts in a row do not queue one each.
    unica: true,
    executar: async () => {
      await cliente.exec('VACUUM (ANALYZE)');
      await banco.db
        .insert(manutencoes)
        .values({ nome: TAREFA_MANUTENCAO_EMBUTIDO, feita_em: sql`now()` })
        .onConflictDoUpdate({ target: manutencoes.nome, set: { feita_em: sql`now()` } });
    },
  };
}

/** True when the embedded upkeep never ran to its end, or last did more than MANUTENCAO_ATRASADA_HORAS ago. */
export async function manutencaoAtrasada(db: Db) {
  const [ultima] = await db
    .select({ recente: sql<boolean>`${manutencoes.feita_em} > now() - make_interval(hours => ${MANUTENCAO_ATRASADA_HORAS})` })
    .from(manutencoes)
    .where(eq(manutencoes.nome, TAREFA_MANUTENCAO_EMBUTIDO));
  return !ultima?.recente;
}

/**
 * At start-up (PGlite only): an overdue upkeep is queued to run MANUTENCAO_ATRASADA_DEPOIS_MIN minutes later. Answers
 * the queued job's id, or null (PostgreSQL, up to date, or one already pending).
 */
export async function agendarManutencaoAtrasada(banco: Banco, tarefas: Tarefas) {
  if (banco.origem.tipo !== 'pglite' || !(await manutencaoAtrasada(banco.db))) return null;
  const depoisDe = new Date(Date.now() + MANUTENCAO_ATRASADA_DEPOIS_MIN * 60_000);
  return tarefas.enviar(TAREFA_MANUTENCAO_EMBUTIDO, {}, { depoisDe });
}
