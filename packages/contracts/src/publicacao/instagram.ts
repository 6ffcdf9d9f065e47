import { z } from 'zod';
import { imagemRascunho } from './comum.ts';

/** Instagram carousel post of a vehicle (spec 3 §2.5, §3.11, §5, §7): description ≥ 20. */
export const postInstagram = z.object({
  ig_descricao: z
    .string("'Descrição do anúncio' é obrigatório.")
    .trim()
    .min(20, "'Descrição do anúncio' é obrigatório.")
    .max(2200, 'A descrição do Instagram pode ter no máximo 2200 caracteres.'),
});
export type PostInstagram = z.infer<typeof postInstagram>;

export const rascunhoInstagram = z.object({ message: z.string(), images: z.array(imagemRascunho) });
export type RascunhoInstagram = z.infer<typeof rascunhoInstagram>;
