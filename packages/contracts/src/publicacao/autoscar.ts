import { z } from 'zod';
import { noMaximo } from '../campos.ts';
import { UFS } from '../comum.ts';
import { MENSAGENS } from '../mensagens.ts';

/** Autoscar per-vehicle publishing (spec 3 §2.5, §3.3, §5): the draft the screen loads and the `veiculo_post` it sends. */

const obrigatorio = MENSAGENS.preenchimentoObrigatorio;
const opcao = z.object({ id: z.string(), nome: z.string() });
const selecao = z.string(obrigatorio).trim().min(1, obrigatorio).max(40);

/** Doors of a car (spec 3 §5: 0, 1, 2, 4). Gears of a motorcycle: 0 to 7. */
export const PORTAS_AUTOSCAR = [0, 1, 2, 4] as const;
export const MARCHAS_AUTOSCAR = [0, 1, 2, 3, 4, 5, 6, 7] as const;
/** Spec 3 §9: the status Autoscar receives is always '1'. */
export const STATUS_AUTOSCAR = '1';

const maiusculas = (max: number) =>
  z
    .string(obrigatorio)
    .trim()
    .max(max)
    .transform((t) => t.toUpperCase());
const maiusculasObrigatorio = (max: number) =>
  z
    .string(obrigatorio)
    .trim()
    .min(1, obrigatorio)
    .max(max)
    .transform((t) => t.toUpperCase());

const comum = {
  /** Read-only on the screen; the server sends the vehicle's own mileage and price whatever arrives here. */
  mileage: z.number().int().min(0).optional(),
  price: z.number().min(0).optional(),
  plate: maiusculas(8)
    .optional()
    .default('')
    .refine((p) => p === '' || /^[A-Z]{3}-?\d[A-Z0-9]\d{2}$/.test(p), 'Placa inválida'),
  city: maiusculasObrigatorio(80),
  state: z.enum(UFS, obrigatorio),
  description: z.string().trim().max(3000, noMaximo(3000)).optional().default(''),
  /** The version id (spec 3 §3.3: modelId is the version). */
  modelId: selecao,
  fuelType: selecao,
  color: selecao,
  bodyStyle: selecao,
  transmission: selecao,
  /** The chosen options' descriptions. */
  optionals: z.array(z.string().trim().min(1).max(100)).max(200).optional().default([]),
  /** Photo addresses, in order; the server keeps only the vehicle's own photos. */
  photos: z.array(z.string().max(2000)).max(40).optional(),
  status: z.literal(STATUS_AUTOSCAR).optional().default(STATUS_AUTOSCAR),
};

const escolha = (valores: readonly number[]) => z.number(obrigatorio).refine((n) => valores.includes(n), 'Opção inválida');
const portas = escolha(PORTAS_AUTOSCAR);
const marchas = escolha(MARCHAS_AUTOSCAR);

export const veiculoPostCarroAutoscar = z.strictObject({ ...comum, ports: portas });
export const veiculoPostMotoAutoscar = z.strictObject({
  ...comum,
  matchType: selecao,
  coolingType: selecao,
  marches: marchas,
  motor: maiusculasObrigatorio(20),
});
export type VeiculoPostCarroAutoscar = z.infer<typeof veiculoPostCarroAutoscar>;
export type VeiculoPostMotoAutoscar = z.infer<typeof veiculoPostMotoAutoscar>;
/** Either shape; the server picks the schema by the stored vehicle type, never by what the body says. */
export type VeiculoPostAutoscar = VeiculoPostCarroAutoscar | VeiculoPostMotoAutoscar;
export const veiculoPostAutoscarPorTipo = { carro: veiculoPostCarroAutoscar, moto: veiculoPostMotoAutoscar } as const;

const CAMPOS_MOTO = ['matchType', 'coolingType', 'marches', 'motor'] as const;
/**
 * The route's `veiculo_post`: a car's (with ports) or a motorcycle's (start, cooling, gears, engine), with a message
 * per field. The adapter checks it again against the schema of the stored vehicle type.
 */
export const postAutoscar = z
  .strictObject({
    ...comum,
    ports: portas.optional(),
    matchType: selecao.optional(),
    coolingType: selecao.optional(),
    marches: marchas.optional(),
    motor: maiusculasObrigatorio(20).optional(),
  })
  .superRefine((p, ctx) => {
    const moto = CAMPOS_MOTO.some((c) => p[c] !== undefined);
    if (!moto && p.ports === undefined) ctx.addIssue({ code: 'custom', path: ['ports'], message: obrigatorio });
    if (!moto) return;
    for (const c of CAMPOS_MOTO) if (p[c] === undefined) ctx.addIssue({ code: 'custom', path: [c], message: obrigatorio });
    if (p.ports !== undefined) ctx.addIssue({ code: 'custom', path: ['ports'], message: 'Motos não têm portas.' });
  });

/** The prefilled draft (`/incluir`, `/alterar-get`): the vehicle's names, the post and the channel's lists. */
export const rascunhoAutoscar = z.object({
  tipo: z.enum(['carro', 'moto']),
  veiculoData: z.object({
    veiculo_marca: z.string().describe('id da marca na Autoscar ("" sem correspondência)'),
    veiculo_modelo: z.string(),
    veiculo_versao: z.string().describe('nome da versão escolhida'),
    veiculo_id_versao: z.string(),
    veiculo_ano_fabricacao: z.number().nullable(),
    veiculo_ano_modelo: z.number().nullable(),
  }),
  veiculoPost: z.object({
    plate: z.string(),
    mileage: z.number(),
    price: z.number(),
    city: z.string(),
    state: z.string(),
    description: z.string(),
    fuelType: z.string(),
    color: z.string(),
    bodyStyle: z.string(),
    transmission: z.string(),
    modelId: z.string(),
    photos: z.array(z.string()),
    ports: z.number().nullable().optional(),
    matchType: z.string().optional(),
    coolingType: z.string().optional(),
    marches: z.number().nullable().optional(),
    motor: z.string().optional(),
  }),
  retOpcionais: z.array(z.object({ descricao: z.string(), checked: z.boolean() })),
  retMarca: z.array(opcao),
  retModelo: z.array(opcao),
  retVersaoFilter: z.array(opcao),
  retTipoCombustivel: z.array(opcao),
  retCores: z.array(opcao),
  retTipoVeiculo: z.array(opcao),
  retTipoTransmissao: z.array(opcao),
  retTipoPartida: z.array(opcao).optional(),
  retTipoRefrigeracao: z.array(opcao).optional(),
});
export type RascunhoAutoscar = z.infer<typeof rascunhoAutoscar>;
