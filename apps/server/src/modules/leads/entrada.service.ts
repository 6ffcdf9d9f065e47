import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CanalId, MENSAGENS_LEAD } from '@intermedio/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { codigoErroPg, type Db } from '../../db/cliente.ts';
import { emGrupo } from '../../db/em-grupo.ts';
import { revendaIntegracoes } from '../../db/schema/index.ts';
import { ErroHttp } from '../../lib/http.ts';
import type { IntegracoesService } from '../integracoes/integracoes.service.ts';
import {
  type Acesso,
  avisoMercadoLivre,
  buscarMercadoLivre,
  coletarIcarros,
  coletarMobiauto,
  doOlx,
  type LeadOlx,
  leadOlx,
  registrarWebhookOlx,
  TOPICOS_LEAD_ML,
} from './canais-leads.ts';
import { type LeadRecebido, leadsRepository as repo } from './leads.repository.ts';

export const TAREFA_RECEBER_LEAD = 'leads-receber';
export const TAREFA_COLETAR_LEADS = 'leads-coletar';
export const TAREFA_AVISAR_LEAD = 'leads-avisar';
export const TAREFA_PROCESSAR_LEADS = 'leads-processar';
/**
 * A wake-up of `leads-processar` is asked again only once the job started here, or after this long (the job may have
 * started on another instance); the queue keeps one pending job anyway.
 */
const ACORDAR_DE_NOVO_MS = 10_000;
/**
 * "Answer first, then process" during a burst (issue 26, bench/leads-webhook.ts): a processing round waits until no
 * webhook delivery arrived for CALMARIA_MS, so its statements, e-mails and pushes do not take the CPU (and, on the
 * embedded database, the one connection) from the channel's deliveries still coming; at most ESPERA_MAXIMA_MS per
 * round, so a steady stream is still processed. The lead is in the inbox from its insert, before any processing.
 */
export const CALMARIA_MS = 250;
export const ESPERA_MAXIMA_MS = 1_000;
export type Relogio = { agora: () => number; dormir: (ms: number) => Promise<void> };
const relogioReal: Relogio = { agora: () => Date.now(), dormir: (ms) => new Promise((ok) => setTimeout(ok, ms)) };
/** How far back each poll asks (the channels' lists are by day): overlapping polls store nothing twice. */
export const JANELA_COLETA_HORAS = 48;

/** One delivery to process in the background: a Mercado Livre notification's resource, or an OLX lead as posted. */
export type DadosRecebimento =
  | { canal: 'mercadolivre'; idRevenda: string; recurso: string }
  | { canal: 'olx'; idRevenda: string; lead: LeadOlx };

export type EntradaLeads = ReturnType<typeof criarEntradaLeads>;

/**
 * Intake (issue 26 item 1): webhooks check the caller and answer at once, a job (`leads-receber`) stores the lead;
 * `leads-coletar` polls the channels without push and keeps OLX's webhook registered. Every path goes through
 * `leadsRepository.gravar`, idempotent on (canal, id_externo).
 */
export function criarEntradaLeads(dep: {
  db: Db;
  integracoes: Pick<IntegracoesService, 'paraPublicar'>;
  segredo: string;
  publicUrl: string;
  enfileirar: (nome: string, dados: object) => Promise<unknown>;
  log: (m: string) => void;
  /** The webhooks' clock for `calmaria` (tests use a fake one). */
  relogio?: Relogio;
}) {
  const { db, relogio = relogioReal } = dep;
  /**
   * Wakes `leads-processar` after a write, without waiting (the channel is answered first). A burst asks once, not
   * once per delivery: the job's start (`iniciouProcessamento`) re-arms it, so a write after the job read its batch
   * wakes the next one. A lost wake-up is covered by the job's minute sweep.
   */
  let acordadoEm = 0;
  let ultimaEntregaEm = Number.NEGATIVE_INFINITY;
  const acordar = () => {
    if (Date.now() - acordadoEm < ACORDAR_DE_NOVO_MS) return;
    acordadoEm = Date.now();
    void dep.enfileirar(TAREFA_PROCESSAR_LEADS, {}).catch((e: unknown) => {
      acordadoEm = 0;
      dep.log(`leads: processamento não enfileirado (a varredura o fará): ${e instanceof Error ? e.message : String(e)}`);
    });
  };
  const hmac = (texto: string) => createHmac('sha256', dep.segredo).update(texto).digest('base64url');
  /** A keyed fingerprint of a token: tells a new authorisation from the one that registered, reveals nothing of it. */
  const impressao = (token: string) => hmac(`olx-autorizacao:${token}`).slice(0, 22);
  const assinatura = (idRevenda: string) => hmac(`olx-leads:${idRevenda}`);

  /** The dealer's own OLX endpoint (lead/how_to: one per advertiser); its last segment is the shared secret. */
  const tokenOlx = (idRevenda: string) => `${idRevenda}.${assinatura(idRevenda)}`;
  // Each reseller's expected signature, computed once (an HMAC per delivery was 3 % of a burst's CPU); bounded, as
  // anyone may post made-up ids.
  const assinaturas = new Map<string, Buffer>();
  const assinaturaEsperada = (id: string) => {
    let a = assinaturas.get(id);
    if (!a) {
      if (assinaturas.size >= 10_000) assinaturas.clear();
      a = Buffer.from(assinatura(id));
      assinaturas.set(id, a);
    }
    return a;
  };
  const revendaDoTokenOlx = (token: string) => {
    const [id, sig] = token.split('.');
    if (!id || !sig || !/^[0-9a-f-]{36}$/.test(id)) return null;
    const esperada = assinaturaEsperada(id);
    const recebida = Buffer.from(sig);
    return recebida.length === esperada.length && timingSafeEqual(recebida, esperada) ? id : null;
  };

  const acesso = async (idRevenda: string, canal: CanalId): Promise<Acesso | null> => {
    const p = await dep.integracoes.paraPublicar(idRevenda, canal);
    return p?.status ? { ctx: p.ctx, sessao: { segredos: p.segredos, dados: p.config } } : null;
  };

  const gravar = async (idRevenda: string, l: Omit<LeadRecebido, 'idRevenda'> & { pergunta?: unknown }) => {
    const { pergunta: _p, ...dados } = l;
    const r = await repo.gravar(db, { ...dados, idRevenda });
    if (l.tipo === 'pergunta' && l.mensagem) await repo.mensagemRecebida(db, r.lead, l.mensagem, l.recebidoEm, `canal:${l.idExterno}`);
    // Round-robin and notice: `leads-processar`, in batches (a lead not yet processed, new or not, is its business).
    if (!r.lead.avisado_em) acordar();
    return r;
  };

  /**
   * OLX deliveries, group-committed (bench/leads-webhook.ts): the lead is the whole body, so its row is the one
   * durable write before the answer. Deliveries arriving while a write runs are written together by the next one (one
   * `INSERT … ON CONFLICT DO NOTHING` per batch: a repeat adds nothing); then each webhook is answered and
   * `leads-processar` is woken for the rest (vehicle, round-robin, notice), so the channel never waits for them.
   */
  const gravarOlx = emGrupo(async (itens: { idRevenda: string; lead: LeadOlx }[]) => {
    const linhas = (xs: typeof itens) => xs.map((i) => ({ ...doOlx(i.lead), idRevenda: i.idRevenda }));
    let aceitos = itens;
    let novos: string[];
    try {
      novos = await repo.inserir(db, linhas(itens));
    } catch (e) {
      if (codigoErroPg(e) !== '23503') throw e;
      // A reseller deleted since OLX got its endpoint: its deliveries are refused (404), the batch's others stored.
      const existem = new Set(await repo.revendasExistentes(db, [...new Set(itens.map((i) => i.idRevenda))]));
      aceitos = itens.filter((i) => existem.has(i.idRevenda));
      novos = aceitos.length ? await repo.inserir(db, linhas(aceitos)) : [];
    }
    // Only repeats: nothing new to process (one whose wake-up was lost is the sweep's).
    if (novos.length) acordar();
    return itens.map((i) => aceitos.includes(i));
  });

  return {
    tokenOlx,
    /** Resolves once the webhooks have been quiet for CALMARIA_MS (or after ESPERA_MAXIMA_MS): see CALMARIA_MS. */
    async calmaria() {
      const limite = relogio.agora() + ESPERA_MAXIMA_MS;
      for (let t = relogio.agora(); t < limite && t - ultimaEntregaEm < CALMARIA_MS; t = relogio.agora())
        await relogio.dormir(Math.min(CALMARIA_MS - (t - ultimaEntregaEm), limite - t));
    },
    /** `leads-processar` started: the next write wakes it again. */
    iniciouProcessamento: () => {
      acordadoEm = 0;
    },
    urlWebhookOlx: (idRevenda: string) => `${dep.publicUrl}/api/webhooks/olx/leads/${tokenOlx(idRevenda)}`,

    /**
     * Mercado Livre signs nothing: the notification is checked for shape, our application and a seller with an
     * active integration, then queued; the job reads the lead back with that seller's token before storing it.
     */
    async avisoMercadoLivre(corpo: unknown) {
      ultimaEntregaEm = relogio.agora();
      const a = avisoMercadoLivre.safeParse(corpo);
      if (!a.success) throw new ErroHttp(400, MENSAGENS_LEAD.webhookInvalido);
      if (!(TOPICOS_LEAD_ML as readonly string[]).includes(a.data.topic)) return { ignorado: true };
      const [reg] = await db
        .select({ revenda_id: revendaIntegracoes.revenda_id, status: revendaIntegracoes.status })
        .from(revendaIntegracoes)
        .where(
          and(
            eq(revendaIntegracoes.canal, 'mercadolivre'),
            eq(revendaIntegracoes.status, true),
            sql`${revendaIntegracoes.config}->>'user_id_ml' = ${String(a.data.user_id)}`,
          ),
        )
        // Several resellers with the same seller: the one that connected it last (docs/leads.md), never a random one.
        .orderBy(desc(revendaIntegracoes.created_at), asc(revendaIntegracoes.revenda_id))
        .limit(1);
      if (!reg?.status) throw new ErroHttp(404, MENSAGENS_LEAD.webhookDesconhecido);
      const p = await dep.integracoes.paraPublicar(reg.revenda_id, 'mercadolivre');
      if (a.data.application_id !== undefined && p && String(a.data.application_id) !== p.ctx.app.clientId)
        throw new ErroHttp(403, MENSAGENS_LEAD.webhookDesconhecido);
      const dados: DadosRecebimento = { canal: 'mercadolivre', idRevenda: reg.revenda_id, recurso: a.data.resource };
      await dep.enfileirar(TAREFA_RECEBER_LEAD, dados);
      return { ignorado: false };
    },

    /** OLX posts to the dealer's own address: the signed token in it is the shared secret. Stored before the answer. */
    async leadOlx(token: string, corpo: unknown) {
      ultimaEntregaEm = relogio.agora();
      const idRevenda = revendaDoTokenOlx(token);
      if (!idRevenda) throw new ErroHttp(404, MENSAGENS_LEAD.webhookDesconhecido); // no such dealer endpoint
      const l = leadOlx.safeParse(corpo);
      if (!l.success) throw new ErroHttp(400, MENSAGENS_LEAD.webhookInvalido);
      if (!(await gravarOlx({ idRevenda, lead: l.data }))) throw new ErroHttp(404, MENSAGENS_LEAD.webhookDesconhecido);
    },

    /**
     * The job: stores one delivery. A Mercado Livre resource the channel does not confirm (unknown id, another
     * seller's) stores nothing; a channel that did not answer throws, so pg-boss retries later.
     */
    async receber(d: DadosRecebimento) {
      // OLX jobs are no longer queued (stored by the webhook); kept for jobs queued before that change.
      if (d.canal === 'olx') return (await gravar(d.idRevenda, doOlx(d.lead))).novo;
      const a = await acesso(d.idRevenda, 'mercadolivre');
      if (!a) return false;
      const r = await buscarMercadoLivre(a, d.recurso);
      if (!r.ok) {
        if (r.erro.tipo === 'transient' || r.erro.tipo === 'rate_limit') throw new Error(`Mercado Livre: ${r.erro.mensagem}`);
        dep.log(`lead do Mercado Livre descartado (${d.recurso}): ${r.erro.mensagem}`);
        return false;
      }
      return (await gravar(d.idRevenda, r.valor)).novo;
    },

    /** The poll: iCarros leads and Mobiauto proposals of the last hours of every active integration; OLX webhooks registered where missing. */
    async coletar(agora = new Date()) {
      const ativos = await db
        .select({ revenda_id: revendaIntegracoes.revenda_id, canal: revendaIntegracoes.canal, config: revendaIntegracoes.config })
        .from(revendaIntegracoes)
        .where(and(eq(revendaIntegracoes.status, true), sql`${revendaIntegracoes.canal} in ('icarros','mobiauto','olx')`));
      let novos = 0;
      for (const i of ativos) {
        const a = await acesso(i.revenda_id, i.canal as CanalId);
        if (!a) continue;
        if (i.canal === 'icarros' || i.canal === 'mobiauto') {
          const coletar = i.canal === 'icarros' ? coletarIcarros : coletarMobiauto;
          const r = await coletar(a, new Date(agora.getTime() - JANELA_COLETA_HORAS * 3_600_000), agora);
          if (!r.ok) {
            dep.log(`leads de ${i.canal} (${i.revenda_id}): ${r.erro.mensagem}`);
            continue;
          }
          for (const l of r.valor) if ((await gravar(i.revenda_id, l)).novo) novos++;
        } else {
          const url = `${dep.publicUrl}/api/webhooks/olx/leads/${tokenOlx(i.revenda_id)}`;
          // OLX keeps the endpoint per advertiser's token: registered again when the URL or the authorisation changes
          // (the dealer connected another OLX account). The config keeps a fingerprint of the token, never the token.
          const registro = { leads_webhook: url, leads_webhook_autorizacao: impressao(a.sessao.segredos.access_token ?? '') };
          const cfg = i.config as Record<string, unknown>;
          if (cfg.leads_webhook === registro.leads_webhook && cfg.leads_webhook_autorizacao === registro.leads_webhook_autorizacao)
            continue;
          const r = await registrarWebhookOlx(a, url);
          if (!r.ok) {
            dep.log(`webhook de leads da Olx (${i.revenda_id}): ${r.erro.mensagem}`);
            continue;
          }
          await db
            .update(revendaIntegracoes)
            .set({ config: sql`${revendaIntegracoes.config} || ${JSON.stringify(registro)}::jsonb` })
            .where(and(eq(revendaIntegracoes.revenda_id, i.revenda_id), eq(revendaIntegracoes.canal, 'olx')));
        }
      }
      return novos;
    },
  };
}
