import { createHash } from 'node:crypto';
import { FUSO_HORARIO } from '@intermedio/contracts';

/**
 * Daily hash carried by links to the external requests site (spec 1 §7): md5 of the São Paulo date
 * as DDMMYYYY followed by a phrase such as `solicitacoes` or `incluir_revenda`.
 */
export function hashDiario(frase: string, agora = new Date()): string {
  const partes = new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO_HORARIO, day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(agora)
    .reduce<Record<string, string>>((acc, p) => Object.assign(acc, { [p.type]: p.value }), {});
  return createHash('md5').update(`${partes.day}${partes.month}${partes.year}${frase}`).digest('hex');
}

/** A link to one of the external sites: the user id and the daily hash of its phrase. */
export function linkExterno(base: string, idUsuario: string, frase: string, agora = new Date()): string {
  const url = new URL(base);
  url.searchParams.set('id_usuario', idUsuario);
  url.searchParams.set('hash', hashDiario(frase, agora));
  return url.toString();
}

export const linkSolicitacoes = (base: string, idUsuario: string, agora = new Date()) =>
  linkExterno(base, idUsuario, 'solicitacoes', agora);
