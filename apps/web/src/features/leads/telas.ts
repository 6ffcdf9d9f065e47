import type { Tela } from '@/lib/telas';

/** The leads inbox (issue 26): the reseller's users and the admin; the admin also sees every reseller's. */
export const telasLeads: Tela[] = [
  { caminho: '/leads/listar', titulo: 'Leads', regra: 'admin', pagina: () => import('./PaginaLeadsAdmin') },
  { caminho: '/revenda/:idRevenda/leads/listar', titulo: 'Leads', regra: 'revenda', pagina: () => import('./PaginaLeads') },
  { caminho: '/revenda/:idRevenda/leads/:idLead', titulo: 'Lead', regra: 'revenda', pagina: () => import('./PaginaLead') },
];
