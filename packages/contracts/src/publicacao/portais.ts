import { z } from 'zod';
import { MENSAGENS } from '../mensagens.ts';
import { imagemRascunho, opcaoCanal } from './comum.ts';

/**
 * What the screens of iCarros, Mobiauto and Na Pista share (spec 3 §2.5, §5): the channel's lists, the required
 * selects (ids are the channel's codes as text), doors 0 / 1 / 2 / 4, plate, mileage, price and text fields.
 */
export const opcaoPortal = opcaoCanal;
/** An option checkbox: `checked` when the vehicle has it (matched by name). */
export const opcaoMarcavel = opcaoPortal.extend({ checked: z.boolean() });
export type OpcaoMarcavel = z.infer<typeof opcaoMarcavel>;

export const selecaoObrigatoria = z
  .string(MENSAGENS.preenchimentoObrigatorio)
  .trim()
  .min(1, MENSAGENS.preenchimentoObrigatorio)
  .max(40, 'Código inválido.');
export const PORTAS_PORTAIS = ['0', '1', '2', '4'] as const;
export const portasPortal = z.enum(PORTAS_PORTAIS, MENSAGENS.preenchimentoObrigatorio);
export const placaPortal = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{3}-?\d[A-Z0-9]\d{2})?$/, 'Placa inválida.');
export const kmPortal = z.coerce
  .number(MENSAGENS.numeroInvalido)
  .int(MENSAGENS.numeroInvalido)
  .min(0, MENSAGENS.numeroInvalido)
  .max(5_000_000);
export const valorPortal = z.coerce
  .number(MENSAGENS.numeroInvalido)
  .positive('O valor deve ser maior que zero.')
  .max(100_000_000, MENSAGENS.numeroInvalido);
export const textoPortal = z.string().trim().max(4000, 'Texto longo demais (até 4.000 caracteres).');
export const idsMarcados = z.array(z.string().max(40)).max(300);

export const ROTULO_PORTAS_PORTAL: Record<(typeof PORTAS_PORTAIS)[number], string> = { '0': '0', '1': '1', '2': '2', '4': '4' };

/** The lists iCarros and Na Pista answer under the same names (spec 3 §7: Na Pista "as iCarros"). */
export const listasPortal = {
  imagens: z.array(imagemRascunho),
  retMarca: z.array(opcaoPortal),
  retModelo: z.array(opcaoPortal),
  retVersao: z.array(opcaoPortal),
  retCombustivel: z.array(opcaoPortal),
  retCores: z.array(opcaoPortal),
  retTransmissao: z.array(opcaoPortal),
  retOpcionais: z.array(opcaoMarcavel),
};
