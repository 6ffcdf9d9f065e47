import type { Db } from '../db/cliente.ts';
import type { Tarefa } from '../tarefas/tarefas.ts';
import { sessoesRepository } from './sessoes.repository.ts';

/** How long a failed sign-in is kept: beyond every limit window, so no count is cut short. */
export const RETENCAO_TENTATIVAS_HORAS = 24;

/**
 * Housekeeping (issue 10 item 10): expired sessions, used or expired reset links and sign-in attempts older than
 * the retention are deleted every 15 minutes, so these tables stay bounded whatever the sign-in traffic.
 */
export const tarefaLimpeza = (db: Db): Tarefa<object> => ({
  nome: 'auth-limpeza',
  agenda: '*/15 * * * *',
  tentativas: 1,
  executar: async () => {
    await sessoesRepository.removerExpiradas(db);
    await sessoesRepository.removerRedefinicoesVencidas(db);
    await sessoesRepository.removerTentativasAntigas(db, new Date(Date.now() - RETENCAO_TENTATIVAS_HORAS * 3_600_000));
  },
});
