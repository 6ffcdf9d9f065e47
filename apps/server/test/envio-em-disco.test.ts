import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The temporary file's writes fail after the first chunk, as on a full disk.
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  return {
    ...fs,
    createWriteStream: (caminho: string) => {
      let escritos = 0;
      fs.writeFileSync(caminho, '');
      return new Writable({
        highWaterMark: 1024,
        write(pedaco: Buffer, _c, fim) {
          if (escritos++ > 0) return fim(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
          fs.appendFileSync(caminho, pedaco);
          fim();
        },
      });
    },
  };
});

const { receberEmDisco } = await import('../src/modules/arquivos/envio-em-disco.ts');

const MENSAGENS = { semArquivo: 'sem', grandeDemais: 'grande', corrompida: 'corrompida' };

describe('receberEmDisco when the temporary file cannot be written', () => {
  let pasta: string;
  const tmpOriginal = process.env.TMPDIR;
  beforeAll(() => {
    pasta = mkdtempSync(path.join(tmpdir(), 'envio-em-disco-'));
    process.env.TMPDIR = pasta;
  });
  afterAll(() => {
    if (tmpOriginal === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpOriginal;
    rmSync(pasta, { recursive: true, force: true });
  });

  it('fails with the write error (no hang waiting for a drain that never comes), reads the rest of the body and removes the file', {
    timeout: 10_000,
  }, async () => {
    const pedacos = Array.from({ length: 20 }, () => Buffer.alloc(64 * 1024, 1));
    const file = Object.assign(Readable.from(pedacos), { truncated: false });
    const parte = { file } as unknown as MultipartFile;
    await expect(receberEmDisco(parte, { bytes: 10 * 1024 * 1024, mensagens: MENSAGENS }, () => 'ok')).rejects.toMatchObject({
      code: 'ENOSPC',
    });
    expect(file.readableEnded).toBe(true);
    expect(readdirSync(pasta)).toEqual([]);
  });
});
