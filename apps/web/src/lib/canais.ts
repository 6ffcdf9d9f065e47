import type { CanalId } from '@intermedio/contracts';

/** Names shown to users for each channel (Na Pista is `meucarronovo` internally). */
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
