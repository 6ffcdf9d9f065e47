import type { Tela } from '@/lib/telas';

export const telasVeiculos: Tela[] = [
  { caminho: '/revenda/:idRevenda/veiculos/listar', titulo: 'Veículos', regra: 'revenda' },
  { caminho: '/revenda/:idRevenda/veiculos/incluir', titulo: 'Incluir veículo', regra: 'revenda' },
  { caminho: '/revenda/:idRevenda/veiculos/historico', titulo: 'Histórico', regra: 'revenda' },
  { caminho: '/revenda/:idRevenda/veiculos/:idVeiculo/visualizar', titulo: 'Visualizar veículo', regra: 'revenda' },
  { caminho: '/revenda/:idRevenda/veiculos/:idVeiculo/alterar', titulo: 'Alterar veículo', regra: 'revenda' },
  { caminho: '/revenda/:idRevenda/veiculos/:idVeiculo/excluir', titulo: 'Excluir veículo', regra: 'revenda' },
];
