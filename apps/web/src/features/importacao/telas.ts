import type { Tela } from '@/lib/telas';

/** Stock import (issue 27 item 1): gestor of the reseller and admin, like the vehicle form. */
export const telasImportacao: Tela[] = [
  {
    caminho: '/revenda/:idRevenda/veiculos/importar',
    titulo: 'Importar estoque',
    regra: 'revenda',
    pagina: () => import('./PaginaImportar'),
  },
  {
    caminho: '/revenda/:idRevenda/veiculos/importar/:idImportacao',
    titulo: 'Importação',
    regra: 'revenda',
    pagina: () => import('./PaginaImportacao'),
  },
];
