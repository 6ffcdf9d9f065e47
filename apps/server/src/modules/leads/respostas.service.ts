import { MENSAGENS_LEAD } from '@intermedio/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { Db } from '../../db/cliente.ts';
import { leadMensagens, leads } from '../../db/schema/index.ts';
import { ErroHttp } from '../../lib/http.ts';
import type { IntegracoesService } from '../integracoes/integracoes.service.ts';
import { type Acesso, buscarMercadoLivre, responderMercadoLivre } from './canais-leads.ts';
import type { LeadsService } from './leads.service.ts';

/** How long an answer's send belongs to the request that started it; after that a retry may take it over. */
export const LEASE_RESPOSTA_S = 60;

/**
 * The answer to a Mercado Livre question (issue 26 item 2): a durable send, never twice. The answer row is written
 * first (`enviando`, its idempotency key, a lease) under a lock on the lead, then sent; the same key again (double
 * click, a retried request) finds it: sent → answered as it is, in flight → 409. A send whose lease ran out or that
 * failed is taken over only after asking the channel whether the question is already answered (the crashed or
 * timed-out call may have reached it), so Mercado Livre never gets the answer twice.
 */
export function criarRespostasService(dep: { db: Db; integracoes: Pick<IntegracoesService, 'paraPublicar'>; leads: LeadsService }) {
  const { db } = dep;

  const acesso = async (idRevenda: string): Promise<Acesso> => {
    const p = await dep.integracoes.paraPublicar(idRevenda, 'mercadolivre');
    if (!p?.status) throw new ErroHttp(422, 'A integração com o Mercado Livre não está ativa: configure-a para responder.');
    return { ctx: p.ctx, sessao: { segredos: p.segredos, dados: p.config } };
  };

  /** Claims the send of this key: 'novo' / 'retomar' (take it over, ask the channel first) / 'feito' (already sent). */
  const reservar = (idLead: string, idRevenda: string, texto: string, chave: string, idUsuario: string) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${leads} where ${leads.id} = ${idLead} for update`);
      const daRevenda = await tx
        .select()
        .from(leadMensagens)
        .where(and(eq(leadMensagens.lead_id, idLead), eq(leadMensagens.autor, 'revenda')));
      const mesma = daRevenda.find((m) => m.chave === chave);
      const viva = (m: (typeof daRevenda)[number]) => m.estado === 'enviando' && m.lease_ate && m.lease_ate.getTime() > Date.now();
      if (mesma?.estado === 'enviada') return { acao: 'feito' as const, id: mesma.id };
      if (daRevenda.some((m) => m.estado === 'enviada')) throw new ErroHttp(409, MENSAGENS_LEAD.jaRespondida);
      if (daRevenda.some(viva)) throw new ErroHttp(409, MENSAGENS_LEAD.respostaEmAndamento);
      const lease = sql`now() + make_interval(secs => ${LEASE_RESPOSTA_S})`;
      if (mesma) {
        await tx
          .update(leadMensagens)
          .set({ estado: 'enviando', lease_ate: lease, erro: null, updated_at: sql`now()` })
          .where(eq(leadMensagens.id, mesma.id));
        return { acao: 'retomar' as const, id: mesma.id };
      }
      // Another key left in flight or failed (a closed tab): its text is not sent; the channel is asked first.
      const pendente = daRevenda.some((m) => m.estado === 'enviando');
      const [nova] = await tx
        .insert(leadMensagens)
        .values({
          lead_id: idLead,
          revenda_id: idRevenda,
          autor: 'revenda',
          texto,
          estado: 'enviando',
          chave,
          lease_ate: lease,
          usuario_id: idUsuario,
        })
        .returning({ id: leadMensagens.id });
      if (!nova) throw new Error('resposta não gravada');
      if (pendente)
        await tx
          .update(leadMensagens)
          .set({ estado: 'falhou', erro: 'Envio interrompido: substituído pela resposta seguinte.', lease_ate: null })
          .where(and(eq(leadMensagens.lead_id, idLead), eq(leadMensagens.estado, 'enviando'), sql`${leadMensagens.id} <> ${nova.id}`));
      return { acao: pendente ? ('retomar' as const) : ('novo' as const), id: nova.id };
    });

  const concluir = async (id: string, estado: 'enviada' | 'falhou', erro: string | null) =>
    db.update(leadMensagens).set({ estado, erro, lease_ate: null, updated_at: sql`now()` }).where(eq(leadMensagens.id, id));

  return {
    async responder(idRevenda: string, idLead: string, entrada: { texto: string; chave: string }, quem: UsuarioDaSessao) {
      const lead = await dep.leads.doLead(idRevenda, idLead);
      if (lead.canal !== 'mercadolivre' || lead.tipo !== 'pergunta') throw new ErroHttp(422, MENSAGENS_LEAD.semConversa);
      const idPergunta = lead.id_externo.replace(/^q-/, '');
      const a = await acesso(idRevenda);
      const r = await reservar(idLead, idRevenda, entrada.texto, entrada.chave, quem.id);
      if (r.acao === 'feito') return dep.leads.detalhe(idLead);
      if (r.acao === 'retomar') {
        const p = await buscarMercadoLivre(a, `/questions/${idPergunta}`);
        if (!p.ok) {
          await concluir(r.id, 'falhou', p.erro.mensagem);
          throw new ErroHttp(502, `O Mercado Livre não confirmou a pergunta: ${p.erro.mensagem}. Tente de novo.`);
        }
        if (p.valor.pergunta?.answer) {
          await concluir(r.id, 'enviada', null);
          await db.update(leadMensagens).set({ texto: p.valor.pergunta.answer.text }).where(eq(leadMensagens.id, r.id));
          await dep.leads.mudarEstado(idRevenda, idLead, 'respondido', quem);
          return dep.leads.detalhe(idLead);
        }
      }
      const enviado = await responderMercadoLivre(a, idPergunta, entrada.texto);
      if (!enviado.ok) {
        await concluir(r.id, 'falhou', enviado.erro.mensagem);
        const status = enviado.erro.tipo === 'transient' || enviado.erro.tipo === 'rate_limit' ? 502 : 422;
        throw new ErroHttp(status, `O Mercado Livre recusou a resposta: ${enviado.erro.mensagem}`);
      }
      await concluir(r.id, 'enviada', null);
      await dep.leads.mudarEstado(idRevenda, idLead, 'respondido', quem);
      return dep.leads.detalhe(idLead);
    },
  };
}

export type RespostasService = ReturnType<typeof criarRespostasService>;
