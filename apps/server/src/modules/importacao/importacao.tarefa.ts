import type { Tarefa } from '../../tarefas/tarefas.ts';
import { type ImportacaoService, TAREFA_IMPORTACAO } from './importacao.service.ts';

/**
 * Stock import: after a confirm, once at start (an import left by a stopped server resumes at once) and every minute
 * across all instances. Each import is held by one run (a lease); its rows are done once whatever the retries.
 */
export const tarefaImportacao = (importacao: ImportacaoService): Tarefa => ({
  nome: TAREFA_IMPORTACAO,
  agenda: '* * * * *',
  unica: true,
  limiteMinutos: 30,
  executar: () => importacao.executar(),
});
