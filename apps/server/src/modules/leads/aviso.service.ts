import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/cliente.ts';
import { leads, usuarios } from '../../db/schema/index.ts';
import type { Correio } from '../../email/correio.ts';
import type { ClienteFcm } from '../../push/fcm.ts';
import type { Tarefa } from '../../tarefas/tarefas.ts';
import { notificacoesRepository } from '../notificacoes/notificacoes.repository.ts';
import { TAREFA_AVISAR_LEAD } from './entrada.service.ts';

const NOME_CANAL: Record<string, string> = {
  olx: 'OLX',
  mercadolivre: 'Mercado Livre',
  icarros: 'iCarros',
  mobiauto: 'Mobiauto',
  webmotors: 'Webmotors',
};

/**
 * New-lead notice (issue 26 item 3): one push (FCM) and one e-mail to the assigned user (round-robin on) or to the
 * reseller's active gestores (off). The lead is claimed first (`avisado_em`), so a retried or doubled job notifies
 * nobody twice; a send that fails after the claim is logged, not repeated (at most once, as the reminders).
 */
export function criarAvisoLeads(dep: { db: Db; correio: Correio; fcm: ClienteFcm; publicUrl: string; log: (m: string) => void }) {
  const { db } = dep;
  return {
    async avisar(idLead: string) {
      const [l] = await db
        .update(leads)
        .set({ avisado_em: sql`now()` })
        .where(and(eq(leads.id, idLead), isNull(leads.avisado_em)))
        .returning();
      if (!l) return 0;
      const quem = l.atribuido_a
        ? and(eq(usuarios.id, l.atribuido_a), eq(usuarios.revenda_id, l.revenda_id))
        : and(eq(usuarios.revenda_id, l.revenda_id), eq(usuarios.role, 'gestor'));
      const destinos = await db
        .select({ email: usuarios.email, token: usuarios.push_token })
        .from(usuarios)
        .where(and(quem, eq(usuarios.ativo, 1)));
      if (!destinos.length) return 0;
      const canal = NOME_CANAL[l.canal] ?? l.canal;
      const titulo = `Novo lead (${canal})`;
      const corpo = `${l.nome ?? 'Comprador'}: ${l.mensagem ?? 'sem mensagem'}`.slice(0, 200);
      const link = `${dep.publicUrl}/revenda/${l.revenda_id}/leads/${l.id}`;
      const tokens = [...new Set(destinos.map((d) => d.token ?? ''))].filter(Boolean);
      try {
        const r = await dep.fcm.enviar(tokens, { titulo, corpo, link });
        await notificacoesRepository.removerTokens(
          db,
          r.filter((x) => x.removerToken).map((x) => x.token),
        );
      } catch (e) {
        dep.log(`aviso do lead ${l.id} (push): ${(e as Error).message}`);
      }
      for (const d of destinos) {
        try {
          await dep.correio.enviar({ para: d.email, assunto: titulo, texto: `${corpo}\n\nAbrir o lead: ${link}` });
        } catch (e) {
          dep.log(`aviso do lead ${l.id} (e-mail ${d.email}): ${(e as Error).message}`);
        }
      }
      return destinos.length;
    },
  };
}
export type AvisoLeads = ReturnType<typeof criarAvisoLeads>;

/** No automatic retry: the claim is taken before sending, a retry would find it taken anyway. */
export const tarefaAvisarLead = (a: AvisoLeads): Tarefa<{ idLead: string }> => ({
  nome: TAREFA_AVISAR_LEAD,
  executar: async ({ idLead }) => {
    await a.avisar(idLead);
  },
  tentativas: 0,
});
