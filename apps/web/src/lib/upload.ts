import { CABECALHO_CSRF, LIMITES_IMAGEM, MENSAGENS, MENSAGENS_MIDIA } from '@intermedio/contracts';
import type { z } from 'zod';
import { ApiError, MENSAGEM_SEM_CONEXAO } from './api';

/** The photo limit as shown next to an upload button ("até 15 MB"), from the server's own constant. */
export const LIMITE_FOTO_TEXTO = `até ${LIMITES_IMAGEM.megabytes} MB`;

/**
 * The server's refusal of a photo larger than LIMITES_IMAGEM, said at once in the browser (the same message)
 * instead of after uploading the whole file. null: the photo may go.
 */
export function recusaDeFoto(arquivo: Blob): string | null {
  return arquivo.size > LIMITES_IMAGEM.megabytes * 1024 * 1024 ? MENSAGENS_MIDIA.grandeDemais : null;
}

/**
 * Multipart upload of one file (field `file`) with upload progress, which fetch cannot report:
 * XMLHttpRequest, same-origin credentials, the session's anti-CSRF header, the `{status, data}` envelope,
 * `data` checked against `esquema`. `aoProgresso` receives 0–100. Rejects with an ApiError carrying the
 * server's message. `sinal` aborts the upload (the promise then rejects with an AbortError).
 */
export function enviarComProgresso<T>(
  url: string,
  arquivo: Blob,
  op: {
    csrf: string;
    esquema: z.ZodType<T>;
    aoProgresso?: (percentual: number) => void;
    sinal?: AbortSignal;
    /** The multipart field's name (default `file`). */
    campo?: string;
  },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(CABECALHO_CSRF, op.csrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) op.aoProgresso?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onerror = () => reject(new ApiError(0, MENSAGEM_SEM_CONEXAO));
    xhr.onabort = () => reject(new DOMException('Envio cancelado', 'AbortError'));
    op.sinal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onload = () => {
      let envelope: { status?: unknown; data?: unknown } | null = null;
      try {
        envelope = JSON.parse(xhr.responseText);
      } catch {
        envelope = null;
      }
      const ok = xhr.status >= 200 && xhr.status < 300 && envelope?.status === 'success';
      const dados = ok ? op.esquema.safeParse(envelope?.data) : null;
      if (dados?.success) {
        op.aoProgresso?.(100);
        resolve(dados.data);
        return;
      }
      const texto = envelope?.data;
      reject(new ApiError(ok ? 500 : xhr.status || 500, !ok && typeof texto === 'string' && texto ? texto : MENSAGENS.erroInterno));
    };
    const corpo = new FormData();
    corpo.append(op.campo ?? 'file', arquivo, arquivo instanceof File ? arquivo.name : 'imagem');
    xhr.send(corpo);
  });
}
