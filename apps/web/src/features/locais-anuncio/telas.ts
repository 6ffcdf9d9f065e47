import type { Tela } from '@/lib/telas';

export const telasLocaisAnuncio: Tela[] = [
  { caminho: '/locais-anuncio/listar', titulo: 'Locais de anúncio', regra: 'admin', pagina: () => import('./PaginaLocaisAnuncio') },
  {
    caminho: '/locais-anuncio/incluir',
    titulo: 'Incluir local de anúncio',
    regra: 'admin',
    pagina: () => import('./PaginaIncluirLocalAnuncio'),
  },
  {
    caminho: '/locais-anuncio/:idLocalAnuncio/alterar',
    titulo: 'Alterar local de anúncio',
    regra: 'admin',
    pagina: () => import('./PaginaAlterarLocalAnuncio'),
  },
  {
    caminho: '/locais-anuncio/:idLocalAnuncio/excluir',
    titulo: 'Excluir local de anúncio',
    regra: 'admin',
    pagina: () => import('./PaginaExcluirLocalAnuncio'),
  },
];
