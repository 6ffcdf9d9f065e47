import type { Tela } from '@/lib/telas';

export const telasImagensDestaque: Tela[] = [
  {
    caminho: '/revenda/:idRevenda/imagem-destaque/listar',
    titulo: 'Imagens Destaque',
    regra: 'admin',
    pagina: () => import('./PaginaImagensDestaque'),
  },
  {
    caminho: '/revenda/:idRevenda/imagem-destaque/incluir',
    titulo: 'Incluir imagem destaque',
    regra: 'admin',
    pagina: () => import('./PaginaIncluirImagemDestaque'),
  },
];
