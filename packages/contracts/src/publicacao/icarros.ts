import { z } from 'zod';
import { idsMarcados, kmPortal, listasPortal, placaPortal, portasPortal, selecaoObrigatoria, textoPortal, valorPortal } from './portais.ts';

/** iCarros (spec 3 §2.5, §3.8, §7): the draft of `/incluir` and the `veiculo_post` of `/enviar`. */

/** A plan of the dealer; only plans with livres > 0 and tipoAnuncioId > 0 reach the screen. */
export const planoIcarros = z.object({ nome: z.string(), priority: z.number(), livres: z.number(), tipoAnuncioId: z.number() });
export type PlanoIcarros = z.infer<typeof planoIcarros>;

/**
 * What the user chooses. Years, dealer, spotlight and gallery flags are the server's (the vehicle's years, the dealer
 * of the stored configuration, false / false): sent values are ignored.
 */
export const postIcarros = z.object({
  priority: selecaoObrigatoria,
  makeId: selecaoObrigatoria,
  modelId: selecaoObrigatoria,
  trimId: selecaoObrigatoria,
  plate: placaPortal,
  km: kmPortal,
  price: valorPortal,
  text: textoPortal,
  fuelId: selecaoObrigatoria,
  colorId: selecaoObrigatoria,
  doors: portasPortal,
  transmissionId: selecaoObrigatoria,
  equipments: idsMarcados,
});
export type PostIcarros = z.infer<typeof postIcarros>;

const listaPlanos = z.object({ plans: z.array(planoIcarros) });
export const rascunhoIcarros = z.object({
  veiculoPost: z.object({
    dealerId: z.string(),
    priority: z.string(),
    makeId: z.string(),
    modelId: z.string(),
    trimId: z.string(),
    productionYear: z.number().nullable(),
    modelYear: z.number().nullable(),
    plate: z.string(),
    km: z.number(),
    price: z.number(),
    text: z.string(),
    fuelId: z.string(),
    colorId: z.string(),
    doors: z.string(),
    transmissionId: z.string(),
    equipments: z.array(z.string()),
  }),
  /** New (zero km): the plate is not editable and the zero-km plans apply. */
  veiculoNovo: z.boolean(),
  ...listasPortal,
  planosRevenda: listaPlanos,
  planosRevendaZeroKm: listaPlanos,
});
export type RascunhoIcarros = z.infer<typeof rascunhoIcarros>;
