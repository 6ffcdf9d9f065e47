import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArmazenamentoLocal, lerArquivo } from './armazenamento.ts';

const raiz = mkdtempSync(path.join(tmpdir(), 'intermedio-armazenamento-'));
afterAll(() => rmSync(raiz, { recursive: true, force: true }));

describe('local disk storage: a whole file at once', () => {
  it('reads back what was stored; a missing file or a folder is null; a key outside the storage is refused', async () => {
    const d = new ArmazenamentoLocal(raiz);
    await d.salvar('revendas/r/veiculo/v/original.jpg', Buffer.from('bytes da foto'));
    expect((await lerArquivo(d, 'revendas/r/veiculo/v/original.jpg'))?.toString()).toBe('bytes da foto');
    expect(await lerArquivo(d, 'revendas/r/veiculo/v/outra.jpg')).toBeNull();
    expect(await lerArquivo(d, 'revendas/r/veiculo/v')).toBeNull();
    await expect(lerArquivo(d, '../fora.jpg')).rejects.toThrow('chave de arquivo inválida');
  });
});
