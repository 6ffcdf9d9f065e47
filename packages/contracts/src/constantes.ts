/**
 * Constants without zod: the web's first screen (route table, API client) imports only these, so the zod schemas
 * are not part of the sign-in page's download (issue 15: first-load budget). Keep zod out of this file.
 */

export const CABECALHO_CSRF = 'x-csrf-token';

/** Internal ids of the ten channels (Na Pista is `meucarronovo` internally). */
export const CANAIS = [
  'autoline',
  'autoscar',
  'facebook',
  'icarros',
  'instagram',
  'mercadolivre',
  'mobiauto',
  'meucarronovo',
  'olx',
  'webmotors',
] as const;
export type CanalId = (typeof CANAIS)[number];

/** Labels of the ten channels (Na Pista is `meucarronovo` in routes and records). */
export const ROTULO_CANAL: Record<CanalId, string> = {
  autoline: 'Autoline',
  autoscar: 'Autoscar',
  facebook: 'Facebook',
  icarros: 'iCarros',
  instagram: 'Instagram',
  mercadolivre: 'Mercado Livre',
  mobiauto: 'Mobiauto',
  meucarronovo: 'Na Pista',
  olx: 'Olx',
  webmotors: 'Webmotors',
};

/** Channels whose configuration only an admin may open and change (spec 1 §2, §6). */
export const CANAIS_SO_ADMIN: readonly CanalId[] = ['autoscar', 'olx'];
/** Channels whose Configurar link in the integrations list shows only to an admin. */
export const LINKS_SO_ADMIN: readonly CanalId[] = ['autoscar', 'mercadolivre', 'olx'];
export const CANAIS_SOCIAIS: readonly CanalId[] = ['facebook', 'instagram'];

/** The channels configured by an OAuth consent page in the channel ("Autorizar no {canal}"). */
export const CANAIS_AUTORIZACAO = ['olx', 'mercadolivre'] as const;
export type CanalAutorizacao = (typeof CANAIS_AUTORIZACAO)[number];
