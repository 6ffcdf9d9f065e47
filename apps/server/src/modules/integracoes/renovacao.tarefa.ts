import type { Tarefa } from '../../tarefas/tarefas.ts';
import type { RenovacaoService } from './renovacao.service.ts';

export const TAREFA_RENOVAR_TOKENS = 'canais-renovar-tokens';

/**
 * Every 5 minutes, across all instances (pg-boss sends one job per tick): renews the channel tokens due now.
 * Renewal dates carry a margin (Mercado Livre 1 h before the 6 h end; Keycloak sessions 20 % before), so a tick
 * every 5 minutes is always in time. Each record is renewed under its own claim, so a retried or concurrent job
 * never spends a refresh token twice.
 */
export const tarefaRenovarTokens = (renovacao: RenovacaoService, log: (m: string) => void): Tarefa => ({
  nome: TAREFA_RENOVAR_TOKENS,
  agenda: '*/5 * * * *',
  unica: true,
  limiteMinutos: 10,
  async executar() {
    const r = await renovacao.renovarDevidas();
    if (r.recusado || r.adiado) log(`renovação de tokens: ${r.renovado} renovados, ${r.recusado} recusados, ${r.adiado} adiados`);
  },
});
