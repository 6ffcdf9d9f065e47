import type { Tela } from '@/lib/telas';

export const telasAcesso: Tela[] = [
  { caminho: '/acesso-negado', titulo: 'Acesso negado', regra: 'autenticado', pagina: () => import('./PaginaAcessoNegado') },
];
