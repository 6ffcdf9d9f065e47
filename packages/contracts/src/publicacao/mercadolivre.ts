import { z } from 'zod';

/**
 * Mercado Livre (spec 3 §2.5, §3.7, §5; channels.md §2): the category's attributes as the draft carries them, and the
 * advert the screens "Incluir carro / moto Mercado Livre" send. Price and pictures are the vehicle's (read-only).
 */
export const ML_TIPOS_ATRIBUTO = ['string', 'number', 'number_unit', 'list', 'boolean'] as const;
export type TipoAtributoMl = (typeof ML_TIPOS_ATRIBUTO)[number];

/** A category attribute: list and boolean attributes carry their values (ids), number_unit its units. */
export type AtributoMl = {
  id: string;
  name: string;
  value_type: TipoAtributoMl;
  values: { id: string; name: string }[];
  unidades: string[];
};

export type MlRascunho = {
  /** Attributes the category requires, and the optional ones, each sorted by name. */
  requiredAtributos: AtributoMl[];
  newAtributos: AtributoMl[];
  veiculoPost: {
    title: string;
    description: { plain_text: string };
    price: number;
    location: { zip_code: string; address_line: string };
    pictures: { source: string; miniatura: string }[];
  };
  /** Chosen values keyed by attribute id: a value id for list / boolean, text otherwise ("25000 km" for number_unit). */
  ml_values: Record<string, string>;
  /** The vehicle's options (read-only list on the screen). */
  opcionais: string[];
};

const obrigatorio = (rotulo: string) => `'${rotulo}' é obrigatório.`;

/** What the screen sends (`veiculo_post`, spec 3 §7). Required attributes are checked by the server against the category. */
export const mlPostSchema = z
  .object({
    ml_titulo_anuncio: z
      .string(obrigatorio('Título'))
      .trim()
      .min(1, obrigatorio('Título'))
      .max(60, "'Título' aceita no máximo 60 caracteres."),
    ml_descricao_anuncio: z.string(obrigatorio('Descrição')).trim().min(1, obrigatorio('Descrição')).max(50_000),
    ml_attributes: z
      .record(z.string().regex(/^[A-Z0-9_]{1,60}$/), z.string().trim().max(255, 'No máximo 255 caracteres'))
      .refine((r) => Object.keys(r).length <= 100, 'Atributos demais'),
    ml_veiculo_post: z
      .object({
        location: z
          .object({
            address_line: z.string(obrigatorio('Endereço')).trim().min(2, obrigatorio('Endereço')).max(255),
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
export type MlPost = z.infer<typeof mlPostSchema>;
export type MlPostEntrada = z.input<typeof mlPostSchema>;

/** Required attributes left empty, as the screen and the server report them ("'Marca' é obrigatório."). */
export function atributosFaltando(obrigatorios: Pick<AtributoMl, 'id' | 'name'>[], valores: Record<string, string>): string[] {
  return obrigatorios.filter((a) => !valores[a.id]?.trim()).map((a) => obrigatorio(a.name));
}
