import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Memory of the embedded database on a new install (issue 28 item 7, db/pglite.ts). Before: PGlite's initdb ran in
 * the server's process (a second PostgreSQL instance and its copy buffers) with 128 MB of shared_buffers, and the
 * process peaked near 900 MB, most of it still resident minutes later.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-pglite-novo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a new embedded database', () => {
  it('is created by a child process and opened with 32 MB of shared_buffers: peak RSS of the process ≤ 400 MiB', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/ajuda/banco-novo-pico.ts', dir], {
      cwd: path.resolve(import.meta.dirname, '..'),
    });
    const r = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { picoMiB: number; sharedBuffers: string };
    expect(existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(r.picoMiB).toBeLessThanOrEqual(400);
    expect(r.sharedBuffers).toBe('32MB');
  }, 180_000);
});
