import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .tsx of the web app (tests excluded). */
function telas(dir: string): string[] {
  return readdirSync(dir).flatMap((nome) => {
    const caminho = join(dir, nome);
    if (statSync(caminho).isDirectory()) return telas(caminho);
    return nome.endsWith('.tsx') && !nome.includes('.test.') ? [caminho] : [];
  });
}

describe('uma só cor primária (issue 25 item 7)', () => {
  it('nenhum botão ou confirmação usa o azul do Mantine no lugar da cor do produto (avisos e selos de estado podem)', () => {
    const raiz = join(__dirname, '..');
    const azuis = telas(raiz).flatMap((arquivo) =>
      readFileSync(arquivo, 'utf8')
        .split('\n')
        .map((linha, i) => ({ linha: linha.trim(), onde: `${arquivo.slice(raiz.length + 1)}:${i + 1}` }))
        .filter(({ linha }) => /\b(color|cor)="blue(\.\d)?"/.test(linha) && !/<(Alert|Badge)\b/.test(linha))
        .map(({ onde, linha }) => `${onde} ${linha}`),
    );
    expect(azuis).toEqual([]);
  });
});
