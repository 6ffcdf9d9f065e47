import { MENSAGENS } from '@intermedio/contracts';
import type { FastifyReply } from 'fastify';

/** An error with an HTTP status and a Portuguese message for the user; answered as `{status:'error', data}`. */
export class ErroHttp extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly campos?: Record<string, string>,
  ) {
    super(message);
  }
}

export const naoAutenticado = () => new ErroHttp(401, MENSAGENS.naoAutenticado);
export const acessoNegado = () => new ErroHttp(403, MENSAGENS.acessoNegado);
/** A save over a newer version than the one the form read (issue 10 item 6). */
export const conflitoVersao = () => new ErroHttp(409, MENSAGENS.conflitoVersao);
export const naoEncontrado = (msg: string = MENSAGENS.naoEncontrado) => new ErroHttp(404, msg);

export const sucesso = <T>(data: T) => ({ status: 'success' as const, data });

const INICIO_ENVELOPE = Buffer.from('{"status":"success","data":');
const FIM_ENVELOPE = Buffer.from('}');

/**
 * Sends a list whose JSON the database already built (`linhasEmJson`) in the success envelope, as bytes: Fastify
 * sends a Buffer with a JSON content type as it is, so the route's serializer does not parse and validate it again.
 * The text is encoded to UTF-8 once, straight into the answer (no concatenated copy of a multi-megabyte string).
 * The shape is the route's schema all the same: the list's statement fixes it and its tests parse answers with the schema.
 */
export function enviarJson(reply: FastifyReply, dadosJson: string): FastifyReply {
  const tamanho = Buffer.byteLength(dadosJson);
  const corpo = Buffer.allocUnsafe(INICIO_ENVELOPE.length + tamanho + FIM_ENVELOPE.length);
  INICIO_ENVELOPE.copy(corpo, 0);
  corpo.write(dadosJson, INICIO_ENVELOPE.length, tamanho, 'utf8');
  FIM_ENVELOPE.copy(corpo, INICIO_ENVELOPE.length + tamanho);
  return reply.type('application/json; charset=utf-8').send(corpo as never);
}

export const MENSAGEM_NUL = `${MENSAGENS.dadosInvalidos.slice(0, -1)}: texto com caractere nulo (\\u0000).`;

/**
 * Whether a parsed input holds a NUL character in any string or key. PostgreSQL text cannot store it (and JSON
 * columns cannot read it back), so every route refuses it up front (a global preValidation hook in app.ts).
 */
export function temNul(valor: unknown, profundidade = 0): boolean {
  if (typeof valor === 'string') return valor.includes('\u0000');
  if (!valor || typeof valor !== 'object' || profundidade > 64) return false;
  if (Array.isArray(valor)) return valor.some((v) => temNul(v, profundidade + 1));
  return Object.entries(valor).some(([k, v]) => k.includes('\u0000') || temNul(v, profundidade + 1));
}
