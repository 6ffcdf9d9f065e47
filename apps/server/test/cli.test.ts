import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salvarAdmin } from '../src/cli/admin.ts';
import { abrirBanco } from '../src/db/cliente.ts';
import { usuarios } from '../src/db/schema/index.ts';
import { conferirSenha } from '../src/seguranca/senha.ts';
import { novoBanco } from './ajuda/ambiente.ts';

const exec = promisify(execFile);
let b: Awaited<ReturnType<typeof novoBanco>>;
beforeAll(async () => {
  b = await novoBanco();
});
afterAll(() => b.descartar());

describe('admin:create', () => {
  it('creates an admin, then updates name and password of the same e-mail', async () => {
    expect(await salvarAdmin(b.banco.db, { email: 'Chefe@Intermedio.test', senha: 'senhaforte1', nome: 'Chefe' })).toEqual({
      email: 'chefe@intermedio.test',
      criado: true,
    });
    expect(await salvarAdmin(b.banco.db, { email: 'chefe@intermedio.test', senha: 'outrasenha2', nome: 'Chefe Novo' })).toMatchObject({
      criado: false,
    });
    const [u] = await b.banco.db.select().from(usuarios).where(eq(usuarios.email, 'chefe@intermedio.test'));
    expect(u).toMatchObject({ nome: 'Chefe Novo', role: 'admin', ativo: 1 });
    expect(await conferirSenha('outrasenha2', u?.senha_hash ?? '')).toBe(true);
  });

  it('refuses an invalid e-mail or a short password with a clear message', async () => {
    await expect(salvarAdmin(b.banco.db, { email: 'nao-email', senha: 'senhaforte1', nome: 'X' })).rejects.toThrow('E-mail inválido');
    await expect(salvarAdmin(b.banco.db, { email: 'a@b.test', senha: '123', nome: 'X' })).rejects.toThrow('pelo menos 8');
  });

  it('runs as a command on the embedded database, and refuses while another process holds it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'intermedio-cli-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    const cwd = path.resolve(import.meta.dirname, '..');
    const args = [
      '--import',
      'tsx',
      'src/cli/admin-create.ts',
      '--email',
      'ops@intermedio.test',
      '--senha',
      'senhaforte1',
      '--nome',
      'Ops',
    ];
    const { stdout } = await exec(process.execPath, args, { env, cwd });
    expect(stdout).toContain('Administrador ops@intermedio.test criado.');
    const aberto = await abrirBanco({ dataDir }); // holds the lock, as a running server does
    try {
      await expect(exec(process.execPath, args, { env, cwd })).rejects.toMatchObject({
        stderr: expect.stringContaining('em uso pelo processo'),
      });
    } finally {
      await aberto.fechar();
    }
  }, 90_000); // child processes start, migrate and seed: slow on a busy machine
});
