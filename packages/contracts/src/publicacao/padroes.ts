import { z } from 'zod';

/**
 * "Padrões de publicação" (issue 24 item 3): what a reseller fills in once per channel so that a bulk publish needs
 * no form. A bulk publish builds each vehicle's draft as the Incluir screen does, then applies these to what the
 * vehicle's data does not map; a required choice still empty is never guessed ("Precisa de revisão: {campo}").
 * Every field is optional: an empty default means "ask" (review), not "send blank".
 */
export const padroesPublicacao = z.object({
  /** The channel's plan or modality (its code, as the Incluir screen's select names it). */
  plano: z.string().trim().max(100).optional(),
  /** The ad type (its code). */
  tipo_anuncio: z.string().trim().max(100).optional(),
  /** Contact phone and CEP of the advert, when the channel asks them (digits, punctuation accepted). */
  telefone: z.string().trim().max(20).optional(),
  cep: z.string().trim().max(9).optional(),
  /** Title and description templates; fields in braces: {marca} {modelo} {versao} {ano} {km} {preco} {cor} {combustivel} {cambio} {observacao}. */
  titulo: z.string().trim().max(200).optional(),
  descricao: z.string().trim().max(5000).optional(),
  /** A default for each other choice of the channel's post that the vehicle's data does not map: post field → value. */
  escolhas: z.record(z.string().max(100), z.string().max(200)).optional(),
});
export type PadroesPublicacao = z.infer<typeof padroesPublicacao>;

/**
 * One default a channel's bulk publish uses, as its "Padrões de publicação" screen shows it: `campo` is a key of
 * `padroesPublicacao` ('plano', 'tipo_anuncio', 'telefone', 'cep', 'titulo', 'descricao') or `escolhas.<post field>`;
 * `opcoes` where the channel's choices are fixed (else free text).
 */
export const campoPadrao = z.object({
  campo: z.string(),
  rotulo: z.string(),
  obrigatorio: z.boolean().optional(),
  opcoes: z.array(z.object({ id: z.string(), nome: z.string() })).optional(),
});
export type CampoPadrao = z.infer<typeof campoPadrao>;
