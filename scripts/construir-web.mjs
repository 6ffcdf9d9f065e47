#!/usr/bin/env node
// Builds the web bundle (apps/web/dist) only when its sources changed: `npm start` calls it, so a start with nothing
// changed skips the ~18 s Vite build. The sources are every file of apps/web and packages/contracts (but dist and
// node_modules) and the lockfile; their hash is kept in apps/web/dist/.fontes.sha256 after a successful build.
// Usage: node scripts/construir-web.mjs [--sempre] [--raiz DIR]  (--sempre: build anyway, as `npm run build`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const iRaiz = args.indexOf('--raiz');
const raiz = iRaiz >= 0 ? path.resolve(args[iRaiz + 1] ?? '.') : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sempre = args.includes('--sempre');
const web = path.join(raiz, 'apps/web');
const selo = path.join(web, 'dist/.fontes.sha256');
const IGNORADOS = new Set(['dist', 'node_modules', '.vite', 'coverage']);

function arquivos(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => !IGNORADOS.has(e.name))
    .flatMap((e) => (e.isDirectory() ? arquivos(path.join(dir, e.name)) : e.isFile() ? [path.join(dir, e.name)] : []));
}

const hash = createHash('sha256');
const fontes = [...arquivos(web), ...arquivos(path.join(raiz, 'packages/contracts')), path.join(raiz, 'package-lock.json')];
for (const arquivo of fontes.filter(existsSync).sort()) {
  hash.update(`${path.relative(raiz, arquivo)}\0`);
  hash.update(readFileSync(arquivo));
  hash.update('\0');
}
const atual = hash.digest('hex');

const emDia = existsSync(path.join(web, 'dist/index.html')) && existsSync(selo) && readFileSync(selo, 'utf8').trim() === atual;
if (emDia && !sempre) {
  console.log('Painel web: sem mudanças desde o último build (apps/web/dist).');
  process.exit(0);
}
const r = spawnSync('npm', ['run', '-s', 'build'], { cwd: web, stdio: 'inherit', shell: process.platform === 'win32' });
if (r.status !== 0) process.exit(r.status ?? 1);
writeFileSync(selo, `${atual}\n`);
