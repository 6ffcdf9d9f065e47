import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { criadoEm, criadoPor, idPrimario } from './comum.ts';
import { revendas } from './revendas.ts';

export type ImagemMidia = {
  fileUrl: string;
  fileThumb?: string | null;
  fileName: string;
  /** The untouched upload (what Baixar downloads), when it differs from fileUrl. */
  fileOriginal?: string | null;
  video?: boolean;
  public_id?: string | null;
  asset_id?: string | null;
};

const refRevenda = () =>
  uuid('revenda_id')
    .notNull()
    .references(() => revendas.id, { onDelete: 'cascade' });

/** Columns shared by banners and sold items (spec 3 §3.12): requested and published flags per network. */
const publicacaoSocial = () => ({
  id: idPrimario(),
  revenda_id: refRevenda(),
  imagem: jsonb('imagem').$type<ImagemMidia[]>().notNull(),
  nome_revenda: text('nome_revenda'),
  ig_stories: boolean('ig_stories').notNull().default(true),
  ig_feed: boolean('ig_feed').notNull().default(true),
  fb_feed: boolean('fb_feed').notNull().default(true),
  valida_stories: boolean('valida_stories').notNull().default(false),
  valida_feed: boolean('valida_feed').notNull().default(false),
  fb_valida_feed: boolean('fb_valida_feed').notNull().default(false),
  id_stories: text('id_stories'),
  url_stories: text('url_stories'),
  id_feed: text('id_feed'),
  url_feed: text('url_feed'),
  fb_id_feed: text('fb_id_feed'),
  fb_url_feed: text('fb_url_feed'),
  created_id: criadoPor(),
  created_at: criadoEm(),
});

export const banners = pgTable('banners', { ...publicacaoSocial(), peblocotextobanners: text('peblocotextobanners').notNull() }, (t) => [
  index('banners_revenda_idx').on(t.revenda_id, t.created_at),
]);

export const vendidos = pgTable(
  'vendidos',
  { ...publicacaoSocial(), peblocotextovendidos: text('peblocotextovendidos').notNull() },
  (t) => [index('vendidos_revenda_idx').on(t.revenda_id, t.created_at)],
);

const imagemRevenda = () => ({
  id: idPrimario(),
  revenda_id: refRevenda(),
  imagem_url: text('imagem_url').notNull(),
  imagem_name: text('imagem_name').notNull(),
  created_id: criadoPor(),
  created_at: criadoEm(),
});

/** Highlight images and site banners of a reseller (admin only). */
export const imagensDestaque = pgTable('imagens_destaque', imagemRevenda(), (t) => [
  index('imagens_destaque_revenda_idx').on(t.revenda_id),
]);
export const bannersSite = pgTable('banners_site', imagemRevenda(), (t) => [index('banners_site_revenda_idx').on(t.revenda_id)]);

/**
 * Uploads not yet seen in use (midia/orfaos.ts): the upload routes write one row per upload (the folder of an image's
 * or video's renditions, or one logo / frame file); a record that mentions the upload drops the row when it is written
 * (trigger, migration 0014), and the housekeeping job removes the files of one still there after the grace period.
 */
export const enviosPendentes = pgTable(
  'envios_pendentes',
  {
    chave: text('chave').primaryKey(),
    /** The key is a folder (every file under it goes), not a single file. */
    pasta: boolean('pasta').notNull(),
    created_at: criadoEm(),
  },
  (t) => [index('envios_pendentes_criado_idx').on(t.created_at)],
);
