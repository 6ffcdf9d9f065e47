import type { Tela } from '@/lib/telas';

export const telasRevendas: Tela[] = [
  { caminho: '/revenda/listar', titulo: 'Revendas', regra: 'admin', pagina: () => import('./PaginaRevendas') },
  { caminho: '/revenda-free/listar', titulo: 'Revendas - Plano Básico', regra: 'admin', pagina: () => import('./PaginaRevendasBasico') },
  { caminho: '/revenda/incluir', titulo: 'Incluir revenda', regra: 'admin', pagina: () => import('./PaginaIncluirRevenda') },
  {
    caminho: '/revenda/:idRevenda/alterar',
    titulo: 'Alterar revenda',
    regra: 'gestorRevenda',
    pagina: () => import('./PaginaAlterarRevenda'),
  },
  {
    caminho: '/revenda/:idRevenda/excluir',
    titulo: 'Excluir revenda',
    regra: 'gestorRevenda',
    pagina: () => import('./PaginaExcluirRevenda'),
  },
];
