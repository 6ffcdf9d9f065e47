import { CABECALHO_CSRF, MENSAGENS } from '@intermedio/contracts';
import type { z } from 'zod';
import { conexao } from './conexao';

/** A failed API call: HTTP status (0 = no answer), the server's Portuguese message and, for validation errors, one message per field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly campos?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A call that got no answer (network down, server out of reach, or no answer in time): nothing is known to be saved. */
export const semResposta = (erro: unknown): boolean => erro instanceof ApiError && erro.status === 0;

export const MENSAGEM_SEM_CONEXAO = 'Sem conexão com o servidor. Verifique sua conexão e tente novamente.';
/** A save with no answer: the form stays open with what was typed (issue 15 item 4). */
export const MENSAGEM_GRAVACAO_SEM_RESPOSTA =
  'Sem conexão com o servidor: a gravação não foi confirmada. O que você digitou continua no formulário; tente de novo quando a conexão voltar.';
/** A write that hangs this long counts as unanswered (the form then says so instead of spinning forever). */
const LIMITE_ESCRITA_MS = 30_000;

type Metodo = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type OpcoesChamada<T> = {
  metodo?: Metodo;
  /** JSON body, or FormData for uploads. */
  corpo?: unknown;
  /** Contract schema that the answer's `data` must satisfy. */
  esquema?: z.ZodType<T>;
  /** false for calls where 401 is an expected answer (login, session probe, logout). */
  tratar401?: boolean;
  signal?: AbortSignal;
};

let csrf: string | null = null;
let aoPerderSessao: () => void = () => {};

/** The session's anti-CSRF token, sent on every non-GET request (`x-csrf-token`). */
export function definirCsrf(token: string | null) {
  csrf = token;
}

export const csrfAtual = () => csrf;

/** What to do when any call (except the ones with `tratar401: false`) answers 401: clear the session and go to /login. */
export function definirAoPerderSessao(cb: () => void) {
  aoPerderSessao = cb;
}

export async function chamarApi<T = unknown>(caminho: string, op: OpcoesChamada<T> = {}): Promise<T> {
  const metodo = op.metodo ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (op.corpo instanceof FormData) body = op.corpo;
  else if (op.corpo !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(op.corpo);
  }
  if (metodo !== 'GET' && csrf) headers[CABECALHO_CSRF] = csrf;

  // JSON writes get a time limit (uploads have their own progress and may take long).
  const limite = metodo !== 'GET' && !(body instanceof FormData) ? AbortSignal.timeout(LIMITE_ESCRITA_MS) : undefined;
  const signal = limite && op.signal ? AbortSignal.any([op.signal, limite]) : (limite ?? op.signal);
  let resposta: Response;
  try {
    resposta = await fetch(caminho, { method: metodo, headers, body, credentials: 'same-origin', signal });
  } catch (erro) {
    if (erro instanceof DOMException && erro.name === 'AbortError' && op.signal?.aborted) throw erro;
    conexao.semResposta();
    throw new ApiError(0, metodo === 'GET' ? MENSAGEM_SEM_CONEXAO : MENSAGEM_GRAVACAO_SEM_RESPOSTA);
  }
  conexao.respondeu();

  const envelope = await lerEnvelope(resposta);
  if (resposta.status === 401 && op.tratar401 !== false) aoPerderSessao();
  if (!resposta.ok || envelope?.status !== 'success') {
    const mensagem = typeof envelope?.data === 'string' && envelope.data ? envelope.data : MENSAGENS.erroInterno;
    throw new ApiError(resposta.ok ? 500 : resposta.status, mensagem, envelope?.campos);
  }
  if (!op.esquema) return envelope.data as T;
  const r = op.esquema.safeParse(envelope.data);
  if (!r.success) throw new ApiError(500, MENSAGENS.erroInterno);
  return r.data;
}

type Envelope = { status?: unknown; data?: unknown; campos?: Record<string, string> };

async function lerEnvelope(resposta: Response): Promise<Envelope | null> {
  try {
    const json: unknown = await resposta.json();
    return json && typeof json === 'object' ? (json as Envelope) : null;
  } catch {
    return null;
  }
}

type SemMetodo<T> = Omit<OpcoesChamada<T>, 'metodo' | 'corpo'>;

export const api = {
  get: <T = unknown>(caminho: string, op?: SemMetodo<T>) => chamarApi<T>(caminho, { ...op, metodo: 'GET' }),
  post: <T = unknown>(caminho: string, corpo?: unknown, op?: SemMetodo<T>) => chamarApi<T>(caminho, { ...op, metodo: 'POST', corpo }),
  put: <T = unknown>(caminho: string, corpo?: unknown, op?: SemMetodo<T>) => chamarApi<T>(caminho, { ...op, metodo: 'PUT', corpo }),
  patch: <T = unknown>(caminho: string, corpo?: unknown, op?: SemMetodo<T>) => chamarApi<T>(caminho, { ...op, metodo: 'PATCH', corpo }),
  delete: <T = unknown>(caminho: string, op?: SemMetodo<T>) => chamarApi<T>(caminho, { ...op, metodo: 'DELETE' }),
};
