import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { RAIZ_REPO } from '../src/config.ts';
import { abrirBanco, type Banco } from '../src/db/cliente.ts';
import { revendas, usuarios } from '../src/db/schema/index.ts';

/** scripts/backup-restore.sh on the throwaway PostgreSQL server (needs DATABASE_URL: runs in the PostgreSQL pass). */
const base = process.env.DATABASE_URL ?? '';
const nome = `backup_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const url = Object.assign(new URL(base || 'postgres://x/x'), { pathname: `/${nome}` }).toString();
const pasta = mkdtempSync(path.join(tmpdir(), 'intermedio-backup-'));
const arquivo = path.join(pasta, 'intermedio.dump');

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
const script = (acao: string, env: Record<string, string> = {}) =>
  promisify(execFile)('bash', [path.join(RAIZ_REPO, 'scripts/backup-restore.sh'), acao, arquivo], {
    env: { ...process.env, DATABASE_URL: url, ...env },
  });

async function contarMigracoes(banco: Banco): Promise<number> {
  const r = await banco.db.execute(sql`select count(*)::int n from drizzle.__drizzle_migrations`);
  return (r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
  rmSync(pasta, { recursive: true, force: true });
});

describe('scripts/backup-restore.sh', () => {
  it('insert → backup → drop the database → restore into a new one → the data and the migrations are back', async () => {
    await admin(`CREATE DATABASE ${nome}`);
    const banco = await abrirBanco({ databaseUrl: url });
    const [revenda] = await banco.db
      .insert(revendas)
      .values({
        perazao_social_nome: 'Revenda da Cópia',
        penome_fantasia: 'Cópia Veículos',
        peemail: 'contato@backup.test',
        plano: 'basico',
      })
      .returning({ id: revendas.id });
    await banco.db
      .insert(usuarios)
      .values({ email: 'copia@backup.test', nome: 'Cópia', role: 'gestor', revenda_id: revenda?.id, senha_hash: 'x' });
    const migracoes = await contarMigracoes(banco);
    await banco.fechar();

    const copia = await script('backup');
    expect(copia.stdout).toContain('Cópia gravada');
    await admin(`DROP DATABASE ${nome} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${nome}`);
    expect((await script('restore')).stdout).toContain('restaurada');

    const restaurado = await abrirBanco({ databaseUrl: url }); // migrations current: nothing to run
    const r = await restaurado.db.query.usuarios.findFirst({ where: (u, { eq }) => eq(u.email, 'copia@backup.test') });
    expect(r?.revenda_id).toBe(revenda?.id);
    expect(await contarMigracoes(restaurado)).toBe(migracoes);
    expect(migracoes).toBeGreaterThan(20);
    await restaurado.fechar();

    // A database that already has tables is refused (a restore must not mix two databases) unless LIMPAR=1.
    await expect(script('restore')).rejects.toMatchObject({ stderr: expect.stringContaining('restaure num banco vazio') });
    expect((await script('restore', { LIMPAR: '1' })).stdout).toContain('restaurada');
  }, 120_000);
});
