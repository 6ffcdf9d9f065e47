import type { CanalId, FilaModeracao } from '@intermedio/contracts';

/**
 * Typed builders of every in-app address (spec 1 §2, spec 2 §2, spec 3 §2.2).
 * Screens link with `rotas.revenda.integracao(id)`, never with hand-written strings.
 */
const seg = (valor: string) => encodeURIComponent(valor);
const r = (idRevenda: string) => `/revenda/${seg(idRevenda)}`;
const v = (idRevenda: string, idVeiculo: string) => `${r(idRevenda)}/veiculos/${seg(idVeiculo)}`;

/** Vehicle kinds of the per-channel dispatchers (spec 3 §2.3). */
export type VarianteVeiculo = 'carro' | 'moto';

export const rotas = {
  inicio: () => '/',
  login: () => '/login',
  home: () => '/home',
  acessoNegado: () => '/acesso-negado',
  painel: () => '/painel/dashboard',
  dashboard: (fila: FilaModeracao) => `/dashboard/${fila}`,

  revendas: {
    listar: () => '/revenda/listar',
    listarFree: () => '/revenda-free/listar',
    incluir: () => '/revenda/incluir',
  },

  revenda: {
    alterar: (idRevenda: string) => `${r(idRevenda)}/alterar`,
    excluir: (idRevenda: string) => `${r(idRevenda)}/excluir`,
    integracao: (idRevenda: string) => `${r(idRevenda)}/integracao`,
    configurar: (idRevenda: string, canal: CanalId) => `${r(idRevenda)}/configurar-${canal}`,
    usuarios: {
      listar: (idRevenda: string) => `${r(idRevenda)}/usuarios/listar`,
      incluir: (idRevenda: string) => `${r(idRevenda)}/usuarios/incluir`,
      alterar: (idRevenda: string, idUsuario: string) => `${r(idRevenda)}/usuarios/${seg(idUsuario)}/alterar`,
      excluir: (idRevenda: string, idUsuario: string) => `${r(idRevenda)}/usuarios/${seg(idUsuario)}/excluir`,
    },
    veiculos: {
      listar: (idRevenda: string) => `${r(idRevenda)}/veiculos/listar`,
      incluir: (idRevenda: string) => `${r(idRevenda)}/veiculos/incluir`,
      historico: (idRevenda: string) => `${r(idRevenda)}/veiculos/historico`,
      /** Stock import (issue 27): start and recent imports; one import's mapping, preview, progress and report. */
      importar: (idRevenda: string) => `${r(idRevenda)}/veiculos/importar`,
      importacao: (idRevenda: string, idImportacao: string) => `${r(idRevenda)}/veiculos/importar/${seg(idImportacao)}`,
      visualizar: (idRevenda: string, idVeiculo: string) => `${v(idRevenda, idVeiculo)}/visualizar`,
      alterar: (idRevenda: string, idVeiculo: string) => `${v(idRevenda, idVeiculo)}/alterar`,
      excluir: (idRevenda: string, idVeiculo: string) => `${v(idRevenda, idVeiculo)}/excluir`,
    },
    /** Per-vehicle channel publishing (spec 3 §2.2). Without `variante`: the dispatcher. */
    publicacao: {
      incluir: (idRevenda: string, idVeiculo: string, canal: CanalId, variante?: VarianteVeiculo) =>
        `${v(idRevenda, idVeiculo)}/integracao/${canal}/${variante ? `incluir-${variante}` : 'incluir'}`,
      alterar: (idRevenda: string, idVeiculo: string, canal: CanalId, idAnuncio: string, variante?: VarianteVeiculo) =>
        `${v(idRevenda, idVeiculo)}/integracao/${canal}/${seg(idAnuncio)}/${variante ? `alterar-${variante}` : 'alterar'}`,
    },
    banners: {
      listar: (idRevenda: string) => `${r(idRevenda)}/banners/listar`,
      incluir: (idRevenda: string) => `${r(idRevenda)}/banners/incluir`,
    },
    vendidos: {
      listar: (idRevenda: string) => `${r(idRevenda)}/vendidos/listar`,
      incluir: (idRevenda: string) => `${r(idRevenda)}/vendidos/incluir`,
    },
    imagemDestaque: {
      listar: (idRevenda: string) => `${r(idRevenda)}/imagem-destaque/listar`,
      incluir: (idRevenda: string) => `${r(idRevenda)}/imagem-destaque/incluir`,
    },
    bannerSite: {
      listar: (idRevenda: string) => `${r(idRevenda)}/banner-site/listar`,
      incluir: (idRevenda: string) => `${r(idRevenda)}/banner-site/incluir`,
    },
    notificacoes: {
      listar: (idRevenda: string) => `${r(idRevenda)}/notificacoes/listar`,
      incluir: (idRevenda: string) => `${r(idRevenda)}/notificacoes/incluir`,
    },
    /** The leads inbox (issue 26); `estado` opens it filtered (the dashboard's "Leads novos"). */
    leads: {
      listar: (idRevenda: string, estado?: string) => `${r(idRevenda)}/leads/listar${estado ? `?estado=${seg(estado)}` : ''}`,
      ver: (idRevenda: string, idLead: string) => `${r(idRevenda)}/leads/${seg(idLead)}`,
    },
  },
  /** Every reseller's leads (admin), with a reseller filter. */
  leads: { listar: () => '/leads/listar' },

  opcionais: {
    listar: () => '/opcionais/listar',
    incluir: () => '/opcionais/incluir',
    alterar: (idOpcional: string) => `/opcionais/${seg(idOpcional)}/alterar`,
    excluir: (idOpcional: string) => `/opcionais/${seg(idOpcional)}/excluir`,
  },
  locaisAnuncio: {
    listar: () => '/locais-anuncio/listar',
    incluir: () => '/locais-anuncio/incluir',
    alterar: (idLocalAnuncio: string) => `/locais-anuncio/${seg(idLocalAnuncio)}/alterar`,
    excluir: (idLocalAnuncio: string) => `/locais-anuncio/${seg(idLocalAnuncio)}/excluir`,
  },
  fipe: {
    listar: () => '/fipe/listar',
    incluir: () => '/fipe/incluir',
  },
  /** Landing pages after the social network's authorisation popup (reseller id travels as `state`). */
  integracaoSocial: {
    configurar: (canal: 'facebook' | 'instagram') => `/integracao/configurar-${canal}`,
  },
  /** Public page of the password-reset e-mail link (no session). */
  redefinirSenha: (token: string) => `/redefinir-senha/${seg(token)}`,
};
