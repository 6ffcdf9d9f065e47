import type { Tela } from '@/lib/telas';

export const telasBanners: Tela[] = [
  { caminho: '/revenda/:idRevenda/banners/listar', titulo: 'Banners', regra: 'revenda' },
  { caminho: '/revenda/:idRevenda/banners/incluir', titulo: 'Incluir banner', regra: 'revenda' },
];
