import { z } from 'zod';
import { noMaximo } from '../campos.ts';
import { MENSAGENS } from '../mensagens.ts';
import { imagemRascunho, opcaoCanal as opcao } from './comum.ts';

/**
 * Webmotors per-vehicle publishing (spec 3 §2.5, §3.4, §5, §7, §9): the draft the server loads and the `veiculo_post`
 * the screens send. Codes are Webmotors' own, carried as strings (select values).
 */
const obrigatorio = { error: MENSAGENS.preenchimentoObrigatorio };
const codigo = z.string(obrigatorio).trim().min(1, MENSAGENS.preenchimentoObrigatorio).max(20).regex(/^\d+$/, MENSAGENS.numeroInvalido);
const sn = z.enum(['S', 'N']).default('N');

/** The eight S/N flags (spec 3 §3.4), each 'N' unless chosen. */
export const FLAGS_WEBMOTORS = [
  { campo: 'Blindado', rotulo: 'Blindado' },
  { campo: 'AdaptadoDeficientesFisicos', rotulo: 'Adaptado para deficientes físicos' },
  { campo: 'UnicoDono', rotulo: 'Único dono' },
  { campo: 'Alienado', rotulo: 'Alienado' },
  { campo: 'Licenciado', rotulo: 'Licenciado' },
  { campo: 'IpvaPago', rotulo: 'IPVA pago' },
  { campo: 'RevisoesEmConcessionaria', rotulo: 'Revisões em concessionária' },
  { campo: 'GarantiaDeFabrica', rotulo: 'Garantia de fábrica' },
] as const;
export type FlagWebmotors = (typeof FLAGS_WEBMOTORS)[number]['campo'];

/** Doors (spec 3 §5): 0, 1, 2, 4. */
export const PORTAS_WEBMOTORS = [0, 1, 2, 4] as const;
/** Observations: Webmotors refuses more than 1500 characters (43|97). */
export const LIMITE_OBSERVACAO_WEBMOTORS = 1500;

const ano = z.coerce.number(MENSAGENS.numeroInvalido).int(MENSAGENS.numeroInvalido).min(1950, 'Ano inválido').max(2100, 'Ano inválido');

/** What the screens send (spec 3 §3.4 send payload; PrecoVenda is set by the server, equal to PrecoReal). */
export const postWebmotors = z.object({
  /** Required (spec 3 §5 "ad modality (include)"); a change's draft carries the advert's own. */
  CodigoModalidade: codigo,
  CodigoMarca: codigo,
  CodigoModelo: codigo,
  CodigoVersao: codigo,
  AnoDoModelo: ano,
  AnoFabricacao: ano,
  Km: z.coerce.number(MENSAGENS.numeroInvalido).int(MENSAGENS.numeroInvalido).min(0, MENSAGENS.numeroInvalido).max(9_999_999),
  Placa: z
    .string()
    .trim()
    .max(8, noMaximo(8))
    .default('')
    .transform((p) => p.replace(/[^a-z0-9]/gi, '').toUpperCase()),
  PrecoReal: z.coerce.number(MENSAGENS.numeroInvalido).positive('O preço deve ser maior que zero.').max(99_999_999),
  Observacao: z
    .string()
    .max(LIMITE_OBSERVACAO_WEBMOTORS, `As observações devem ter no máximo ${LIMITE_OBSERVACAO_WEBMOTORS} caracteres.`)
    .default(''),
  CodigoCombustivel: codigo,
  CodigoCor: codigo,
  NrPortas: z.coerce
    .number(obrigatorio)
    .refine((n) => (PORTAS_WEBMOTORS as readonly number[]).includes(n), MENSAGENS.preenchimentoObrigatorio),
  CodigoCambio: codigo,
  TipoAnuncio: z.enum(['U', 'N'], 'O tipo de anúncio deve ser U ou N.').default('U'),
  /** Chosen options' codes. */
  Opcional: z.array(z.string().regex(/^\d+$/).max(20)).max(300).default([]),
  Blindado: sn,
  AdaptadoDeficientesFisicos: sn,
  UnicoDono: sn,
  Alienado: sn,
  Licenciado: sn,
  IpvaPago: sn,
  RevisoesEmConcessionaria: sn,
  GarantiaDeFabrica: sn,
});
export type PostWebmotors = z.output<typeof postWebmotors>;
export type PostWebmotorsEntrada = z.input<typeof postWebmotors>;

/** The draft (`/api/integracao/webmotors/incluir`, `/alterar-get`): the prefilled post plus Webmotors' lists. */
export const rascunhoWebmotors = z.object({
  tipo: z.enum(['carro', 'moto']),
  veiculoPost: postWebmotors.extend({
    CodigoModalidade: z.string(),
    CodigoMarca: z.string(),
    CodigoModelo: z.string(),
    CodigoVersao: z.string(),
    CodigoCombustivel: z.string(),
    CodigoCor: z.string(),
    CodigoCambio: z.string(),
    // Plain types: a response schema cannot hold the post's transforms and coercions.
    Placa: z.string(),
    Km: z.number(),
    AnoDoModelo: z.number().nullable(),
    AnoFabricacao: z.number().nullable(),
    NrPortas: z.number().nullable(),
    PrecoReal: z.number(),
  }),
  /** The photos that go to Webmotors (the server sends each as base64 JPEG), shown as thumbnails. */
  imagens: z.array(imagemRascunho),
  retOpcionais: z.array(opcao),
  retMarca: z.array(opcao),
  retModelo: z.array(opcao),
  retVersao: z.array(opcao),
  retTipoCombustivel: z.array(opcao),
  retCores: z.array(opcao),
  retTipoTransmissao: z.array(opcao),
  retModalidade: z.array(opcao.extend({ tipoAnuncio: z.string() })),
});
export type RascunhoWebmotors = z.infer<typeof rascunhoWebmotors>;

/** `enviar` / `alterar` success data (spec 3 §7): the advert code and the return codes. */
export const envioWebmotors = z.object({ CodigoAnuncio: z.string(), CodigoRetorno: z.string() });
export type EnvioWebmotors = z.infer<typeof envioWebmotors>;
