import { MENSAGENS } from '@intermedio/contracts';

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
export const naoEncontrado = (msg: string = MENSAGENS.naoEncontrado) => new ErroHttp(404, msg);

export const sucesso = <T>(data: T) => ({ status: 'success' as const, data });
