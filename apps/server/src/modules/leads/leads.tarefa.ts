import { MENSAGENS_LEAD } from '@intermedio/contracts';
import type { Db } from '../../db/cliente.ts';
import type { Tarefa } from '../../tarefas/tarefas.ts';
import { type DadosRecebimento, type EntradaLeads, TAREFA_COLETAR_LEADS, TAREFA_RECEBER_LEAD } from './entrada.service.ts';
import { leadsRepository } from './leads.repository.ts';

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

export const TAREFA_ANONIMIZAR_LEADS = 'leads-anonimizar';

/** The cut-off of the retention: `meses` calendar months before `agora`. */
export function limiteRetencao(meses: number, agora = new Date()) {
  const d = new Date(agora);
  d.setUTCMonth(d.getUTCMonth() - meses);
  return d;
}

/**
 * Retention (issue 26 item 5, LGPD): every night, leads received more than LEADS_RETENCAO_MESES (default 24) months
 * ago lose their personal data (name, e-mail, phone, message, raw payload, the conversation's texts).
 */
export const tarefaAnonimizarLeads = (db: Db, meses: number, log: (m: string) => void): Tarefa => ({
  nome: TAREFA_ANONIMIZAR_LEADS,
  agenda: '30 3 * * *',
  unica: true,
  async executar() {
    const n = await leadsRepository.anonimizar(db, limiteRetencao(meses), MENSAGENS_LEAD.anonimizado);
    if (n > 0) log(`leads anonimizados (mais de ${meses} meses): ${n}`);
  },
});
