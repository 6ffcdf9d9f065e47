import type { Tela } from '@/lib/telas';

export const telasVendidos: Tela[] = [
  { caminho: '/revenda/:idRevenda/vendidos/listar', titulo: 'Vendidos', regra: 'revenda', pagina: () => import('./PaginaVendidos') },
  {
    caminho: '/revenda/:idRevenda/vendidos/incluir',
    titulo: 'Incluir vendido',
    regra: 'revenda',
    pagina: () => import('./PaginaIncluirVendido'),
  },
];
