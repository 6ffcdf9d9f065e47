import type { Tela } from '@/lib/telas';

export const telasUsuarios: Tela[] = [
  { caminho: '/revenda/:idRevenda/usuarios/listar', titulo: 'Usuários', regra: 'gestorRevenda' },
  { caminho: '/revenda/:idRevenda/usuarios/incluir', titulo: 'Incluir usuário', regra: 'gestorRevenda' },
  { caminho: '/revenda/:idRevenda/usuarios/:idUsuario/alterar', titulo: 'Alterar usuário', regra: 'gestorRevenda' },
  { caminho: '/revenda/:idRevenda/usuarios/:idUsuario/excluir', titulo: 'Excluir usuário', regra: 'gestorRevenda' },
];
