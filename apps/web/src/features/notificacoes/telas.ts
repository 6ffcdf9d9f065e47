import type { Tela } from '@/lib/telas';

export const telasNotificacoes: Tela[] = [
  {
    caminho: '/revenda/:idRevenda/notificacoes/listar',
    titulo: 'Notificações',
    regra: 'admin',
    pagina: () => import('./PaginaNotificacoes'),
  },
  {
    caminho: '/revenda/:idRevenda/notificacoes/incluir',
    titulo: 'Nova notificação',
    regra: 'admin',
    pagina: () => import('./PaginaIncluirNotificacao'),
  },
];
