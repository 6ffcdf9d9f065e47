import { type CanalId, ROTULO_CANAL } from '@intermedio/contracts';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/cliente.ts';
import { usuarios } from '../../db/schema/index.ts';
import type { Correio } from '../../email/correio.ts';
import { emParalelo } from '../../lib/paralelo.ts';
import type { ClienteFcm } from '../../push/fcm.ts';
import type { Tarefa } from '../../tarefas/tarefas.ts';
import { notificacoesRepository } from '../notificacoes/notificacoes.repository.ts';
import { type EntradaLeads, TAREFA_AVISAR_LEAD, TAREFA_PROCESSAR_LEADS } from './entrada.service.ts';
import { type LeadRegistro, leadsRepository } from './leads.repository.ts';

/** The channel as the panel names it everywhere (the spec's labels: "Olx", "Mercado Livre"…). */
const nomeCanal = (canal: string) => ROTULO_CANAL[canal as CanalId] ?? canal;

/**
 * Leads per processing round (one transaction each); a round that fills it is followed by another. Small: on the
 * embedded database one connection serves everything, and a burst's webhook inserts wait while a round holds it.
 */
export const LOTE_PROCESSAMENTO = 50;
/** Notices sent at the same time (FCM calls, e-mails). */
const ENVIOS_SIMULTANEOS = 8;
/** Leads listed in one user's e-mail of a round (the rest: "e mais N"). */
const MAXIMO_NO_EMAIL = 50;

/**
 * What follows a lead's storage (issue 26 items 1 and 3; docs/leads.md "Processing"): vehicle matching, round-robin
 * and the new-lead notice — one push (FCM) and one e-mail to the assigned user (round-robin on) or to the reseller's
 * active gestores (off) —, in batches, after the channel got its answer. The batch is claimed (`avisado_em`) in the
 * transaction that assigns it, so a retried or doubled job notifies nobody twice; a send that fails after the claim
 * is logged, not repeated (at most once, as the reminders).
 */
export function criarAvisoLeads(dep: { db: Db; correio: Correio; fcm: ClienteFcm; publicUrl: string; log: (m: string) => void }) {
  const { db } = dep;

  /** The notice of one lead (title, text, where it opens). */
  const avisoDe = (l: LeadRegistro) => {
    const canal = nomeCanal(l.canal);
    return {
      titulo: `Novo lead (${canal})`,
      corpo: `${l.nome ?? 'Comprador'}: ${l.mensagem ?? 'sem mensagem'}`.slice(0, 200),
      link: `${dep.publicUrl}/revenda/${l.revenda_id}/leads/${l.id}`,
    };
  };

  /**
   * One user's notice for the leads of a round addressed to them: one lead, its own notice; several (a channel's
   * burst), ONE push and ONE e-mail listing them (a dealer gets no flood of 50 e-mails), opening the inbox.
   */
  const avisoDeVarios = (ls: LeadRegistro[]) => {
    if (ls.length === 1) {
      const a = avisoDe(ls[0] as LeadRegistro);
      return { ...a, texto: `${a.corpo}\n\nAbrir o lead: ${a.link}` };
    }
    const nomes = ls.slice(0, 3).map((l) => `${l.nome ?? 'Comprador'} (${nomeCanal(l.canal)})`);
    const resto = ls.length - nomes.length;
    const linhas = ls.slice(0, MAXIMO_NO_EMAIL).map((l) => {
      const a = avisoDe(l);
      return `- ${nomeCanal(l.canal)} · ${a.corpo}\n  ${a.link}`;
    });
    const alem = ls.length - linhas.length;
    return {
      titulo: `${ls.length} novos leads`,
      corpo: `${nomes.join(', ')}${resto > 0 ? ` e mais ${resto}` : ''}`,
      link: `${dep.publicUrl}/revenda/${ls[0]?.revenda_id}/leads/listar`,
      texto: [
        ...linhas,
        ...(alem > 0 ? [`… e mais ${alem} na caixa de leads.`] : []),
        '',
        `Abrir a caixa de leads: ${dep.publicUrl}/revenda/${ls[0]?.revenda_id}/leads/listar`,
      ].join('\n'),
    };
  };

  const avisarLote = async (lote: LeadRegistro[]) => {
    const revendasDoLote = [...new Set(lote.map((l) => l.revenda_id))];
    const donos = [...new Set(lote.map((l) => l.atribuido_a).filter((x): x is string => !!x))];
    const usuariosDoLote = await db
      .select({ id: usuarios.id, revenda_id: usuarios.revenda_id, role: usuarios.role, email: usuarios.email, token: usuarios.push_token })
      .from(usuarios)
      .where(
        and(
          inArray(usuarios.revenda_id, revendasDoLote),
          eq(usuarios.ativo, 1),
          or(eq(usuarios.role, 'gestor'), donos.length ? inArray(usuarios.id, donos) : undefined),
        ),
      );
    // Each user's leads of this round: the assignee's (round-robin on), else every active gestor's of the reseller.
    const porUsuario = new Map<string, LeadRegistro[]>();
    let avisados = 0;
    for (const l of lote) {
      const destinos = usuariosDoLote.filter(
        (u) => u.revenda_id === l.revenda_id && (l.atribuido_a ? u.id === l.atribuido_a : u.role === 'gestor'),
      );
      if (destinos.length) avisados++;
      for (const d of destinos) porUsuario.set(d.id, [...(porUsuario.get(d.id) ?? []), l]);
    }
    const mortos: string[] = [];
    await emParalelo([...porUsuario], ENVIOS_SIMULTANEOS, async ([idUsuario, ls]) => {
      const u = usuariosDoLote.find((x) => x.id === idUsuario);
      if (!u) return;
      const a = avisoDeVarios(ls);
      const sobre = ls.length === 1 ? `do lead ${ls[0]?.id}` : `de ${ls.length} leads`;
      if (u.token)
        try {
          const r = await dep.fcm.enviar([u.token], { titulo: a.titulo, corpo: a.corpo, link: a.link });
          mortos.push(...r.filter((x) => x.removerToken).map((x) => x.token));
        } catch (e) {
          dep.log(`aviso ${sobre} (push): ${(e as Error).message}`);
        }
      try {
        await dep.correio.enviar({ para: u.email, assunto: a.titulo, texto: a.texto });
      } catch (e) {
        dep.log(`aviso ${sobre} (e-mail ${u.email}): ${(e as Error).message}`);
      }
    });
    if (mortos.length) await notificacoesRepository.removerTokens(db, [...new Set(mortos)]);
    return avisados;
  };

  return {
    /**
     * Processes the leads never processed (or only `ids`), batch after batch; answers how many were claimed. The
     * wake-up job after a delivery and the periodic sweep (a lead whose processing was interrupted) both run it.
     */
    async processar(op: { ids?: string[]; antesDaRodada?: () => Promise<void> } = {}) {
      let total = 0;
      for (;;) {
        await op.antesDaRodada?.();
        const lote = await leadsRepository.processarPendentes(db, LOTE_PROCESSAMENTO, op.ids);
        total += lote.length;
        if (lote.length) await avisarLote(lote);
        if (lote.length < LOTE_PROCESSAMENTO) return total;
      }
    },
  };
}
export type AvisoLeads = ReturnType<typeof criarAvisoLeads>;

/**
 * The processing job (`leads-processar`): woken by each stored delivery (one pending job however many deliveries:
 * `unica`) and every minute as the sweep. `iniciouProcessamento` tells the intake a new wake-up is needed for later
 * deliveries; each round waits for a pause in the webhooks (`calmaria`).
 * A failure rolls its batch back (nothing claimed): retried, and the sweep finds it anyway.
 */
export const tarefaProcessarLeads = (a: AvisoLeads, entrada: Pick<EntradaLeads, 'iniciouProcessamento' | 'calmaria'>): Tarefa => ({
  nome: TAREFA_PROCESSAR_LEADS,
  agenda: '* * * * *',
  unica: true,
  executar: async () => {
    entrada.iniciouProcessamento();
    await a.processar({ antesDaRodada: () => entrada.calmaria() });
  },
});

/** Jobs queued per lead before `leads-processar` existed: that lead processed now (nothing if already done). */
export const tarefaAvisarLead = (a: AvisoLeads): Tarefa<{ idLead: string }> => ({
  nome: TAREFA_AVISAR_LEAD,
  executar: async ({ idLead }) => {
    await a.processar({ ids: [idLead] });
  },
  tentativas: 0,
});
