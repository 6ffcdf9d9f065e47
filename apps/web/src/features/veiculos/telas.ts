import type { Tela } from '@/lib/telas';

export const telasVeiculos: Tela[] = [
  { caminho: '/revenda/:idRevenda/veiculos/listar', titulo: 'Veículos', regra: 'revenda', pagina: () => import('./PaginaVeiculos') },
  {
    caminho: '/revenda/:idRevenda/veiculos/incluir',
    titulo: 'Incluir veículo',
    regra: 'revenda',
    pagina: () => import('./PaginaIncluirVeiculo'),
  },
  { caminho: '/revenda/:idRevenda/veiculos/historico', titulo: 'Histórico', regra: 'revenda', pagina: () => import('./PaginaHistorico') },
  {
    caminho: '/revenda/:idRevenda/veiculos/:idVeiculo/visualizar',
    titulo: 'Visualizar veículo',
    regra: 'revenda',
    pagina: () => import('./PaginaVisualizarVeiculo'),
  },
  {
    caminho: '/revenda/:idRevenda/veiculos/:idVeiculo/alterar',
    titulo: 'Alterar veículo',
    regra: 'revenda',
    pagina: () => import('./PaginaAlterarVeiculo'),
  },
  {
    caminho: '/revenda/:idRevenda/veiculos/:idVeiculo/excluir',
    titulo: 'Excluir veículo',
    regra: 'revenda',
    pagina: () => import('./PaginaExcluirVeiculo'),
  },
];
