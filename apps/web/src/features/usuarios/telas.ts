import type { Tela } from '@/lib/telas';

export const telasUsuarios: Tela[] = [
  {
    caminho: '/revenda/:idRevenda/usuarios/listar',
    titulo: 'Usuários',
    regra: 'gestorRevenda',
    pagina: () => import('./PaginaUsuarios'),
  },
  {
    caminho: '/revenda/:idRevenda/usuarios/incluir',
    titulo: 'Incluir usuário',
    regra: 'gestorRevenda',
    pagina: () => import('./PaginaIncluirUsuario'),
  },
  {
    caminho: '/revenda/:idRevenda/usuarios/:idUsuario/alterar',
    titulo: 'Alterar usuário',
    regra: 'gestorRevenda',
    pagina: () => import('./PaginaAlterarUsuario'),
  },
  {
    caminho: '/revenda/:idRevenda/usuarios/:idUsuario/excluir',
    titulo: 'Excluir usuário',
    regra: 'gestorRevenda',
    pagina: () => import('./PaginaExcluirUsuario'),
  },
];
