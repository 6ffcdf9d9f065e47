import type { Tarefa } from '../../tarefas/tarefas.ts';
import { type LotesService, TAREFA_LOTES } from './lotes.service.ts';

/**
 * Bulk actions: after a batch is created, once at start (app.ts: a batch left by a stopped server resumes at once)
 * and every minute across all instances. One run takes every ready item of every batch; an item whose worker died is
 * taken again once its lease runs out.
 */
export const tarefaLotes = (lotes: LotesService, log: (m: string) => void): Tarefa => ({
  nome: TAREFA_LOTES,
  agenda: '* * * * *',
  unica: true,
  limiteMinutos: 10,
  async executar() {
    try {
      await lotes.executar();
    } catch (e) {
      log(`ações em lote: ${e instanceof Error ? e.message : String(e)}`);
      throw e;
    }
  },
});
