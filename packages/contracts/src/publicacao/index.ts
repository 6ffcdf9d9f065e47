import type { z } from 'zod';
import type { CanalId } from '../constantes.ts';
import { rascunhoAutoline, veiculoPostAutoline } from './autoline.ts';
import { postAutoscar, rascunhoAutoscar } from './autoscar.ts';
import { postFacebook, rascunhoFacebook } from './facebook.ts';
import { postIcarros, rascunhoIcarros } from './icarros.ts';
import { postInstagram, rascunhoInstagram } from './instagram.ts';
import { postMercadoLivre, rascunhoMercadoLivre } from './mercadolivre.ts';
import { postMeuCarroNovo, rascunhoMeuCarroNovo } from './meucarronovo.ts';
import { postMobiauto, rascunhoMobiauto } from './mobiauto.ts';
import { postOlx, rascunhoOlx } from './olx.ts';
import { postWebmotors, rascunhoWebmotors } from './webmotors.ts';

export * from './comum.ts';
export * from './facebook.ts';
export * from './icarros.ts';
export * from './instagram.ts';
export * from './meucarronovo.ts';
export * from './mobiauto.ts';
export * from './modelo.ts';
export * from './padroes.ts';
export * from './portais.ts';
export * from './sincronizacao.ts';

/** A channel's publishing contract: the draft `incluir` answers and the `veiculo_post` that `enviar` takes. */
export type EsquemasPublicacao = { rascunho: z.ZodType; post: z.ZodType };

/**
 * THE map of channels that publish vehicles (one line per channel). The server registers the routes of spec 3 §7
 * for each channel here whose adapter has `publicacao`; the web validates each screen with the same `post`.
 */
export const ESQUEMAS_PUBLICACAO: Partial<Record<CanalId, EsquemasPublicacao>> = {
  autoline: { rascunho: rascunhoAutoline, post: veiculoPostAutoline },
  autoscar: { rascunho: rascunhoAutoscar, post: postAutoscar },
  facebook: { rascunho: rascunhoFacebook, post: postFacebook },
  instagram: { rascunho: rascunhoInstagram, post: postInstagram },
  icarros: { rascunho: rascunhoIcarros, post: postIcarros },
  meucarronovo: { rascunho: rascunhoMeuCarroNovo, post: postMeuCarroNovo },
  mobiauto: { rascunho: rascunhoMobiauto, post: postMobiauto },
  mercadolivre: { rascunho: rascunhoMercadoLivre, post: postMercadoLivre },
  olx: { rascunho: rascunhoOlx, post: postOlx },
  webmotors: { rascunho: rascunhoWebmotors, post: postWebmotors },
};
