import type { Tarefa } from '../../tarefas/tarefas.ts';
import { type DadosRecebimento, type EntradaLeads, TAREFA_COLETAR_LEADS, TAREFA_RECEBER_LEAD } from './entrada.service.ts';

/** One webhook delivery, stored after the channel got its answer (pg-boss retries when the channel did not answer). */
export const tarefaReceberLead = (entrada: EntradaLeads): Tarefa<DadosRecebimento> => ({
  nome: TAREFA_RECEBER_LEAD,
  async executar(dados) {
    await entrada.receber(dados);
  },
});

/** Every 5 minutes: the channels without push (iCarros) and OLX's webhook registration. */
export const tarefaColetarLeads = (entrada: EntradaLeads, log: (m: string) => void): Tarefa => ({
  nome: TAREFA_COLETAR_LEADS,
  agenda: '*/5 * * * *',
  unica: true,
  limiteMinutos: 10,
  async executar() {
    try {
      await entrada.coletar();
    } catch (e) {
      log(`coleta de leads: ${e instanceof Error ? e.message : String(e)}`);
      throw e;
    }
  },
});
