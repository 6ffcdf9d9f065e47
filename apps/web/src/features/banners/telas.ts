import type { Tela } from '@/lib/telas';

export const telasBanners: Tela[] = [
  { caminho: '/revenda/:idRevenda/banners/listar', titulo: 'Banners', regra: 'revenda', pagina: () => import('./PaginaBanners') },
  {
    caminho: '/revenda/:idRevenda/banners/incluir',
    titulo: 'Incluir banner',
    regra: 'revenda',
    pagina: () => import('./PaginaIncluirBanner'),
  },
];
