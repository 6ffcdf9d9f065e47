import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { alteradoEm, alteradoPor, criadoEm, criadoPor, idPrimario, sqlChaveOrdenacao } from './comum.ts';

/** Reseller (spec 1 §3). Field names follow the spec: the reseller's mobile app shares this data. */
export const revendas = pgTable(
  'revendas',
  {
    id: idPrimario(),
    perazao_social_nome: text('perazao_social_nome').notNull(),
    penome_fantasia: text('penome_fantasia').notNull(),
    pecpf_cnpj: text('pecpf_cnpj'),
    peinscricaoestadual: text('peinscricaoestadual'),
    peinscricaomunicipal: text('peinscricaomunicipal'),
    peemail: text('peemail').notNull(),
    pehomepage: text('pehomepage'),
    petelefone1: text('petelefone1'),
    petelefone2: text('petelefone2'),
    petelefone3: text('petelefone3'),
    pecep_fiscal: text('pecep_fiscal'),
    peendereco_fiscal: text('peendereco_fiscal'),
    peendereco_fiscal_numero: integer('peendereco_fiscal_numero'),
    peendereco_fiscal_compl: text('peendereco_fiscal_compl'),
    pebairro_fiscal: text('pebairro_fiscal'),
    pecidade: text('pecidade'),
    peuf: text('peuf'),
    peblocotexto: text('peblocotexto'),
    peblocotextovendidos: text('peblocotextovendidos'),
    peblocotextobanners: text('peblocotextobanners'),
    peobsadm: text('peobsadm'),
    logotipo: text('logotipo'),
    plano: text('plano').notNull(),
    /** Sync of published adverts after a vehicle save (issue 24 item 1): 'automatico' or 'perguntar'. */
    sincronizacao: text('sincronizacao').$type<'automatico' | 'perguntar'>().notNull().default('automatico'),
    /** Round-robin of new leads among the reseller's active users (issue 26 item 3); off by default. */
    leads_rodizio: boolean('leads_rodizio').notNull().default(false),
    /** Public site feed (issue 27 item 2): off by default; the slug is its random address (/feed/{slug}.json). */
    feed_ativo: boolean('feed_ativo').notNull().default(false),
    feed_slug: text('feed_slug').unique('revendas_feed_slug_key'),
    recursos: jsonb('recursos').$type<Record<string, boolean>>().notNull().default({}),
    pedatavencimento: smallint('pedatavencimento'),
    /** Monthly fee: exact numeric (the original kept it as text), shown as R$ 1.234,56. */
    pevalormensalidade: numeric('pevalormensalidade', { precision: 12, scale: 2 }),
    pestatus: text('pestatus'),
    ativo: smallint('ativo').notNull().default(1),
    texto_sobre_nos_site: text('texto_sobre_nos_site'),
    horario_seg_sex: text('horario_seg_sex'),
    horario_sab: text('horario_sab'),
    mapa_link: text('mapa_link'),
    instagram_link: text('instagram_link'),
    facebook_link: text('facebook_link'),
    tipo_moldura_veiculo: text('tipo_moldura_veiculo'),
    diretorio_veiculo: text('diretorio_veiculo'),
    imagem_moldura_veiculo: text('imagem_moldura_veiculo'),
    tipo_moldura_vendido: text('tipo_moldura_vendido'),
    diretorio_vendido: text('diretorio_vendido'),
    imagem_moldura_vendido: text('imagem_moldura_vendido'),
    transformation: text('transformation'),
    transformation_vendidos: text('transformation_vendidos'),
    transformation_videos: text('transformation_videos'),
    created_id: criadoPor(),
    updated_id: alteradoPor(),
    created_at: criadoEm(),
    updated_at: alteradoEm(),
    /** Sort keys of the lists (spec 1 §2: by plano then store name), kept by the database so an index serves the ORDER BY. */
    plano_ordem: smallint('plano_ordem').generatedAlwaysAs(
      sql`case plano when 'basico' then 0 when 'vendedor' then 1 when 'familiar' then 2 when 'showroom' then 3 else 4 end`,
    ),
    nome_ordenacao: text('nome_ordenacao').generatedAlwaysAs(sqlChaveOrdenacao('penome_fantasia')),
    /**
     * Its users and how many are blocked, kept by triggers on usuarios (migration 0009), so the reseller list reads
     * one table through one index instead of counting every user of every reseller on each call (issue 18).
     */
    usuarios_total: integer('usuarios_total').notNull().default(0),
    usuarios_bloqueados: integer('usuarios_bloqueados').notNull().default(0),
  },
  (t) => [
    index('revendas_plano_nome_idx').on(t.plano, t.penome_fantasia),
    index('revendas_lista_idx').on(t.plano_ordem, sql`${t.nome_ordenacao} collate "C"`, t.id),
    check('revendas_plano_chk', sql`${t.plano} in ('basico','vendedor','familiar','showroom','concessionaria')`),
    check('revendas_ativo_chk', sql`${t.ativo} in (0, 1)`),
    check('revendas_sincronizacao_chk', sql`${t.sincronizacao} in ('automatico','perguntar')`),
  ],
);

/** Ad locations chosen for a reseller (locais_anuncio_revenda). */
export const revendaLocaisAnuncio = pgTable(
  'revenda_locais_anuncio',
  {
    id: idPrimario(),
    revenda_id: uuid('revenda_id')
      .notNull()
      .references(() => revendas.id, { onDelete: 'cascade' }),
    id_local: uuid('id_local').notNull(),
    descricao: text('descricao').notNull(),
    ordenacao: integer('ordenacao').notNull().default(0),
  },
  (t) => [index('revenda_locais_anuncio_revenda_idx').on(t.revenda_id)],
);
