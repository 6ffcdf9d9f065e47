/**
 * Query-key factory: every TanStack Query key of the app is built here, so that invalidation by prefix
 * (`todas` ⊃ `listas` ⊃ `lista(filtro)`, `detalhe(id)`) stays consistent between screens and live events.
 */
const catalogo = <N extends string>(nome: N) => ({
  todas: [nome] as const,
  listas: () => [nome, 'lista'] as const,
  lista: (filtro?: Record<string, unknown>) => [nome, 'lista', filtro ?? {}] as const,
  detalhe: (id: string) => [nome, 'detalhe', id] as const,
});

/** Sub-resources of one reseller; all live under `['revenda', idRevenda, ...]`. */
export const SUBRECURSOS_REVENDA = [
  'dashboard',
  'veiculos',
  'historico',
  'vendidos',
  'banners',
  'usuarios',
  'integracoes',
  'locaisAnuncio',
  'imagensDestaque',
  'bannersSite',
  'notificacoes',
  'lotes',
  'leads',
  'importacoes',
] as const;
export type SubrecursoRevenda = (typeof SUBRECURSOS_REVENDA)[number];

export const chaves = {
  sessao: ['sessao'] as const,
  dashboard: {
    admin: () => ['dashboard', 'admin'] as const,
  },
  moderacao: catalogo('moderacao'),
  revendas: catalogo('revendas'),
  opcionais: catalogo('opcionais'),
  locaisAnuncio: catalogo('locaisAnuncio'),
  fipe: catalogo('fipe'),
  revenda: {
    todas: (idRevenda: string) => ['revenda', idRevenda] as const,
    sub: (idRevenda: string, sub: SubrecursoRevenda) => ['revenda', idRevenda, sub] as const,
    dashboard: (idRevenda: string) => ['revenda', idRevenda, 'dashboard'] as const,
    lista: (idRevenda: string, sub: SubrecursoRevenda, filtro?: Record<string, unknown>) =>
      ['revenda', idRevenda, sub, 'lista', filtro ?? {}] as const,
    detalhe: (idRevenda: string, sub: SubrecursoRevenda, id: string) => ['revenda', idRevenda, sub, 'detalhe', id] as const,
  },
};

/** Social login settings and the popup's one-off preparation (configure call + Graph lookups), outside any reseller. */
export const chavesIntegracaoSocial = {
  config: () => ['integracaoSocial', 'config'] as const,
  preparo: (canal: string, token: string) => ['integracaoSocial', 'preparo', canal, token] as const,
};
