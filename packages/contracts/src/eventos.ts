import { z } from 'zod';

/**
 * A change to stored data, as streamed by `/api/eventos` (Server-Sent Events).
 * `tabela` is the table that changed, `revenda` the reseller it belongs to (null for global data).
 */
export const eventoMudanca = z.object({
  tabela: z.string(),
  revenda: z.string().nullable(),
  id: z.string().nullable(),
  op: z.enum(['INSERT', 'UPDATE', 'DELETE']),
});
export type EventoMudanca = z.infer<typeof eventoMudanca>;
