import type { Tela } from '@/lib/telas';

export const telasFipe: Tela[] = [
  { caminho: '/fipe/listar', titulo: 'Veículos FIPE Manual', regra: 'admin', pagina: () => import('./PaginaFipeManual') },
  { caminho: '/fipe/incluir', titulo: 'Incluir veículo FIPE', regra: 'admin', pagina: () => import('./PaginaIncluirFipe') },
];
