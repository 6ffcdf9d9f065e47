import { z } from 'zod';
import { MENSAGENS } from '../mensagens.ts';
import { imagemRascunho } from './comum.ts';
import {
  idsMarcados,
  kmPortal,
  opcaoMarcavel,
  opcaoPortal,
  placaPortal,
  portasPortal,
  selecaoObrigatoria,
  textoPortal,
  valorPortal,
} from './portais.ts';

/** Mobiauto (spec 3 §2.3, §2.5, §3.10, §5, §7): cars only; plan, vehicle type (0 Usado / 1 0 Km), armoured (Não/Sim). */

export const TIPOS_VEICULO_MOBIAUTO = [
  { id: '0', nome: 'Usado' },
  { id: '1', nome: '0 Km' },
] as const;
export const BLINDADO_MOBIAUTO = [
  { id: '0', nome: 'Não' },
  { id: '1', nome: 'Sim' },
] as const;
const zeroOuUm = z.enum(['0', '1'], MENSAGENS.preenchimentoObrigatorio);

/** What the user chooses; years, images, dealer, oemPaid and resale are the server's. */
export const postMobiauto = z.object({
  makeId: selecaoObrigatoria,
  modelId: selecaoObrigatoria,
  trimId: selecaoObrigatoria,
  plate: placaPortal,
  deal0km: zeroOuUm,
  km: kmPortal,
  planId: selecaoObrigatoria,
  armored: zeroOuUm,
  price: valorPortal,
  description: textoPortal,
  fuelId: selecaoObrigatoria,
  colorId: selecaoObrigatoria,
  doors: portasPortal,
  transmissionId: selecaoObrigatoria,
  featureIds: idsMarcados,
  conditionalsIds: idsMarcados,
});
export type PostMobiauto = z.infer<typeof postMobiauto>;

export const rascunhoMobiauto = z.object({
  veiculoData: z.object({
    makeId: z.string(),
    modelId: z.string(),
    trimId: z.string(),
    productionYear: z.number().nullable(),
    modelYear: z.number().nullable(),
    plate: z.string(),
    deal0km: z.string(),
    km: z.number(),
    planId: z.string(),
    armored: z.string(),
    price: z.number(),
    description: z.string(),
    fuelId: z.string(),
    colorId: z.string(),
    doors: z.string(),
    transmissionId: z.string(),
    featureIds: z.array(z.string()),
    conditionalsIds: z.array(z.string()),
    images: z.array(z.object({ url: z.string() })),
  }),
  imagens: z.array(imagemRascunho),
  retMarca: z.array(opcaoPortal),
  retModelo: z.array(opcaoPortal),
  retVersaoFilter: z.array(opcaoPortal),
  retTipoCombustivel: z.array(opcaoPortal),
  retCores: z.array(opcaoPortal),
  retTipoTransmissao: z.array(opcaoPortal),
  retPlanos: z.array(z.object({ dealPlanId: z.string(), name: z.string() })),
  retOpcionais: z.array(opcaoMarcavel),
  retObservacoes: z.array(opcaoMarcavel),
});
export type RascunhoMobiauto = z.infer<typeof rascunhoMobiauto>;
