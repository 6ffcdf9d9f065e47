import type { Tela } from '@/lib/telas';

export const telasRevendas: Tela[] = [
  { caminho: '/revenda/listar', titulo: 'Revendas', regra: 'admin' },
  { caminho: '/revenda-free/listar', titulo: 'Revendas - Plano Básico', regra: 'admin' },
  { caminho: '/revenda/incluir', titulo: 'Incluir revenda', regra: 'admin' },
  { caminho: '/revenda/:idRevenda/alterar', titulo: 'Alterar revenda', regra: 'gestorRevenda' },
  { caminho: '/revenda/:idRevenda/excluir', titulo: 'Excluir revenda', regra: 'gestorRevenda' },
];
