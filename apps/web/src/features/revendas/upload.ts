import { CABECALHO_CSRF, MENSAGENS } from '@intermedio/contracts';
import { ApiError } from '@/lib/api';

/** The upload answer: file name and address, plus whatever else the route answers (thumbnail, original…). */
export type ArquivoEnviado = { fileName: string; fileUrl: string } & Record<string, unknown>;

export const URL_LOGOTIPO = '/api/arquivos/logotipo';

/**
 * Multipart upload of one file (field `file`) with upload progress, which fetch cannot report:
 * XMLHttpRequest, same-origin credentials, the session's anti-CSRF header, the `{status, data}` envelope.
 * `aoProgresso` receives 0–100. Rejects with an ApiError carrying the server's message.
 */
export function enviarArquivo(
  url: string,
  arquivo: Blob,
  csrf: string,
  aoProgresso?: (percentual: number) => void,
): Promise<ArquivoEnviado> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(CABECALHO_CSRF, csrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) aoProgresso?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.'));
    xhr.onload = () => {
      let envelope: { status?: unknown; data?: unknown } | null = null;
      try {
        envelope = JSON.parse(xhr.responseText);
      } catch {
        envelope = null;
      }
      const dados = envelope?.data as Partial<ArquivoEnviado> | string | undefined;
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.status === 'success' && typeof dados === 'object' && dados) {
        aoProgresso?.(100);
        resolve({ ...dados, fileName: String(dados.fileName ?? ''), fileUrl: String(dados.fileUrl ?? '') });
        return;
      }
      reject(new ApiError(xhr.status || 500, typeof dados === 'string' && dados ? dados : MENSAGENS.erroInterno));
    };
    const corpo = new FormData();
    corpo.append('file', arquivo, arquivo instanceof File ? arquivo.name : 'imagem');
    xhr.send(corpo);
  });
}

/** A file as a data URL (the frame-image upload of spec 1 §7 sends the image this way, in JSON). */
export function lerComoDataUrl(arquivo: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const leitor = new FileReader();
    leitor.onload = () => resolve(String(leitor.result));
    leitor.onerror = () => reject(leitor.error ?? new Error('Falha ao ler o arquivo'));
    leitor.readAsDataURL(arquivo);
  });
}
