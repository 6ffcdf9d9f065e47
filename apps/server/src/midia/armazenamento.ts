import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** An open stored file: its bytes as a stream, plus what an HTTP answer needs. */
export type ArquivoAberto = { corpo: Readable; tamanho: number | undefined; tipo: string | undefined };

/**
 * Where uploaded files live. Keys are relative paths such as `logos/abc.png`; each file has one public address
 * (`url`) that never changes (new content gets a new key), so it can be cached forever.
 * Drivers: local disk under DATA_DIR/arquivos (default) and S3-compatible object storage (armazenamento-s3.ts),
 * chosen by ARMAZENAMENTO (see criarArmazenamento).
 */
export interface Armazenamento {
  salvar(chave: string, dados: Buffer, tipo: string): Promise<{ chave: string; url: string }>;
  /** Stores a local file (a video upload) by streaming it, never holding it whole in memory. */
  salvarArquivo(chave: string, caminho: string, tipo: string): Promise<{ chave: string; url: string }>;
  /** Opens a stored file for reading; null when there is no such file. */
  abrir(chave: string): Promise<ArquivoAberto | null>;
  /** A whole stored file at once, when the driver has a cheaper way than `abrir` (local disk: one read); null when missing. */
  ler?(chave: string): Promise<Buffer | null>;
  remover(chave: string): Promise<void>;
  /** Removes every file whose key starts with `prefixo/` (an upload's renditions). */
  removerPasta(prefixo: string): Promise<void>;
  /** The public address of a key. */
  url(chave: string): string;
  /** The key of a URL this storage gave, or null when the URL is not ours. */
  chaveDaUrl(url: string): string | null;
}

export const PREFIXO_ARQUIVOS = '/arquivos/';
const CHAVE_VALIDA = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;
export const chaveValida = (chave: string) => CHAVE_VALIDA.test(chave) && !chave.includes('..') && !chave.includes('//');

/** Reads a whole stored file (frames, originals for a zip); null when missing. */
export async function lerArquivo(armazenamento: Armazenamento, chave: string): Promise<Buffer | null> {
  if (armazenamento.ler) return armazenamento.ler(chave);
  const aberto = await armazenamento.abrir(chave);
  if (!aberto) return null;
  const partes: Buffer[] = [];
  for await (const parte of aberto.corpo) partes.push(parte as Buffer);
  return Buffer.concat(partes);
}

export class ArmazenamentoLocal implements Armazenamento {
  constructor(readonly raiz: string) {}

  async salvar(chave: string, dados: Buffer) {
    const destino = this.#caminho(chave);
    await mkdir(path.dirname(destino), { recursive: true });
    await writeFile(destino, dados);
    return { chave, url: this.url(chave) };
  }

  async salvarArquivo(chave: string, caminho: string) {
    const destino = this.#caminho(chave);
    await mkdir(path.dirname(destino), { recursive: true });
    await copyFile(caminho, destino);
    return { chave, url: this.url(chave) };
  }

  async abrir(chave: string): Promise<ArquivoAberto | null> {
    const arquivo = this.#caminho(chave);
    const info = await stat(arquivo).catch(() => null);
    if (!info?.isFile()) return null;
    return { corpo: createReadStream(arquivo), tamanho: info.size, tipo: undefined };
  }

  async ler(chave: string) {
    return readFile(this.#caminho(chave)).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'EISDIR' || e.code === 'ENOTDIR') return null;
      throw e;
    });
  }

  async remover(chave: string) {
    await rm(this.#caminho(chave), { force: true });
  }

  async removerPasta(prefixo: string) {
    await rm(this.#caminho(prefixo.replace(/\/+$/, '')), { force: true, recursive: true });
  }

  url(chave: string) {
    return PREFIXO_ARQUIVOS + chave;
  }

  chaveDaUrl(url: string): string | null {
    if (!url.startsWith(PREFIXO_ARQUIVOS)) return null;
    const chave = url.slice(PREFIXO_ARQUIVOS.length);
    return chaveValida(chave) ? chave : null;
  }

  #caminho(chave: string) {
    if (!chaveValida(chave)) throw new Error(`chave de arquivo inválida: ${chave}`);
    return path.join(this.raiz, chave);
  }
}
