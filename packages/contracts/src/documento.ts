import { z } from 'zod';
import { MENSAGENS } from './mensagens.ts';

/** Brazilian CPF (11 digits) and CNPJ (14 digits): typed with or without punctuation, checked by their digits, stored as digits. */

export const soDigitos = (v: string) => v.replace(/\D/g, '');

/** Modulo-11 check digit of `digitos` with the given weights (the same rule for CPF and CNPJ). */
function digitoVerificador(digitos: string, pesos: readonly number[]): number {
  const soma = [...digitos].reduce((s, d, i) => s + Number(d) * (pesos[i] ?? 0), 0);
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

const PESOS_CPF_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const PESOS_CPF_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const PESOS_CNPJ_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const PESOS_CNPJ_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Eleven digits, not all equal, with both check digits right. */
export function cpfValido(digitos: string): boolean {
  if (!/^\d{11}$/.test(digitos) || /^(\d)\1{10}$/.test(digitos)) return false;
  const d1 = digitoVerificador(digitos.slice(0, 9), PESOS_CPF_1);
  const d2 = digitoVerificador(digitos.slice(0, 10), PESOS_CPF_2);
  return digitos.endsWith(`${d1}${d2}`);
}

/** Fourteen digits, not all equal, with both check digits right. */
export function cnpjValido(digitos: string): boolean {
  if (!/^\d{14}$/.test(digitos) || /^(\d)\1{13}$/.test(digitos)) return false;
  const d1 = digitoVerificador(digitos.slice(0, 12), PESOS_CNPJ_1);
  const d2 = digitoVerificador(digitos.slice(0, 13), PESOS_CNPJ_2);
  return digitos.endsWith(`${d1}${d2}`);
}

/** 000.000.000-00 or 00.000.000/0000-00 for display; anything else (old data) as it is. */
export function formatarCpfCnpj(valor: string | null | undefined): string {
  if (!valor) return '';
  const d = soDigitos(valor);
  if (d.length === 11) return d.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (d.length === 14) return d.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return valor;
}

/** Puts `separadores` between the groups of `digitos` (sizes `grupos`) as far as the digits go. */
function progressivo(digitos: string, grupos: readonly number[], separadores: readonly string[]): string {
  let texto = '';
  let i = 0;
  grupos.forEach((tamanho, g) => {
    const parte = digitos.slice(i, i + tamanho);
    if (parte) texto += (g > 0 ? separadores[g - 1] : '') + parte;
    i += tamanho;
  });
  return texto;
}

/** Input mask of a CNPJ field while typing: 00.000.000/0000-00. */
export const mascararCnpj = (valor: string) => progressivo(soDigitos(valor).slice(0, 14), [2, 3, 3, 4, 2], ['.', '.', '/', '-']);

/** Input mask of a CPF-or-CNPJ field: CPF (000.000.000-00) up to 11 digits, CNPJ beyond. */
export function mascararCpfCnpj(valor: string): string {
  const d = soDigitos(valor).slice(0, 14);
  return d.length <= 11 ? progressivo(d, [3, 3, 3, 2], ['.', '.', '-']) : mascararCnpj(d);
}

/** Optional CPF or CNPJ (the reseller's pecpf_cnpj): digits, or null when empty. Up to 11 digits it is read as a CPF. */
export const cpfCnpjOpcional = z
  .string()
  .nullish()
  .transform((v, ctx) => {
    const d = soDigitos(v ?? '');
    if (!d && !(v ?? '').trim()) return null;
    if (d.length <= 11 && !cpfValido(d)) ctx.addIssue({ code: 'custom', message: MENSAGENS.cpfInvalido });
    else if (d.length > 11 && !cnpjValido(d)) ctx.addIssue({ code: 'custom', message: MENSAGENS.cnpjInvalido });
    return d;
  });

/** Required CNPJ (Webmotors): punctuated or not; the digits are kept. */
export const cnpjObrigatorio = z
  .string(MENSAGENS.preenchimentoObrigatorio)
  .trim()
  .min(1, MENSAGENS.preenchimentoObrigatorio)
  .transform((v, ctx) => {
    const d = soDigitos(v);
    if (!cnpjValido(d)) ctx.addIssue({ code: 'custom', message: MENSAGENS.cnpjInvalido });
    return d;
  });
