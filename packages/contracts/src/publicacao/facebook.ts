import { z } from 'zod';
import { noMaximo } from '../campos.ts';
import { imagemRascunho } from './comum.ts';

/** Facebook page feed post of a vehicle (spec 3 §2.5, §3.11, §5, §7): description ≥ 20, link ≥ 10. */
export const postFacebook = z.object({
  face_descricao: z
    .string("'Descrição do anúncio' é obrigatório.")
    .trim()
    .min(20, "'Descrição do anúncio' é obrigatório.")
    .max(5000, 'A descrição do anúncio pode ter no máximo 5000 caracteres.'),
  face_link: z
    .string("'Link anúncio' é obrigatório.")
    .trim()
    .min(10, "'Link anúncio' é obrigatório.")
    .max(2000, noMaximo(2000))
    .pipe(z.url({ protocol: /^https?$/, error: 'Informe um endereço começando com http:// ou https://.' })),
});
export type PostFacebook = z.infer<typeof postFacebook>;

export const rascunhoFacebook = z.object({
  veiculoPost: z.object({ message: z.string(), link: z.string(), images: z.array(imagemRascunho) }),
});
export type RascunhoFacebook = z.infer<typeof rascunhoFacebook>;
