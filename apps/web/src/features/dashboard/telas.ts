import type { Tela } from '@/lib/telas';

export const telasDashboard: Tela[] = [
  { caminho: '/home', titulo: 'Dashboard', regra: 'admin', pagina: () => import('./PaginaHome') },
  { caminho: '/painel/dashboard', titulo: 'Dashboard', regra: 'autenticado', pagina: () => import('./PaginaPainel') },
];
