import type { CanalId, EstadoLead } from '@intermedio/contracts';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { alteradoEm, criadoEm, idPrimario } from './comum.ts';
import { revendas } from './revendas.ts';
import { veiculos } from './veiculos.ts';

/**
 * A buyer's contact received from a channel (issue 26, modules/leads): stored once per (canal, id_externo), whatever
 * delivered it (a webhook twice, a poll overlapping a webhook). `veiculo_id` null: the advert was not found.
 * Personal data (nome, email, telefone, mensagem, bruto) is erased by the retention job or on request (LGPD).
 */
export const leads = pgTable(
  'leads',
  {
    id: idPrimario(),
    revenda_id: uuid('revenda_id')
      .notNull()
      .references(() => revendas.id, { onDelete: 'cascade' }),
    canal: text('canal').$type<CanalId>().notNull(),
    id_externo: text('id_externo').notNull(),
    tipo: text('tipo').$type<'lead' | 'pergunta' | 'proposta'>().notNull().default('lead'),
    veiculo_id: uuid('veiculo_id').references(() => veiculos.id, { onDelete: 'set null' }),
    id_anuncio: text('id_anuncio'),
    nome: text('nome'),
    email: text('email'),
    telefone: text('telefone'),
    mensagem: text('mensagem'),
    recebido_em: timestamp('recebido_em', { withTimezone: true }).notNull().defaultNow(),
    estado: text('estado').$type<EstadoLead>().notNull().default('novo'),
    estado_por: uuid('estado_por'),
    estado_em: timestamp('estado_em', { withTimezone: true }).notNull().defaultNow(),
    atribuido_a: uuid('atribuido_a'),
    /** What the channel sent, minus what is already in the columns: kept small, erased with the rest. */
    bruto: jsonb('bruto').$type<Record<string, unknown>>(),
    anonimizado_em: timestamp('anonimizado_em', { withTimezone: true }),
    /** When the new-lead notice (push + e-mail) was claimed: set once, so a retried job notifies nobody twice. */
    avisado_em: timestamp('avisado_em', { withTimezone: true }),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
  },
  (t) => [
    uniqueIndex('leads_canal_externo_uq').on(t.canal, t.id_externo),
    index('leads_revenda_idx').on(t.revenda_id, t.recebido_em),
    index('leads_veiculo_idx').on(t.veiculo_id),
    check('leads_estado_chk', sql`${t.estado} in ('novo','em_atendimento','respondido','convertido','perdido')`),
    check('leads_tipo_chk', sql`${t.tipo} in ('lead','pergunta','proposta')`),
  ],
);

/**
 * The conversation of a lead where the channel has one (Mercado Livre questions): the buyer's messages and the
 * reseller's answers. An answer is a durable send: `chave` (idempotency key, unique per lead) and a lease
 * (`lease_ate`) while `enviando`, so a double click or a retried request never posts it twice.
 */
export const leadMensagens = pgTable(
  'lead_mensagens',
  {
    id: idPrimario(),
    lead_id: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    revenda_id: uuid('revenda_id').notNull(),
    autor: text('autor').$type<'comprador' | 'revenda'>().notNull(),
    texto: text('texto').notNull(),
    estado: text('estado').$type<'recebida' | 'enviando' | 'enviada' | 'falhou'>().notNull().default('recebida'),
    chave: text('chave'),
    lease_ate: timestamp('lease_ate', { withTimezone: true }),
    erro: text('erro'),
    usuario_id: uuid('usuario_id'),
    enviada_em: timestamp('enviada_em', { withTimezone: true }).notNull().defaultNow(),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
  },
  (t) => [
    index('lead_mensagens_lead_idx').on(t.lead_id, t.enviada_em),
    uniqueIndex('lead_mensagens_chave_uq').on(t.lead_id, t.chave),
    check('lead_mensagens_autor_chk', sql`${t.autor} in ('comprador','revenda')`),
    check('lead_mensagens_estado_chk', sql`${t.estado} in ('recebida','enviando','enviada','falhou')`),
  ],
);
