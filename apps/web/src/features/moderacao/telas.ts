import type { Tela } from '@/lib/telas';

const veiculos = () => import('./PaginaFilaVeiculos');
const publicacoes = () => import('./PaginaFilaPublicacoes');

/** Admin moderation dashboards (spec 2 §2). */
export const telasModeracao: Tela[] = [
  {
    caminho: '/dashboard/incluidos',
    titulo: 'Veículos incluídos',
    regra: 'admin',
    pagina: () => veiculos().then((m) => ({ default: m.PaginaIncluidos })),
  },
  {
    caminho: '/dashboard/alterados',
    titulo: 'Veículos alterados',
    regra: 'admin',
    pagina: () => veiculos().then((m) => ({ default: m.PaginaAlterados })),
  },
  {
    caminho: '/dashboard/removidos',
    titulo: 'Veículos removidos',
    regra: 'admin',
    pagina: () => veiculos().then((m) => ({ default: m.PaginaRemovidos })),
  },
  {
    caminho: '/dashboard/vendidos',
    titulo: 'Vendidos',
    regra: 'admin',
    pagina: () => publicacoes().then((m) => ({ default: m.PaginaVendidosModeracao })),
  },
  {
    caminho: '/dashboard/banners',
    titulo: 'Banners',
    regra: 'admin',
    pagina: () => publicacoes().then((m) => ({ default: m.PaginaBannersModeracao })),
  },
];
