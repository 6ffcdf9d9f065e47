import type { CanalId } from '@intermedio/contracts';
import type { ComponentType } from 'react';

type Pagina = () => Promise<{ default: ComponentType }>;

/**
 * THE routes map of the channels' publishing screens: one line per screen, keyed `{canal}/{caminho}` with the
 * caminho of spec 3 §2.2 (`incluir`, `incluir-carro`, `:idAnuncio/alterar-moto`…). A route without a line shows the
 * "em construção" page; the dispatchers (`incluir` / `:idAnuncio/alterar` of channels with per-type screens) are
 * built by telas.ts, not listed here.
 */
export const PAGINAS_PUBLICACAO: Partial<Record<`${CanalId}/${string}`, Pagina>> = {
  'autoline/incluir': () => import('./autoline/PaginaIncluirAutoline'),
  'autoscar/incluir-carro': () => import('./autoscar/PaginaIncluirCarroAutoscar'),
  'autoscar/incluir-moto': () => import('./autoscar/PaginaIncluirMotoAutoscar'),
  'autoscar/:idAnuncio/alterar-carro': () => import('./autoscar/PaginaAlterarCarroAutoscar'),
  'autoscar/:idAnuncio/alterar-moto': () => import('./autoscar/PaginaAlterarMotoAutoscar'),
  'facebook/incluir': () => import('./facebook/PaginaIncluirFacebook'),
  'instagram/incluir': () => import('./instagram/PaginaIncluirInstagram'),
  'icarros/incluir': () => import('./icarros/PaginaIncluirIcarros'),
  'meucarronovo/incluir': () => import('./meucarronovo/PaginaIncluirNaPista'),
  'mobiauto/incluir-carro': () => import('./mobiauto/PaginaIncluirMobiauto'),
  'mercadolivre/incluir-carro': () => import('./mercadolivre/PaginaIncluirCarroMercadoLivre'),
  'mercadolivre/incluir-moto': () => import('./mercadolivre/PaginaIncluirMotoMercadoLivre'),
  'olx/incluir': () => import('./olx/PaginaIncluirOlx'),
  'webmotors/incluir-carro': () => import('./webmotors/PaginaIncluirCarroWebmotors'),
  'webmotors/incluir-moto': () => import('./webmotors/PaginaIncluirMotoWebmotors'),
  'webmotors/:idAnuncio/alterar': () => import('./webmotors/PaginaAlterarWebmotors'),
};
