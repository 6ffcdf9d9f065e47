import { z } from 'zod';
import { noMaximo } from '../campos.ts';

/**
 * Mercado Livre (spec 3 §2.5, §3.7, §5; channels.md §2): the category's attributes as the draft carries them, and the
 * advert the screens "Incluir carro / moto Mercado Livre" send. Price and pictures are the vehicle's (read-only).
 */
export const ML_TIPOS_ATRIBUTO = ['string', 'number', 'number_unit', 'list', 'boolean'] as const;
export type TipoAtributoMl = (typeof ML_TIPOS_ATRIBUTO)[number];

/** A category attribute: list and boolean attributes carry their values (ids), number_unit its units. */
export const atributoMl = z.object({
  id: z.string(),
  name: z.string(),
  value_type: z.enum(ML_TIPOS_ATRIBUTO),
  values: z.array(z.object({ id: z.string(), name: z.string() })),
  unidades: z.array(z.string()),
});
export type AtributoMl = z.infer<typeof atributoMl>;

export const rascunhoMercadoLivre = z.object({
  /** Attributes the category requires, and the optional ones, each sorted by name. */
  requiredAtributos: z.array(atributoMl),
  newAtributos: z.array(atributoMl),
  veiculoPost: z.object({
    title: z.string(),
    description: z.object({ plain_text: z.string() }),
    price: z.number(),
    location: z.object({ zip_code: z.string(), address_line: z.string() }),
    pictures: z.array(z.object({ source: z.string(), miniatura: z.string() })),
  }),
  /** Chosen values keyed by attribute id: a value id for list / boolean, text otherwise ("25000 km" for number_unit). */
  ml_values: z.record(z.string(), z.string()),
  /** The vehicle's options (read-only list on the screen). */
  opcionais: z.array(z.string()),
});
export type RascunhoMercadoLivre = z.infer<typeof rascunhoMercadoLivre>;

const obrigatorio = (rotulo: string) => `'${rotulo}' é obrigatório.`;

/** What the screen sends (`veiculo_post`, spec 3 §7). Required attributes are checked by the server against the category. */
export const postMercadoLivre = z
  .object({
    ml_titulo_anuncio: z
      .string(obrigatorio('Título'))
      .trim()
      .min(1, obrigatorio('Título'))
      .max(60, "'Título' aceita no máximo 60 caracteres."),
    ml_descricao_anuncio: z.string(obrigatorio('Descrição')).trim().min(1, obrigatorio('Descrição')).max(50_000, noMaximo(50_000)),
    ml_attributes: z
      .record(z.string().regex(/^[A-Z0-9_]{1,60}$/), z.string().trim().max(255, noMaximo(255)))
      .refine((r) => Object.keys(r).length <= 100, 'Atributos demais'),
    ml_veiculo_post: z
      .object({
        location: z
          .object({
            address_line: z.string(obrigatorio('Endereço')).trim().min(2, obrigatorio('Endereço')).max(255, noMaximo(255)),
            zip_code: z
              .string(obrigatorio('CEP'))
              .transform((v) => v.replace(/\D/g, ''))
              .pipe(z.string().length(8, obrigatorio('CEP'))),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();
export type PostMercadoLivre = z.infer<typeof postMercadoLivre>;

/** Required attributes left empty, as the screen and the server report them ("'Marca' é obrigatório."). */
export function atributosFaltando(obrigatorios: Pick<AtributoMl, 'id' | 'name'>[], valores: Record<string, string>): string[] {
  return obrigatorios.filter((a) => !valores[a.id]?.trim()).map((a) => obrigatorio(a.name));
}
