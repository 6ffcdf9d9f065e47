import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are relative paths such as `logos/abc.png`; each file is served at
 * `/arquivos/<key>` and never changes (new content gets a new key), so it can be cached forever.
 * Drivers: local disk under DATA_DIR/arquivos (default). An S3-compatible driver implements the same interface.
 */
export interface Armazenamento {
  salvar(chave: string, dados: Buffer, tipo: string): Promise<{ chave: string; url: string }>;
  remover(chave: string): Promise<void>;
  /** The key of a URL this storage gave, or null when the URL is not ours. */
  chaveDaUrl(url: string): string | null;
}

export const PREFIXO_ARQUIVOS = '/arquivos/';
const CHAVE_VALIDA = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

export class ArmazenamentoLocal implements Armazenamento {
  constructor(readonly raiz: string) {}

  async salvar(chave: string, dados: Buffer) {
    const destino = this.#caminho(chave);
    await mkdir(path.dirname(destino), { recursive: true });
    await writeFile(destino, dados);
    return { chave, url: PREFIXO_ARQUIVOS + chave };
  }

  async remover(chave: string) {
    await rm(this.#caminho(chave), { force: true });
  }

  chaveDaUrl(url: string): string | null {
    if (!url.startsWith(PREFIXO_ARQUIVOS)) return null;
    const chave = url.slice(PREFIXO_ARQUIVOS.length);
    return CHAVE_VALIDA.test(chave) && !chave.includes('..') ? chave : null;
  }

  #caminho(chave: string) {
    if (!CHAVE_VALIDA.test(chave) || chave.includes('..')) throw new Error(`chave de arquivo inválida: ${chave}`);
    return path.join(this.raiz, chave);
  }
}
