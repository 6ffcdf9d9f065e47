import {
  type CanalId,
  chaveOrdenacao,
  type FiltroLeads,
  FUSO_HORARIO,
  type Lead,
  ORDENACAO_ACENTOS_DE,
  ORDENACAO_ACENTOS_PARA,
} from '@intermedio/contracts';
import { and, asc, desc, eq, ilike, inArray, isNull, lt, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { preparadaSql } from '../../db/preparada.ts';
import { leadMensagens, leads, revendas, usuarios, veiculoImagens, veiculoIntegracoes, veiculos } from '../../db/schema/index.ts';

export type LeadRegistro = typeof leads.$inferSelect;
export type MensagemRegistro = typeof leadMensagens.$inferSelect;

/** What an intake (webhook or poll) learned of one lead. */
export type LeadRecebido = {
  idRevenda: string;
  canal: CanalId;
  idExterno: string;
  tipo?: 'lead' | 'pergunta' | 'proposta';
  idAnuncio: string | null;
  nome: string | null;
  email: string | null;
  telefone: string | null;
  mensagem: string | null;
  recebidoEm: Date;
  bruto?: Record<string, unknown>;
};

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Accent-insensitive ILIKE ("joao" finds "João"): the column without accents against the term without accents. */
const contemSemAcento = (coluna: SQLWrapper, termo: string) =>
  sql`translate(${coluna}, ${ORDENACAO_ACENTOS_DE}, ${ORDENACAO_ACENTOS_PARA}) ilike ${`%${escaparLike(chaveOrdenacao(termo))}%`}`;
const diaSp = (coluna: SQL | typeof leads.recebido_em) => sql`(${coluna} at time zone ${FUSO_HORARIO})::date`;

const colunasLista = {
  id: leads.id,
  revenda_id: leads.revenda_id,
  canal: leads.canal,
  id_externo: leads.id_externo,
  tipo: leads.tipo,
  veiculo_id: leads.veiculo_id,
  id_anuncio: leads.id_anuncio,
  nome: leads.nome,
  email: leads.email,
  telefone: leads.telefone,
  mensagem: leads.mensagem,
  recebido_em: leads.recebido_em,
  estado: leads.estado,
  estado_por: leads.estado_por,
  estado_por_nome: usuarios.nome,
  estado_em: leads.estado_em,
  atribuido_a: leads.atribuido_a,
  atribuido_nome: sql<string | null>`(select a.nome from ${usuarios} a where a.id = ${leads.atribuido_a})`,
  anonimizado_em: leads.anonimizado_em,
  updated_at: leads.updated_at,
  veiculo_titulo: sql<
    string | null
  >`case when ${veiculos.id} is null then null else trim(coalesce(${veiculos.vefipe_marca}, '') || ' ' || coalesce(${veiculos.vefipe_name}, '')) end`,
  veiculo_placa: veiculos.veiplaca,
  veiculo_foto: sql<
    string | null
  >`(select coalesce(${veiculoImagens.file_thumb}, ${veiculoImagens.file_url}) from ${veiculoImagens} where ${veiculoImagens.veiculo_id} = ${leads.veiculo_id} order by ${veiculoImagens.posicao} limit 1)`,
};
type LinhaLista = { [K in keyof typeof colunasLista]: unknown };
/** A conversation message as `json_build_object` gives it (`enviada_em`: PostgreSQL's text of the timestamp). */
type ConversaJson = Pick<MensagemRegistro, 'id' | 'autor' | 'texto' | 'estado' | 'erro'> & { enviada_em: string };

/** The API shape of a row of `colunasLista`. */
export function leadPublico(l: LinhaLista): Lead {
  const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d));
  return {
    id: l.id as string,
    revenda_id: l.revenda_id as string,
    canal: l.canal as CanalId,
    id_externo: l.id_externo as string,
    tipo: l.tipo as Lead['tipo'],
    veiculo_id: (l.veiculo_id as string | null) ?? null,
    veiculo: l.veiculo_titulo
      ? {
          titulo: l.veiculo_titulo as string,
          placa: (l.veiculo_placa as string | null) ?? null,
          foto: (l.veiculo_foto as string | null) ?? null,
        }
      : null,
    id_anuncio: (l.id_anuncio as string | null) ?? null,
    nome: (l.nome as string | null) ?? null,
    email: (l.email as string | null) ?? null,
    telefone: (l.telefone as string | null) ?? null,
    mensagem: (l.mensagem as string | null) ?? null,
    recebido_em: iso(l.recebido_em),
    estado: l.estado as Lead['estado'],
    estado_por: (l.estado_por as string | null) ?? null,
    estado_por_nome: (l.estado_por_nome as string | null) ?? null,
    estado_em: iso(l.estado_em),
    atribuido_a: (l.atribuido_a as string | null) ?? null,
    atribuido_nome: (l.atribuido_nome as string | null) ?? null,
    anonimizado: l.anonimizado_em != null,
    updated_at: iso(l.updated_at),
  };
}

function selecionar(db: Executor) {
  return db
    .select(colunasLista)
    .from(leads)
    .leftJoin(veiculos, eq(veiculos.id, leads.veiculo_id))
    .leftJoin(usuarios, eq(usuarios.id, leads.estado_por));
}

/**
 * The webhook's group INSERT: its rows as ONE jsonb parameter under a statement built and prepared once (building a
 * multi-row INSERT of 11 columns with drizzle was 12 % of the server's CPU in bench/leads-webhook.ts's burst).
 */
const inserirLeads = preparadaSql<{ linhas: string }, { id: string }>(
  'leads_inserir',
  sql`insert into ${leads} (revenda_id, canal, id_externo, tipo, id_anuncio, nome, email, telefone, mensagem, recebido_em, bruto)
  select revenda_id, canal, id_externo, tipo, id_anuncio, nome, email, telefone, mensagem, recebido_em, bruto
  from jsonb_to_recordset(${sql.placeholder('linhas')}::jsonb) as x(
    revenda_id uuid, canal text, id_externo text, tipo text, id_anuncio text, nome text, email text, telefone text,
    mensagem text, recebido_em timestamptz, bruto jsonb)
  on conflict (canal, id_externo) do nothing
  returning id`,
);

/** Leads (leads) and their conversation (lead_mensagens). */
export const leadsRepository = {
  /** The vehicle of the reseller whose advert on this channel has this id (veiculo_integracoes.id_anuncio). */
  async veiculoDoAnuncio(db: Executor, idRevenda: string, canal: CanalId, idAnuncio: string | null) {
    if (!idAnuncio) return null;
    const [v] = await db
      .select({ id: veiculoIntegracoes.veiculo_id })
      .from(veiculoIntegracoes)
      .where(
        and(
          eq(veiculoIntegracoes.revenda_id, idRevenda),
          eq(veiculoIntegracoes.canal, canal),
          eq(veiculoIntegracoes.id_anuncio, idAnuncio),
        ),
      )
      .limit(1);
    return v?.id ?? null;
  },

  /**
   * Stores a lead once per (canal, id_externo): a second delivery (webhook twice, a poll overlapping a webhook) finds
   * the row and changes nothing. Answers the row and whether it is new.
   */
  async gravar(db: Executor, l: LeadRecebido): Promise<{ lead: LeadRegistro; novo: boolean }> {
    const veiculo_id = await leadsRepository.veiculoDoAnuncio(db, l.idRevenda, l.canal, l.idAnuncio);
    const [novo] = await db
      .insert(leads)
      .values({
        revenda_id: l.idRevenda,
        canal: l.canal,
        id_externo: l.idExterno,
        tipo: l.tipo ?? 'lead',
        veiculo_id,
        id_anuncio: l.idAnuncio,
        nome: l.nome,
        email: l.email,
        telefone: l.telefone,
        mensagem: l.mensagem,
        recebido_em: l.recebidoEm,
        bruto: l.bruto ?? null,
      })
      .onConflictDoNothing({ target: [leads.canal, leads.id_externo] })
      .returning();
    if (novo) return { lead: novo, novo: true };
    const [existente] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.canal, l.canal), eq(leads.id_externo, l.idExterno)));
    if (!existente) throw new Error('lead não gravado');
    return { lead: existente, novo: false };
  },

  /**
   * The webhook's one write (a burst, group-committed): the rows only, one `INSERT … ON CONFLICT DO NOTHING` on
   * (canal, id_externo), so a repeat adds nothing. Vehicle, round-robin and notice come later (`processarPendentes`).
   * Answers the ids of the rows this call created.
   */
  async inserir(db: Executor, ls: LeadRecebido[]): Promise<string[]> {
    if (ls.length === 0) return [];
    // The rows travel as ONE jsonb parameter of a statement prepared once (`inserirLeads`).
    const linhas = ls.map((l) => ({
      revenda_id: l.idRevenda,
      canal: l.canal,
      id_externo: l.idExterno,
      tipo: l.tipo ?? 'lead',
      id_anuncio: l.idAnuncio,
      nome: l.nome,
      email: l.email,
      telefone: l.telefone,
      mensagem: l.mensagem,
      recebido_em: l.recebidoEm.toISOString(),
      bruto: l.bruto ?? null,
    }));
    return (await inserirLeads(db, { linhas: JSON.stringify(linhas) })).map((n) => n.id);
  },

  /** Which of these resellers exist (a signed OLX endpoint outlives a deleted reseller). */
  async revendasExistentes(db: Executor, ids: string[]) {
    return (await db.select({ id: revendas.id }).from(revendas).where(inArray(revendas.id, ids))).map((r) => r.id);
  },

  /**
   * The processing after the answer, for up to `limite` leads never processed (`avisado_em` null; `ids` narrows
   * them), in one transaction: the rows are locked (SKIP LOCKED: two jobs take disjoint batches), unmatched ones get
   * their vehicle from the advert id, the round-robin assigns the unassigned in turn (per-reseller advisory lock,
   * as `distribuir`), and one UPDATE writes all of it with the claim `avisado_em` (one live event per lead). Answers
   * the claimed rows: their notices are the caller's, sent once.
   */
  async processarPendentes(db: Executor, limite: number, ids?: string[]): Promise<LeadRegistro[]> {
    return db.transaction(async (tx) => {
      const pendentes = await tx
        .select({
          id: leads.id,
          revenda_id: leads.revenda_id,
          canal: leads.canal,
          id_anuncio: leads.id_anuncio,
          veiculo_id: leads.veiculo_id,
          atribuido_a: leads.atribuido_a,
        })
        .from(leads)
        .where(and(isNull(leads.avisado_em), ids ? inArray(leads.id, ids) : undefined))
        .orderBy(asc(leads.created_at), asc(leads.id))
        .limit(limite)
        .for('update', { skipLocked: true });
      if (pendentes.length === 0) return [];
      const chave = (revenda: string, canal: string, anuncio: string) => `${revenda} ${canal} ${anuncio}`;
      const semVeiculo = pendentes.filter((l) => !l.veiculo_id && l.id_anuncio);
      const veiculoDe = new Map<string, string>();
      if (semVeiculo.length)
        for (const v of await tx
          .select({
            revenda_id: veiculoIntegracoes.revenda_id,
            canal: veiculoIntegracoes.canal,
            id_anuncio: veiculoIntegracoes.id_anuncio,
            veiculo_id: veiculoIntegracoes.veiculo_id,
          })
          .from(veiculoIntegracoes)
          .where(
            and(
              inArray(veiculoIntegracoes.revenda_id, [...new Set(semVeiculo.map((l) => l.revenda_id))]),
              inArray(veiculoIntegracoes.canal, [...new Set(semVeiculo.map((l) => l.canal))]),
              inArray(veiculoIntegracoes.id_anuncio, [...new Set(semVeiculo.map((l) => l.id_anuncio as string))]),
            ),
          ))
          veiculoDe.set(chave(v.revenda_id, v.canal, v.id_anuncio ?? ''), v.veiculo_id);
      // Round-robin: per reseller that turned it on, its active users by who got a lead longest ago, in turn.
      const atribuir = new Map<string, string>();
      const semDono = pendentes.filter((l) => !l.atribuido_a);
      const revendasComRodizio = semDono.length
        ? await tx
            .select({ id: revendas.id })
            .from(revendas)
            .where(and(inArray(revendas.id, [...new Set(semDono.map((l) => l.revenda_id))]), eq(revendas.leads_rodizio, true)))
        : [];
      for (const { id: idRevenda } of revendasComRodizio) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`leads-rodizio:${idRevenda}`}))`);
        const ultimo = sql`(select max(${leads.created_at}) from ${leads} where ${leads.atribuido_a} = ${usuarios.id})`;
        const us = await tx
          .select({ id: usuarios.id })
          .from(usuarios)
          .where(and(eq(usuarios.revenda_id, idRevenda), eq(usuarios.ativo, 1)))
          .orderBy(sql`${ultimo} asc nulls first`, asc(usuarios.created_at), asc(usuarios.id));
        if (us.length === 0) continue;
        for (const [i, l] of semDono.filter((x) => x.revenda_id === idRevenda).entries())
          atribuir.set(l.id, us[i % us.length]?.id as string);
      }
      const valores = pendentes.map(
        (l) =>
          sql`(${l.id}::uuid, ${(l.id_anuncio && veiculoDe.get(chave(l.revenda_id, l.canal, l.id_anuncio))) ?? null}::uuid, ${atribuir.get(l.id) ?? null}::uuid)`,
      );
      const feitos = await tx.execute(sql`
        update ${leads} set
          veiculo_id = coalesce(${leads.veiculo_id}, v.veiculo),
          atribuido_a = coalesce(${leads.atribuido_a}, v.dono),
          avisado_em = now(),
          updated_at = now()
        from (values ${sql.join(valores, sql`, `)}) as v(id, veiculo, dono)
        where ${leads.id} = v.id and ${leads.avisado_em} is null
        returning ${leads.id}`);
      const idsFeitos = (feitos as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
      return idsFeitos.length ? tx.select().from(leads).where(inArray(leads.id, idsFeitos)) : [];
    });
  },

  /** A buyer's message of the conversation, once per text and time (a re-delivered question adds nothing). */
  async mensagemRecebida(db: Executor, lead: LeadRegistro, texto: string, em: Date, chave: string) {
    await db
      .insert(leadMensagens)
      .values({ lead_id: lead.id, revenda_id: lead.revenda_id, autor: 'comprador', texto, estado: 'recebida', chave, enviada_em: em })
      .onConflictDoNothing({ target: [leadMensagens.lead_id, leadMensagens.chave] });
  },

  async rodizio(db: Executor, idRevenda: string) {
    const [r] = await db.select({ rodizio: revendas.leads_rodizio }).from(revendas).where(eq(revendas.id, idRevenda));
    return r?.rodizio;
  },

  async definirRodizio(db: Executor, idRevenda: string, rodizio: boolean) {
    const feito = await db
      .update(revendas)
      .set({ leads_rodizio: rodizio })
      .where(eq(revendas.id, idRevenda))
      .returning({ id: revendas.id });
    return feito.length > 0;
  },

  async listar(db: Executor, idRevenda: string | undefined, f: FiltroLeads) {
    const conds: SQL[] = [];
    if (idRevenda) conds.push(eq(leads.revenda_id, idRevenda));
    if (f.canal) conds.push(eq(leads.canal, f.canal));
    if (f.estado) conds.push(eq(leads.estado, f.estado));
    if (f.veiculo) conds.push(eq(leads.veiculo_id, f.veiculo));
    if (f.de) conds.push(sql`${diaSp(leads.recebido_em)} >= ${f.de}::date`);
    if (f.ate) conds.push(sql`${diaSp(leads.recebido_em)} <= ${f.ate}::date`);
    if (f.busca) {
      const digitos = f.busca.replace(/\D/g, '');
      const busca = or(
        contemSemAcento(leads.nome, f.busca),
        contemSemAcento(leads.email, f.busca),
        contemSemAcento(leads.mensagem, f.busca),
        ...(digitos.length >= 3 ? [ilike(leads.telefone, `%${digitos}%`)] : []),
      );
      if (busca) conds.push(busca);
    }
    const onde = conds.length ? and(...conds) : undefined;
    const linhas = await selecionar(db)
      .where(onde)
      .orderBy(desc(leads.recebido_em), desc(leads.id))
      .limit(f.por_pagina)
      .offset((f.pagina - 1) * f.por_pagina);
    const [contagem] = await db.select({ n: sql<number>`count(*)::int` }).from(leads).where(onde);
    return { itens: linhas.map(leadPublico), total: Number(contagem?.n ?? 0) };
  },

  /** The reseller's leads among `ids`, in the list's shape and order (another reseller's, or a deleted one: absent). */
  async porIds(db: Executor, idRevenda: string, ids: string[]) {
    const linhas = await selecionar(db)
      .where(and(eq(leads.revenda_id, idRevenda), inArray(leads.id, ids)))
      .orderBy(desc(leads.recebido_em), desc(leads.id));
    return linhas.map(leadPublico);
  },

  async buscar(db: Executor, idRevenda: string, idLead: string) {
    const [l] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.id, idLead), eq(leads.revenda_id, idRevenda)));
    return l;
  },

  /**
   * One lead as the API shows it with its conversation (oldest first), in one query: the open inbox reads each live
   * lead (bench/leads-webhook.ts). With `idRevenda`, only that reseller's (another's: undefined).
   */
  async detalhe(db: Executor, idLead: string, idRevenda?: string) {
    const m = leadMensagens;
    const [l] = await db
      .select({
        ...colunasLista,
        conversa: sql<ConversaJson[]>`coalesce((select json_agg(json_build_object('id', ${m.id}, 'autor', ${m.autor},
          'texto', ${m.texto}, 'enviada_em', ${m.enviada_em}, 'estado', ${m.estado}, 'erro', ${m.erro})
          order by ${m.enviada_em}, ${m.created_at}) from ${m} where ${m.lead_id} = ${leads.id}), '[]'::json)`,
      })
      .from(leads)
      .leftJoin(veiculos, eq(veiculos.id, leads.veiculo_id))
      .leftJoin(usuarios, eq(usuarios.id, leads.estado_por))
      .where(and(eq(leads.id, idLead), idRevenda ? eq(leads.revenda_id, idRevenda) : undefined));
    if (!l) return undefined;
    const conversa = typeof l.conversa === 'string' ? (JSON.parse(l.conversa) as ConversaJson[]) : l.conversa;
    return {
      ...leadPublico(l),
      mensagens: conversa.map((c) => ({ ...c, enviada_em: new Date(c.enviada_em).toISOString() })),
    };
  },

  async mudarEstado(db: Executor, idLead: string, estado: Lead['estado'], idUsuario: string | null) {
    await db
      .update(leads)
      .set({ estado, estado_por: idUsuario, estado_em: sql`now()`, updated_at: sql`now()` })
      .where(eq(leads.id, idLead));
  },

  async excluir(db: Executor, idLead: string) {
    await db.delete(leads).where(eq(leads.id, idLead));
  },

  /**
   * Retention (LGPD): leads received before `antesDe` lose their personal data (name, e-mail, phone, message, raw
   * payload and the conversation's texts); the row stays for the counts (channel, vehicle, state, dates).
   */
  async anonimizar(db: Executor, antesDe: Date, rotulo: string) {
    return db.transaction(async (tx) => {
      const alvos = tx
        .select({ id: leads.id })
        .from(leads)
        .where(and(lt(leads.recebido_em, antesDe), sql`${leads.anonimizado_em} is null`));
      await tx.update(leadMensagens).set({ texto: rotulo, updated_at: sql`now()` }).where(sql`${leadMensagens.lead_id} in ${alvos}`);
      const feitos = await tx
        .update(leads)
        .set({ nome: null, email: null, telefone: null, mensagem: null, bruto: null, anonimizado_em: sql`now()`, updated_at: sql`now()` })
        .where(and(lt(leads.recebido_em, antesDe), sql`${leads.anonimizado_em} is null`))
        .returning({ id: leads.id });
      return feitos.length;
    });
  },
};
