import { z } from 'zod';
import { noMaximo } from '../campos.ts';
import { MENSAGENS } from '../mensagens.ts';

/** Autoline per-vehicle publishing (spec 3 §2.5, §3.6, §5, §9): the draft and the `veiculo_post` of the screen. */

const obrigatorio = MENSAGENS.preenchimentoObrigatorio;
const opcao = z.object({ id: z.string(), nome: z.string() });
const selecao = z.string(obrigatorio).trim().min(1, obrigatorio).max(40);

/** The 0/1 flags of spec 3 §3.6, with the screen's labels (IsSwapNotAccepted is 1 when a swap is NOT accepted). */
export const FLAGS_AUTOLINE = {
  IsArmored: 'Blindado',
  IsDisabilityAdapted: 'Adaptado para pessoas com deficiência',
  IsOneOwnerUsed: 'Único dono',
  IsFinanced: 'Financiado',
  IsRegistrationPaid: 'Licenciado',
  IsTaxPaid: 'IPVA pago',
  AreAllServicesMadeByAuthorizedCenters: 'Revisões feitas em concessionária',
  IsManufacturerWarrantyActive: 'Garantia de fábrica',
  IsSwapNotAccepted: 'Não aceita troca',
  IsCollectorVehicle: 'Veículo de colecionador',
} as const;
export type FlagAutoline = keyof typeof FLAGS_AUTOLINE;
export const NOMES_FLAGS_AUTOLINE = Object.keys(FLAGS_AUTOLINE) as FlagAutoline[];

const flag = z
  .union([z.literal(0), z.literal(1)])
  .optional()
  .default(0);

/**
 * `veiculo_post` (spec 3 §3.6 names). Price, years, mileage and IsZeroKm are the vehicle's own: the server fills them
 * (IsZeroKm is 1 when the mileage is 0 or less) whatever arrives here.
 */
export const veiculoPostAutoline = z.strictObject({
  MakeId: selecao,
  ModelId: selecao,
  ModelVersionId: selecao,
  FuelTypeId: selecao,
  ColorId: selecao,
  DoorNumberId: selecao,
  BodyTypeId: selecao,
  TransmissionId: selecao,
  RegistrationPlate: z
    .string()
    .trim()
    .max(8, noMaximo(8))
    .transform((p) => p.toUpperCase().replace('-', ''))
    .optional()
    .default(''),
  AdditionalInformation: z.string().trim().max(3000, noMaximo(3000)).optional().default(''),
  /** Ids of the chosen features. */
  Features: z.array(z.string().trim().min(1).max(20)).max(200).optional().default([]),
  ModelYear: z.number().int().optional(),
  BuiltYear: z.number().int().optional(),
  Odometer: z.number().optional(),
  Price: z.number().optional(),
  IsZeroKm: z.union([z.literal(0), z.literal(1)]).optional(),
  IsArmored: flag,
  IsDisabilityAdapted: flag,
  IsOneOwnerUsed: flag,
  IsFinanced: flag,
  IsRegistrationPaid: flag,
  IsTaxPaid: flag,
  AreAllServicesMadeByAuthorizedCenters: flag,
  IsManufacturerWarrantyActive: flag,
  IsSwapNotAccepted: flag,
  IsCollectorVehicle: flag,
});
export type VeiculoPostAutoline = z.infer<typeof veiculoPostAutoline>;

/** The draft `incluir` answers: Codigo* fields (spec 3 §3.6), the flags and Autoline's lists (Id/Name as id/nome). */
export const rascunhoAutoline = z.object({
  veiculoPost: z.object({
    CodigoMarca: z.string(),
    CodigoModelo: z.string(),
    CodigoVersao: z.string(),
    CodigoCombustivel: z.string(),
    CodigoCor: z.string(),
    CodigoPortas: z.string(),
    CodigoCategoria: z.string(),
    CodigoCambio: z.string(),
    Preco: z.number(),
    AnoModelo: z.number().nullable(),
    AnoFabricacao: z.number().nullable(),
    Km: z.number(),
    ZeroKm: z.boolean(),
    Placa: z.string(),
    Observacao: z.string(),
    Opcionais: z.array(z.string()),
    flags: z.record(z.string(), z.union([z.literal(0), z.literal(1)])),
  }),
  retMarca: z.array(opcao),
  retModelo: z.array(opcao),
  retVersao: z.array(opcao),
  retTipoCombustivel: z.array(opcao),
  retCores: z.array(opcao),
  retPortas: z.array(opcao),
  retCategoria: z.array(opcao),
  retCambio: z.array(opcao),
  retOpcionais: z.array(opcao),
});
export type RascunhoAutoline = z.infer<typeof rascunhoAutoline>;
