import type { Tela } from '@/lib/telas';

export const telasOpcionais: Tela[] = [
  { caminho: '/opcionais/listar', titulo: 'Opcionais', regra: 'admin' },
  { caminho: '/opcionais/incluir', titulo: 'Incluir opcional', regra: 'admin' },
  { caminho: '/opcionais/:idOpcional/alterar', titulo: 'Alterar opcional', regra: 'admin' },
  { caminho: '/opcionais/:idOpcional/excluir', titulo: 'Excluir opcional', regra: 'admin' },
];
