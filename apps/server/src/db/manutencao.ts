import type { Tarefa } from '../tarefas/tarefas.ts';
import type { Banco } from './cliente.ts';

export const TAREFA_MANUTENCAO_EMBUTIDO = 'banco-manutencao';

/**
 * The embedded database's upkeep. PGlite runs PostgreSQL in single-user mode, which does no background work: no
 * autovacuum. Without it the dead rows of the tables written all day (pg-boss's jobs, the change-event log, adverts,
 * batch items, sessions) are never made reusable, so their files only grow, and the planner never gets statistics.
 * Every night at 03:45 (São Paulo): VACUUM (ANALYZE) of the whole database, a few seconds on a small install, during
 * which other statements wait (PGlite runs one at a time). Not registered on PostgreSQL, where autovacuum does it.
 */
export function tarefaManutencaoEmbutido(banco: Banco): Tarefa<object> | null {
  if (banco.origem.tipo !== 'pglite') return null;
  const { cliente } = banco.origem;
  return {
    nome: TAREFA_MANUTENCAO_EMBUTIDO,
    agenda: '45 3 * * *',
    tentativas: 1,
    limiteMinutos: 60,
    executar: async () => {
      await cliente.exec('VACUUM (ANALYZE)');
    },
  };
}
