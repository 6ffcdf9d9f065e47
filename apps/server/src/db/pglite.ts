import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * Memory of the embedded database (issue 28 item 7). PGlite runs PostgreSQL inside a WebAssembly memory that grows
 * and never shrinks, so PostgreSQL's server defaults stay resident for good: the default 128 MB of shared_buffers
 * alone put ~130 MB in the process. The embedded database serves small installs (its files are read through the
 * OS page cache anyway), so it gets a 32 MB buffer pool. docs/implantacao.md section 7.
 */
export const OPCOES_PGLITE: PGliteOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
};

/**
 * A new data dir gets its initdb in a child process (db/pglite-initdb.mjs): run in the server's process, initdb's
 * second PostgreSQL instance and its copy buffers took the first start of a new install near 900 MB, and ~1 GB
 * stayed resident for minutes after. The child gives all of it back when it exits.
 */
export async function criarSeNovo(dir: string, opcoes: PGliteOptions): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-initdb.mjs');
  const filho = spawn(process.execPath, [script, dir, JSON.stringify(opcoes)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let erro = '';
  filho.stderr.on('data', (b: Buffer) => {
    erro += b.toString();
  });
  const codigo = await new Promise<number | null>((ok, falha) => {
    filho.once('error', falha);
    filho.once('exit', ok);
  });
  if (codigo !== 0) throw new Error(`Falha ao criar o banco embutido em ${dir}: ${erro.trim() || `código ${codigo}`}`);
}
