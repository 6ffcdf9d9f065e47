import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ambiente, configTeste, criarAmbiente, ouvir } from './ajuda/ambiente.ts';

// A built SPA as the web build leaves it: each text file with its `.br` and `.gz` (the `.br` here is marked so a test
// can tell the precompressed file from one compressed on the fly), plus a stray source map.
const web = path.join(configTeste().dataDir, 'web');
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const HTML = `<!doctype html><html lang="pt-BR"><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
function escrever(relativo: string, conteudo: string) {
  const arquivo = path.join(web, relativo);
  mkdirSync(path.dirname(arquivo), { recursive: true });
  writeFileSync(arquivo, conteudo);
  writeFileSync(`${arquivo}.br`, brotliCompressSync(`${conteudo}/*br*/`));
  writeFileSync(`${arquivo}.gz`, gzipSync(conteudo));
}
escrever('index.html', HTML);
escrever('assets/index-abc123.js', SCRIPT);
writeFileSync(path.join(web, 'assets/index-abc123.js.map'), '{"version":3}');
writeFileSync(path.join(web, '.fontes.sha256'), 'abc123hash\n');

let amb: Ambiente;
beforeAll(async () => {
  amb = await criarAmbiente({ WEB_DIST: web });
});
afterAll(() => amb.encerrar());

const get = (url: string, acceptEncoding?: string) =>
  amb.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the SPA is served precompressed (issue 15: first load)', () => {
  it('a hashed script goes as the build’s .br file to a browser that accepts brotli, immutable and varying by encoding', async () => {
    const r = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.rawPayload.equals(readFileSync(path.join(web, 'assets/index-abc123.js.br')))).toBe(true);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(`${SCRIPT}/*br*/`);
  });

  it('gzip-only clients get the .gz file; clients that accept neither get the plain file', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(path.join(web, 'assets/index-abc123.js.gz')))).toBe(true);
    const simples = await get('/assets/index-abc123.js');
    expect(simples.headers['content-encoding']).toBeUndefined();
    expect(String(simples.headers.vary)).toMatch(/accept-encoding/i);
    expect(simples.body).toBe(SCRIPT);
  });

  it('the app shell (any SPA address) comes precompressed and always revalidates', async () => {
    for (const url of ['/', '/revenda/listar']) {
      const r = await get(url, 'br');
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(r.rawPayload).toString()).toBe(`${HTML}/*br*/`);
    }
  });

  it('source maps are never served, even if a build left one behind', async () => {
    const r = await get('/assets/index-abc123.js.map', 'br');
    expect(r.statusCode).toBe(404);
    expect(r.body).not.toContain('"version":3');
  });

  it('nor the sources hash that scripts/construir-web.mjs leaves in the build', async () => {
    const r = await get('/.fontes.sha256');
    expect(r.statusCode).toBe(404);
    expect(r.body).not.toContain('abc123hash');
  });
});

describe('page addresses over a real socket', () => {
  it('leave no pile of close listeners on the response (no MaxListenersExceededWarning in the e2e log)', async () => {
    // Each page address (not a file) goes through the static lookups, then the not-found handler that sends the shell:
    // every time a Reply is resolved as a thenable Fastify adds 2 'close' listeners to the response.
    const avisos: string[] = [];
    const aoAvisar = (w: Error) => {
      if (w.name === 'MaxListenersExceededWarning') avisos.push(w.message);
    };
    process.on('warning', aoAvisar);
    try {
      const base = await ouvir(amb);
      for (const url of ['/veiculos', '/revenda/listar', '/x/y/z']) {
        const r = await fetch(base + url, { headers: { 'accept-encoding': 'br, gzip' } });
        expect(r.status).toBe(200);
        expect(await r.text()).toContain('<div id="root">');
      }
      await new Promise((ok) => setImmediate(ok)); // warnings are emitted on the next tick
      expect(avisos).toEqual([]);
    } finally {
      process.off('warning', aoAvisar);
    }
  });
});
