import type { Tela } from '@/lib/telas';

export const telasOpcionais: Tela[] = [
  { caminho: '/opcionais/listar', titulo: 'Opcionais', regra: 'admin', pagina: () => import('./PaginaOpcionais') },
  { caminho: '/opcionais/incluir', titulo: 'Incluir opcional', regra: 'admin', pagina: () => import('./PaginaIncluirOpcional') },
  {
    caminho: '/opcionais/:idOpcional/alterar',
    titulo: 'Alterar opcional',
    regra: 'admin',
    pagina: () => import('./PaginaAlterarOpcional'),
  },
  {
    caminho: '/opcionais/:idOpcional/excluir',
    titulo: 'Excluir opcional',
    regra: 'admin',
    pagina: () => import('./PaginaExcluirOpcional'),
  },
];
