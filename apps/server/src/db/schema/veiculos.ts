import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { alteradoEm, alteradoPor, criadoEm, criadoPor, idPrimario } from './comum.ts';
import { revendas } from './revendas.ts';

const flag = (nome: string) => smallint(nome).notNull().default(0);

export type OpcionalVeiculo = { id: string; descricao: string; ordenacao: number };
export type LocalAnuncioVeiculo = {
  id: string;
  idLocal: string;
  descricao: string;
  ordenacao: number;
  codigoMarca?: string | null;
  codigoModelo?: string | null;
  codigoVersao?: string | null;
  /** The chosen version's name, stored with its code. */
  versao?: string | null;
  selecionaVersao?: boolean;
  selected?: boolean;
  versoes?: { codigo_versao: string; versao: string }[];
};

/** Vehicle of a reseller (spec 2 §3). */
export const veiculos = pgTable(
  'veiculos',
  {
    id: idPrimario(),
    revenda_id: uuid('revenda_id')
      .notNull()
      .references(() => revendas.id, { onDelete: 'cascade' }),
    vetipoveiculo: text('vetipoveiculo').$type<'carro' | 'moto' | 'caminhao' | 'outros'>().notNull(),
    vefipe_marca: text('vefipe_marca').notNull(),
    vefipe_name: text('vefipe_name').notNull(),
    ve_modelo: text('ve_modelo').notNull(),
    ve_versao: text('ve_versao').notNull(),
    vefipe_codigo: text('vefipe_codigo'),
    veano_fabricacao: integer('veano_fabricacao').notNull(),
    vefipe_ano_modelo: integer('vefipe_ano_modelo').notNull(),
    vefipe_combustivel: text('vefipe_combustivel').notNull().default('flex'),
    vecambio: text('vecambio'),
    vecor: text('vecor'),
    veportas: smallint('veportas'),
    vecarroceria: text('vecarroceria'),
    veiplaca: text('veiplaca'),
    vequilometragem: text('vequilometragem').notNull().default('0'),
    vevalor: numeric('vevalor', { precision: 14, scale: 2 }).notNull(),
    vecodigo_interno: text('vecodigo_interno'),
    veobservacao: text('veobservacao'),
    veveiculonovo: flag('veveiculonovo'),
    veipva_pago: flag('veipva_pago'),
    veblindado: flag('veblindado'),
    vegarantia_fabrica: flag('vegarantia_fabrica'),
    veexibir_site: boolean('veexibir_site').notNull().default(true),
    opcionais: jsonb('opcionais').$type<OpcionalVeiculo[]>().notNull().default([]),
    locais_anuncio: jsonb('locais_anuncio').$type<LocalAnuncioVeiculo[]>().notNull().default([]),
    vedestaque: flag('vedestaque'),
    vealterado: flag('vealterado'),
    vevendido: flag('vevendido'),
    veremovido: flag('veremovido'),
    vevalidacaoincluido: flag('vevalidacaoincluido'),
    vevalidacaoalterado: flag('vevalidacaoalterado'),
    vevalidacaovendido: flag('vevalidacaovendido'),
    vevalidacaoremovido: flag('vevalidacaoremovido'),
    imagens_verificado: flag('imagens_verificado'),
    veremovido_usuario: uuid('veremovido_usuario'),
    veremovido_usuario_nome: text('veremovido_usuario_nome'),
    vedataremovido: timestamp('vedataremovido', { withTimezone: true }),
    created_id: criadoPor(),
    updated_id: alteradoPor(),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
  },
  (t) => [
    // Serves the stock list and the history in their order (vevendido, then most recently changed first).
    index('veiculos_revenda_lista_idx').on(t.revenda_id, t.veremovido, t.vevendido, t.updated_at.desc(), t.id.desc()),
    check('veiculos_tipo_chk', sql`${t.vetipoveiculo} in ('carro','moto','caminhao','outros')`),
  ],
);

/** Photos of a vehicle, in display order. */
export const veiculoImagens = pgTable(
  'veiculo_imagens',
  {
    id: idPrimario(),
    veiculo_id: uuid('veiculo_id')
      .notNull()
      .references(() => veiculos.id, { onDelete: 'cascade' }),
    revenda_id: uuid('revenda_id').notNull(),
    posicao: integer('posicao').notNull(),
    imagem: text('imagem'),
    file_name: text('file_name').notNull(),
    file_url: text('file_url').notNull(),
    file_thumb: text('file_thumb'),
    /** The uploaded original (kept for the vehicle package download). */
    file_original: text('file_original'),
    created_at: criadoEm(),
  },
  (t) => [
    index('veiculo_imagens_veiculo_idx').on(t.veiculo_id, t.posicao),
    // /arquivos/ finds the vehicle of a photo's file by its upload folder (midia/acesso-arquivos.ts).
    index('veiculo_imagens_pasta_idx').on(pastaDaFoto(t.file_original)),
  ],
);

/**
 * The upload folder (revendas/{id}/veiculo/{envio}) of a photo, from its original's address (any prefix: /arquivos/
 * or the bucket's public address). The same expression in a query uses veiculo_imagens_pasta_idx.
 */
export function pastaDaFoto(original: AnyPgColumn) {
  return sql`substring(${original} from '(revendas/[0-9a-f-]{36}/veiculo/[0-9a-z-]+)/[^/]+$')`;
}

/** The vehicle's advert on one channel (spec 3 §3.1) and the state of the last send. */
export const veiculoIntegracoes = pgTable(
  'veiculo_integracoes',
  {
    veiculo_id: uuid('veiculo_id')
      .notNull()
      .references(() => veiculos.id, { onDelete: 'cascade' }),
    canal: text('canal').notNull(),
    revenda_id: uuid('revenda_id').notNull(),
    status: boolean('status').notNull().default(false),
    id_anuncio: text('id_anuncio'),
    url_anuncio: text('url_anuncio'),
    dados: jsonb('dados').$type<Record<string, unknown>>().notNull().default({}),
    /** pendente (sent, no answer yet) → publicado | falhou (modules/publicacao). */
    estado: text('estado').$type<'pendente' | 'publicado' | 'falhou'>().notNull().default('publicado'),
    ultimo_erro: text('ultimo_erro'),
    /** The idempotency key of the current send: the channel gets it as the integrator's reference where it can. */
    chave: text('chave'),
    /**
     * Until when the pending send belongs to the request that made it; after that the reconciliation resolves it.
     * On a published advert: a change (alterar) is in flight, `chave` and `envio` being that change's.
     */
    lease_ate: timestamp('lease_ate', { withTimezone: true }),
    /**
     * What the lease on an existing advert is for: 'alterar' (a change in flight) or 'excluir' (its removal at the
     * channel: Excluir, a sale's removal, or a deal the channel blocked on a failed send), so that only one call to
     * the channel runs per vehicle × channel and the reconciliation knows how to finish an interrupted one.
     */
    operacao: text('operacao').$type<'alterar' | 'excluir'>(),
    /** The post as sent (validated), for the reconciliation lookup of channels without an integrator reference. */
    envio: jsonb('envio').$type<Record<string, unknown>>(),
    /** The vehicle changed after the advert was published: the channel shows old data. */
    desatualizado: boolean('desatualizado').notNull().default(false),
    tentativa_em: timestamp('tentativa_em', { withTimezone: true }),
    /** The reseller asked for this advert's update (Atualizar em todos os canais, Tentar de novo): the sync takes it while later than tentativa_em. */
    sincronizar_em: timestamp('sincronizar_em', { withTimezone: true }),
    respondido_em: timestamp('respondido_em', { withTimezone: true }),
    /**
     * Who started the current operation (send, change, removal), for its history (veiculo_integracoes_historico);
     * null: started by the product itself (sync, a sale's removal, a bulk job, the reconciliation).
     */
    usuario_id: uuid('usuario_id'),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
  },
  (t) => [
    primaryKey({ columns: [t.veiculo_id, t.canal] }),
    index('veiculo_integracoes_pendentes_idx').on(t.lease_ate).where(sql`${t.estado} = 'pendente'`),
    // A lease on a published advert is a change (alterar) in flight; the reconciliation looks for expired ones.
    index('veiculo_integracoes_alteracoes_idx').on(t.lease_ate).where(sql`${t.estado} = 'publicado' and ${t.lease_ate} is not null`),
    // Removals at the channel (operacao 'excluir'): the reconciliation finishes the interrupted ones.
    index('veiculo_integracoes_exclusoes_idx').on(t.lease_ate).where(sql`${t.operacao} = 'excluir'`),
    check('veiculo_integracoes_estado_chk', sql`${t.estado} in ('pendente','publicado','falhou')`),
    check('veiculo_integracoes_operacao_chk', sql`${t.operacao} in ('alterar','excluir')`),
  ],
);

/**
 * Every operation on a vehicle's advert (issue 25 item 5: the view's timeline): one row per operation and key, from
 * its start (pendente) to its result. Written only by the trigger on veiculo_integracoes (migration 0026), so in the
 * very statement (and transaction) that records the send, change or removal: no extra transaction, no path missed.
 */
export const veiculoIntegracoesHistorico = pgTable(
  'veiculo_integracoes_historico',
  {
    id: idPrimario(),
    veiculo_id: uuid('veiculo_id')
      .notNull()
      .references(() => veiculos.id, { onDelete: 'cascade' }),
    revenda_id: uuid('revenda_id').notNull(),
    canal: text('canal').notNull(),
    /** The operation's idempotency key (veiculo_integracoes.chave). */
    chave: text('chave').notNull(),
    /** enviar (a send, also "Publicar de novo"), alterar (spec 3's Alterar), sincronizar (issue 24's sync), excluir. */
    operacao: text('operacao').$type<'enviar' | 'alterar' | 'sincronizar' | 'excluir'>().notNull(),
    estado: text('estado').$type<'pendente' | 'publicado' | 'removido' | 'falhou'>().notNull().default('pendente'),
    /** The channel's reason (falhou), or why it is still pending (no answer yet). */
    motivo: text('motivo'),
    id_anuncio: text('id_anuncio'),
    /** Who started it; null: automatic. */
    usuario_id: uuid('usuario_id'),
    iniciado_em: timestamp('iniciado_em', { withTimezone: true }).notNull().defaultNow(),
    respondido_em: timestamp('respondido_em', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('veiculo_integracoes_historico_uq').on(t.veiculo_id, t.canal, t.chave, t.operacao),
    index('veiculo_integracoes_historico_veiculo_idx').on(t.veiculo_id, t.iniciado_em),
    check('veiculo_integracoes_historico_operacao_chk', sql`${t.operacao} in ('enviar','alterar','sincronizar','excluir')`),
    check('veiculo_integracoes_historico_estado_chk', sql`${t.estado} in ('pendente','publicado','removido','falhou')`),
  ],
);

/** Change history of a vehicle: per changed field `{ antiga, nova }` (spec 2 §3 "alteracoes"). */
export const veiculoAlteracoes = pgTable(
  'veiculo_alteracoes',
  {
    id: idPrimario(),
    veiculo_id: uuid('veiculo_id')
      .notNull()
      .references(() => veiculos.id, { onDelete: 'cascade' }),
    revenda_id: uuid('revenda_id').notNull(),
    vedataalteracao: timestamp('vedataalteracao', { withTimezone: true }).notNull().defaultNow(),
    usuario_id: uuid('usuario_id'),
    veusuarioalterou: text('veusuarioalterou').notNull(),
    campos: jsonb('campos').$type<Record<string, { antiga: string; nova: string }>>().notNull(),
  },
  (t) => [index('veiculo_alteracoes_veiculo_idx').on(t.veiculo_id, t.vedataalteracao)],
);

/**
 * A vehicle marked sold from the panel (issue 16): when, and the sold item ("Publicar vendido") created for it, so a
 * retried job never creates a second one. Deleted by "Desfazer venda".
 */
export const veiculoVendas = pgTable(
  'veiculo_vendas',
  {
    veiculo_id: uuid('veiculo_id')
      .primaryKey()
      .references(() => veiculos.id, { onDelete: 'cascade' }),
    revenda_id: uuid('revenda_id')
      .notNull()
      .references(() => revendas.id, { onDelete: 'cascade' }),
    vendido_em: timestamp('vendido_em', { withTimezone: true }).notNull().defaultNow(),
    usuario_id: uuid('usuario_id'),
    /** "Publicar vendido" was asked in the confirmation. */
    publicar_vendido: boolean('publicar_vendido').notNull().default(false),
    /** The sold item created from the vehicle's first photo (null until the job creates it). */
    vendido_id: uuid('vendido_id'),
    /** Why the sold post could not be made (no photo, no network, a network refused), for the view. */
    vendido_erro: text('vendido_erro'),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
  },
  (t) => [index('veiculo_vendas_revenda_idx').on(t.revenda_id, t.vendido_em)],
);

/**
 * Taking one advert down after a sale (issue 16): vehicle × channel, removendo → removido | falhou. A row is claimed
 * with a lease (`lease_ate`) before the channel is called; an expired lease (crash) is claimed again by the job.
 */
export const veiculoRemocoes = pgTable(
  'veiculo_remocoes',
  {
    id: idPrimario(),
    veiculo_id: uuid('veiculo_id')
      .notNull()
      .references(() => veiculos.id, { onDelete: 'cascade' }),
    revenda_id: uuid('revenda_id').notNull(),
    canal: text('canal').notNull(),
    /** The advert to remove; null while the send was still pending when the vehicle was sold. */
    id_anuncio: text('id_anuncio'),
    estado: text('estado').$type<'removendo' | 'removido' | 'falhou'>().notNull().default('removendo'),
    /** The channel has no API removal (Instagram): counted as removed, the dealer removes it in the app. */
    manual: boolean('manual').notNull().default(false),
    ultimo_erro: text('ultimo_erro'),
    tentativas: integer('tentativas').notNull().default(0),
    lease_ate: timestamp('lease_ate', { withTimezone: true }),
    removido_em: timestamp('removido_em', { withTimezone: true }),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
  },
  (t) => [
    uniqueIndex('veiculo_remocoes_veiculo_canal_uq').on(t.veiculo_id, t.canal),
    index('veiculo_remocoes_removendo_idx').on(t.lease_ate).where(sql`${t.estado} = 'removendo'`),
    check('veiculo_remocoes_estado_chk', sql`${t.estado} in ('removendo','removido','falhou')`),
  ],
);
