import type { Tela } from '@/lib/telas';

export const telasBannersSite: Tela[] = [
  { caminho: '/revenda/:idRevenda/banner-site/listar', titulo: 'Banner Site', regra: 'admin' },
  { caminho: '/revenda/:idRevenda/banner-site/incluir', titulo: 'Incluir banner site', regra: 'admin' },
];
