import { z } from 'zod';
import { noMaximo } from '../campos.ts';
import { envelopeSucesso } from '../comum.ts';

// The screen validates with this schema in the browser, where zod's own (English) texts would show: every rule has its message.
const texto = (max: number) => z.string('Texto inválido').trim().max(max, noMaximo(max)).optional();

/**
 * "Padrões de publicação" (issue 24 item 3): what a reseller fills in once per channel so that a bulk publish needs
 * no form. A bulk publish builds each vehicle's draft as the Incluir screen does, then applies these to what the
 * vehicle's data does not map; a required choice still empty is never guessed ("Precisa de revisão: {campo}").
 * Every field is optional: an empty default means "ask" (review), not "send blank".
 */
export const padroesPublicacao = z.strictObject(
  {
    /** The channel's plan or modality (its code, as the Incluir screen's select names it). */
    plano: texto(100),
    /** The ad type (its code). */
    tipo_anuncio: texto(100),
    /** Contact phone and CEP of the advert, when the channel asks them (digits, punctuation accepted). */
    telefone: texto(20),
    cep: texto(9),
    /** Title and description templates; fields in braces: {marca} {modelo} {versao} {ano} {km} {preco} {cor} {combustivel} {cambio} {observacao}. */
    titulo: texto(200),
    descricao: texto(5000),
    /** A default for each other choice of the channel's post that the vehicle's data does not map: post field → value. */
    escolhas: z.record(z.string().max(100, noMaximo(100)), z.string('Texto inválido').trim().max(200, noMaximo(200))).optional(),
  },
  { error: (i) => (i.code === 'unrecognized_keys' ? 'Campo desconhecido' : undefined) },
);
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

/** The fields a template may name, in the order the screen lists them (`renderizarModelo` fills them). */
export const CAMPOS_MODELO = ['marca', 'modelo', 'versao', 'ano', 'km', 'preco', 'cor', 'combustivel', 'cambio', 'observacao'] as const;
export type CampoModelo = (typeof CAMPOS_MODELO)[number];

/** `GET|PUT /api/revendas/:idRevenda/integracoes/:canal/padroes`: the stored defaults and what the channel asks. */
export const padroesResposta = envelopeSucesso(z.object({ padroes: padroesPublicacao, campos: z.array(campoPadrao) }));

export const MENSAGENS_PADROES = {
  salvos: 'Padrões de publicação salvos.',
  naoConfigurado: (canal: string) => `Configure a integração com ${canal} antes de definir os padrões de publicação.`,
  campoDoCanal: 'Este canal não usa este padrão.',
  opcaoInvalida: 'Opção inválida',
} as const;
