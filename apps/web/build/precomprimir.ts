import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const comBrotli = promisify(brotliCompress);
const comGzip = promisify(gzip);
/** Text files worth compressing; images and fonts are already compressed. */
const TEXTO = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, the compressed copy saves less than a packet. */
const MINIMO_BYTES = 1024;

async function arquivos(pasta: string): Promise<string[]> {
  const nomes = await readdir(pasta, { withFileTypes: true });
  const listas = await Promise.all(
    nomes.map((n) => (n.isDirectory() ? arquivos(path.join(pasta, n.name)) : Promise.resolve([path.join(pasta, n.name)]))),
  );
  return listas.flat();
}

/**
 * Writes `<file>.br` (brotli, maximum quality) and `<file>.gz` (gzip -9) beside every text file of the build, once,
 * so the server sends them as they are (`@fastify/static` `preCompressed`) instead of compressing on each request.
 * Runs last (after the service worker and the manifest are written).
 */
export function precomprimir(): Plugin {
  let saida = 'dist';
  return {
    name: 'intermedio:precomprimir',
    apply: 'build',
    configResolved(config) {
      saida = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const alvos = (await arquivos(saida)).filter((a) => TEXTO.test(a));
        await Promise.all(
          alvos.map(async (a) => {
            if ((await stat(a)).size < MINIMO_BYTES) return;
            const conteudo = await readFile(a);
            const [br, gz] = await Promise.all([
              comBrotli(conteudo, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: conteudo.length,
                },
              }),
              comGzip(conteudo, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${a}.br`, br), writeFile(`${a}.gz`, gz)]);
          }),
        );
      },
    },
  };
}
