import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RAIZ_REPO } from '../src/config.ts';

/**
 * `npm start` builds the web bundle only when its sources changed (scripts/construir-web.mjs); `npm run build` always.
 * Run on a throwaway tree whose "build" only counts its runs and writes dist/index.html.
 */
const raiz = mkdtempSync(path.join(tmpdir(), 'intermedio-construir-'));
afterAll(() => rmSync(raiz, { recursive: true, force: true }));

const escrever = (relativo: string, texto: string) => {
  mkdirSync(path.dirname(path.join(raiz, relativo)), { recursive: true });
  writeFileSync(path.join(raiz, relativo), texto);
};
const CONSTRUIR =
  "const fs=require('fs');fs.mkdirSync('dist',{recursive:true});fs.writeFileSync('dist/index.html','x');fs.appendFileSync('../../builds','.')";
escrever('apps/web/package.json', JSON.stringify({ name: 'web-falso', private: true, scripts: { build: `node -e "${CONSTRUIR}"` } }));
escrever('apps/web/src/main.tsx', 'export const a = 1;');
escrever('packages/contracts/src/index.ts', 'export const b = 1;');
escrever('package-lock.json', '{}');

const construir = (...extra: string[]) => {
  execFileSync(process.execPath, [path.join(RAIZ_REPO, 'scripts/construir-web.mjs'), '--raiz', raiz, ...extra], { stdio: 'pipe' });
  return readFileSync(path.join(raiz, 'builds'), 'utf8').length;
};

describe('scripts/construir-web.mjs', () => {
  it('builds the first time, then only after a change in the web sources, the contracts or the lockfile', () => {
    expect(construir()).toBe(1);
    expect(construir()).toBe(1);
    escrever('apps/web/src/main.tsx', 'export const a = 2;');
    expect(construir()).toBe(2);
    expect(construir()).toBe(2);
    escrever('packages/contracts/src/index.ts', 'export const b = 2;');
    expect(construir()).toBe(3);
    escrever('package-lock.json', '{"v":2}');
    expect(construir()).toBe(4);
    // A bundle removed by hand is built again.
    rmSync(path.join(raiz, 'apps/web/dist'), { recursive: true });
    expect(construir()).toBe(5);
    expect(construir()).toBe(5);
  });

  it('--sempre (npm run build) always builds', () => {
    const antes = construir();
    expect(construir('--sempre')).toBe(antes + 1);
  });
});
