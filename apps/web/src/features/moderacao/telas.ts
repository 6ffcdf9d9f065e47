import type { Tela } from '@/lib/telas';

/** Admin moderation dashboards (spec 2 §2). */
export const telasModeracao: Tela[] = [
  { caminho: '/dashboard/incluidos', titulo: 'Veículos incluídos', regra: 'admin' },
  { caminho: '/dashboard/alterados', titulo: 'Veículos alterados', regra: 'admin' },
  { caminho: '/dashboard/removidos', titulo: 'Veículos removidos', regra: 'admin' },
  { caminho: '/dashboard/vendidos', titulo: 'Vendidos', regra: 'admin' },
  { caminho: '/dashboard/banners', titulo: 'Banners', regra: 'admin' },
];
