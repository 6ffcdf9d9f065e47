import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ErroHttp } from '../../lib/http.ts';

export type LimitesEnvio = { bytes: number; mensagens: { semArquivo: string; grandeDemais: string; corrompida: string } };

/**
 * Opens the multipart field `file` without reading it: a body larger than the limit is refused from its declared
 * length before anything is read. Other fields sent before the file come in `campos`.
 */
export async function abrirArquivoEnviado(
  req: FastifyRequest,
  { bytes, mensagens }: LimitesEnvio,
): Promise<{ parte: MultipartFile; campos: Record<string, string> }> {
  if (!req.isMultipart()) throw new ErroHttp(400, mensagens.semArquivo);
  const declarado = Number(req.headers['content-length'] ?? 0);
  if (declarado > bytes + 64 * 1024) throw new ErroHttp(413, mensagens.grandeDemais);
  const parte = await req.file({ limits: { fileSize: bytes, files: 1 } });
  if (!parte) throw new ErroHttp(400, mensagens.semArquivo);
  if (parte.fieldname !== 'file') {
    await descartarArquivoEnviado(parte);
    throw new ErroHttp(400, mensagens.semArquivo);
  }
  const campos: Record<string, string> = {};
  for (const [nome, campo] of Object.entries(parte.fields)) {
    const valor = [campo].flat()[0];
    if (valor && 'value' in valor && typeof valor.value === 'string') campos[nome] = valor.value;
  }
  return { parte, campos };
}

/**
 * Reads what is left of the file without keeping it, so the client finishes sending and gets the answer (a refusal
 * before the whole body is read could reach it as a reset connection).
 */
export async function descartarArquivoEnviado(parte: MultipartFile) {
  parte.file.resume();
  await finished(parte.file).catch(() => {});
}

const BYTES_INICIO = 64;

/**
 * Streams the file into a temporary file, one chunk in memory at a time, up to the limit (busboy cuts it there: 413).
 * `conferirInicio` sees the first bytes as soon as they arrive (the whole file when smaller) and may throw to refuse
 * it: the rest is then read and dropped, nothing more is written. The caller removes the file with `descartar`.
 */
export async function receberEmDisco<T>(
  parte: MultipartFile,
  { mensagens }: LimitesEnvio,
  conferirInicio: (inicio: Buffer) => T,
): Promise<{ caminho: string; tamanho: number; inicio: T; descartar: () => Promise<void> }> {
  const pasta = await mkdtemp(path.join(tmpdir(), 'intermedio-envio-'));
  const descartar = () => rm(pasta, { recursive: true, force: true });
  const caminho = path.join(pasta, 'envio');
  const saida = createWriteStream(caminho);
  const gravado = finished(saida);
  // A write error (a full disk) settles `gravado` at once: it ends the wait for 'drain' below (which never comes
  // after an error), the rest of the body is drained, and the upload fails with that error (a server fault: 500).
  let falhaEscrita: unknown = null;
  gravado.catch((erro: unknown) => {
    falhaEscrita ??= erro;
  });
  let tamanho = 0;
  let partesInicio: Buffer[] = [];
  let conferido: { valor: T } | null = null;
  let recusa: unknown = null;
  const conferir = () => {
    try {
      conferido = { valor: conferirInicio(Buffer.concat(partesInicio).subarray(0, BYTES_INICIO)) };
    } catch (erro) {
      recusa = erro;
    }
    partesInicio = [];
  };
  try {
    try {
      for await (const pedaco of parte.file as AsyncIterable<Buffer>) {
        if (recusa) continue; // refused by its first bytes: drained, not written
        tamanho += pedaco.length;
        if (!conferido) {
          partesInicio.push(pedaco);
          if (tamanho >= BYTES_INICIO) conferir();
          if (recusa) continue;
        }
        if (falhaEscrita) continue;
        if (!saida.write(pedaco)) await Promise.race([once(saida, 'drain'), gravado]).catch(() => {});
      }
    } catch (erro) {
      if (erro instanceof ErroHttp) throw erro; // the upload's time-out (midia/envios-em-curso.ts)
      if ((erro as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ErroHttp(413, mensagens.grandeDemais);
      throw new ErroHttp(400, mensagens.corrompida);
    }
    // busboy may mark the stream truncated on its last chunk without an error: checked here too.
    if (parte.file.truncated) throw new ErroHttp(413, mensagens.grandeDemais);
    if (tamanho === 0) throw new ErroHttp(400, mensagens.semArquivo);
    if (!conferido && !recusa) conferir();
    if (recusa) throw recusa;
    if (falhaEscrita) throw falhaEscrita;
    saida.end();
    await gravado;
    return { caminho, tamanho, inicio: (conferido as unknown as { valor: T }).valor, descartar };
  } catch (erro) {
    saida.destroy();
    await descartar();
    throw erro;
  }
}
