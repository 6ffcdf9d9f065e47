import type { Db } from '../db/cliente.ts';
import type { Armazenamento } from '../midia/armazenamento.ts';
import { limparEnviosOrfaos } from '../midia/orfaos.ts';
import { removerHistoricoAntigo } from '../modules/veiculos/veiculos-atividade.repository.ts';
import type { Tarefa } from '../tarefas/tarefas.ts';
import { LIMITE_DISPOSITIVO, LIMITES_LOGIN } from './auth.service.ts';
import { sessoesRepository } from './sessoes.repository.ts';

/** How long a sign-in attempt is kept: the longest limit window, so no count is cut short. */
export const RETENCAO_TENTATIVAS_MIN = Math.max(...[...LIMITES_LOGIN, LIMITE_DISPOSITIVO].map((l) => l.janelaMinutos));

/**
 * Housekeeping (issue 10 item 10): expired sessions, used or expired reset links and sign-in attempts older than
 * every limit window are deleted every 15 minutes, so these tables stay bounded whatever the sign-in traffic.
 * Uploads that no record refers to a day later are removed from storage too (midia/orfaos.ts), and advert operations
 * answered more than `historicoMeses` months ago leave the vehicles' timelines (HISTORICO_ANUNCIOS_MESES).
 */
export const tarefaLimpeza = (db: Db, armazenamento: Armazenamento, log: (m: string) => void, historicoMeses: number): Tarefa<object> => ({
  nome: 'auth-limpeza',
  agenda: '*/15 * * * *',
  tentativas: 1,
  executar: async () => {
    await sessoesRepository.removerExpiradas(db);
    await sessoesRepository.removerRedefinicoesVencidas(db);
    await sessoesRepository.removerTentativasAntigas(db, new Date(Date.now() - RETENCAO_TENTATIVAS_MIN * 60_000));
    await limparEnviosOrfaos(db, armazenamento, log);
    const limite = new Date();
    limite.setMonth(limite.getMonth() - historicoMeses);
    await removerHistoricoAntigo(db, limite);
  },
});
