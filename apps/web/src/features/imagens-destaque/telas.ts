import type { Tela } from '@/lib/telas';

export const telasImagensDestaque: Tela[] = [
  { caminho: '/revenda/:idRevenda/imagem-destaque/listar', titulo: 'Imagens Destaque', regra: 'admin' },
  { caminho: '/revenda/:idRevenda/imagem-destaque/incluir', titulo: 'Incluir imagem destaque', regra: 'admin' },
];
