import type { Tela } from '@/lib/telas';

export const telasBannersSite: Tela[] = [
  { caminho: '/revenda/:idRevenda/banner-site/listar', titulo: 'Banner Site', regra: 'admin', pagina: () => import('./PaginaBannersSite') },
  {
    caminho: '/revenda/:idRevenda/banner-site/incluir',
    titulo: 'Incluir banner site',
    regra: 'admin',
    pagina: () => import('./PaginaIncluirBannerSite'),
  },
];
