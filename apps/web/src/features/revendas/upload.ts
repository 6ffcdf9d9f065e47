import { z } from 'zod';
import { enviarComProgresso } from '@/lib/upload';

/** The upload answer: file name and address, plus whatever else the route answers (thumbnail, original…). */
// Any object answer: some routes answer other address fields (the video upload's fileUrlImage).
const arquivoEnviado = z.looseObject({
  fileName: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  fileUrl: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
});
export type ArquivoEnviado = z.infer<typeof arquivoEnviado>;

export const URL_LOGOTIPO = '/api/arquivos/logotipo';

/** Upload of one file with progress (see lib/upload.ts); answers the stored file's name and address. */
export function enviarArquivo(
  url: string,
  arquivo: Blob,
  csrf: string,
  aoProgresso?: (percentual: number) => void,
): Promise<ArquivoEnviado> {
  return enviarComProgresso(url, arquivo, { csrf, esquema: arquivoEnviado, aoProgresso });
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
