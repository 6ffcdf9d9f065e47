import { z } from 'zod';
import { MENSAGENS } from './mensagens.ts';

/** Field rules shared by the forms of the web app and the server's validation. */

/**
 * A length limit's text. The forms validate with the contract schemas in the browser, where zod's Portuguese locale
 * is not loaded: a rule without its own message would show zod's English text.
 */
export const noMaximo = (max: number) => `No máximo ${max} caracteres`;

/** Required text: trimmed, non-empty ("Preenchimento obrigatório"). */
export const textoObrigatorio = (max = 255) =>
  z.string(MENSAGENS.preenchimentoObrigatorio).trim().min(1, MENSAGENS.preenchimentoObrigatorio).max(max, noMaximo(max));

/** Optional text: trimmed; empty becomes null. */
export const textoOpcional = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, noMaximo(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional value that must match a mask when filled; empty becomes null. */
export const comMascara = (re: RegExp, mensagem: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || re.test(v), mensagem);

export const MASCARA_TELEFONE = '(99) 99999-9999';
export const MASCARA_CEP = '99999-999';
export const RE_TELEFONE = /^\(\d{2}\) \d{4,5}-\d{4}$/;
export const RE_CEP = /^\d{5}-\d{3}$/;
export const telefone = comMascara(RE_TELEFONE, 'Telefone inválido');
export const cep = comMascara(RE_CEP, 'CEP inválido');

export const email = (mensagem: string = MENSAGENS.emailInvalido) =>
  z
    .string(MENSAGENS.preenchimentoObrigatorio)
    .trim()
    .toLowerCase()
    .min(1, MENSAGENS.preenchimentoObrigatorio)
    .max(254, mensagem)
    .pipe(z.email(mensagem));

/** Money in reais: accepts 1234.5, "1234.50" or "1.234,50"; stored as a decimal string with 2 places. */
export const dinheiro = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const texto = typeof v === 'number' ? String(v) : v.trim().replace(/^R\$\s*/, '');
    const normal = /,/.test(texto) ? texto.replace(/\./g, '').replace(',', '.') : texto;
    const n = Number(normal);
    if (!/^\d+(\.\d+)?$/.test(normal) || !Number.isFinite(n) || n > 9_999_999_999) {
      ctx.addIssue({ code: 'custom', message: 'Valor inválido' });
      return z.NEVER;
    }
    return n.toFixed(2);
  });
