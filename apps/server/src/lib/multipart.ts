import type { FastifyRequest } from 'fastify';
import { ErroHttp } from './http.ts';

export const MENSAGENS_ENVIO = {
  invalido: 'Envio inválido: o arquivo não chegou completo. Envie novamente pelo formulário.',
  grandeDemais: (mb: number) => `O arquivo deve ter no máximo ${mb} MB.`,
} as const;

/** Multipart failures that are the client's (no boundary, a cut body, too many parts) as opposed to ours. */
export function erroDeMultipart(erro: { code?: string; message?: string }): ErroHttp | null {
  const codigo = erro.code ?? '';
  if (codigo === 'FST_REQ_FILE_TOO_LARGE') return new ErroHttp(413, 'O arquivo enviado é grande demais.');
  if (['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PROTO_VIOLATION'].includes(codigo)) {
    return new ErroHttp(413, 'Envio com partes demais: envie um arquivo por vez.');
  }
  if (codigo === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || codigo === 'FST_NO_FORM_DATA') return new ErroHttp(400, MENSAGENS_ENVIO.invalido);
  if (/^(Multipart: |Unexpected end of (form|multipart)|Malformed )/i.test(erro.message ?? ''))
    return new ErroHttp(400, MENSAGENS_ENVIO.invalido);
  return null;
}

/**
 * Reads the multipart field `file` (or `op.campo`) up to `limiteMb`: a body declared larger is refused before it is read, a stream
 * that goes past the limit is cut there, and a malformed request (no boundary, cut short) is a 400, never a 500.
 */
export async function lerArquivo(
  req: FastifyRequest,
  op: { limiteMb: number; semArquivo: string; grandeDemais?: string; campo?: string },
): Promise<{ dados: Buffer; nome: string | undefined }> {
  const limite = op.limiteMb * 1024 * 1024;
  const grande = () => new ErroHttp(413, op.grandeDemais ?? MENSAGENS_ENVIO.grandeDemais(op.limiteMb));
  if (!req.isMultipart()) throw new ErroHttp(400, op.semArquivo);
  if (Number(req.headers['content-length'] ?? 0) > limite + 64 * 1024) throw grande();
  const falhou = (erro: { code?: string; message?: string }) => {
    if (erro instanceof ErroHttp) throw erro; // the upload's time-out (midia/envios-em-curso.ts)
    if (erro.code === 'FST_REQ_FILE_TOO_LARGE') throw grande();
    throw erroDeMultipart(erro) ?? new ErroHttp(400, MENSAGENS_ENVIO.invalido);
  };
  const parte = await req.file({ limits: { fileSize: limite, files: 1 } }).catch(falhou);
  if (parte?.fieldname !== (op.campo ?? 'file')) throw new ErroHttp(400, op.semArquivo);
  const dados = await parte.toBuffer().catch(falhou);
  if (parte.file.truncated) throw grande();
  if (dados.length === 0) throw new ErroHttp(400, op.semArquivo);
  return { dados, nome: parte.filename };
}
