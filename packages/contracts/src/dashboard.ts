import { z } from 'zod';
import { envelopeSucesso } from './comum.ts';

export const contadoresAdmin = z.object({
  incluidos: z.number().int(),
  vendidos: z.number().int(),
  alterados: z.number().int(),
  removidos: z.number().int(),
  banners: z.number().int(),
});
export type ContadoresAdmin = z.infer<typeof contadoresAdmin>;

export const contadoresRevenda = z.object({
  veiculos: z.number().int(),
  vendidos: z.number().int(),
  usuarios: z.number().int(),
  historico: z.number().int(),
  banners: z.number().int(),
});
export type ContadoresRevenda = z.infer<typeof contadoresRevenda>;

export const contadoresAdminResposta = envelopeSucesso(contadoresAdmin);
export const contadoresRevendaResposta = envelopeSucesso(contadoresRevenda);
