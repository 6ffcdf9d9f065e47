import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { abrirBanco } from '../../src/db/cliente.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a file with the data dir of a migrated, empty database (dumpDataDir, uncompressed). */
    modeloPglite: string;
    /** PostgreSQL: a migrated, empty database that every test file's database is created from (TEMPLATE). */
    modeloPostgres: string;
  }
}

/**
 * Once per run, before any test file: one migrated, empty database that each file copies instead of building its
 * own. A PGlite start from scratch (initdb, then the migrations) costs ~4.5 s of CPU, from the dump ~1.2 s; each
 * file still gets its own database, and the migrations still run on it (finding nothing to do).
 */
export default async function preparar(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const banco = await abrirBanco({ emMemoria: true });
    if (banco.origem.tipo !== 'pglite') throw new Error('esperado PGlite');
    const dump = await banco.origem.cliente.dumpDataDir('none');
    await banco.fechar();
    const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-modelo-'));
    const arquivo = path.join(dir, 'pglite.tar');
    writeFileSync(arquivo, Buffer.from(await dump.arrayBuffer()));
    project.provide('modeloPglite', arquivo);
    project.provide('modeloPostgres', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const nome = `teste_modelo_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await comando(base, `CREATE DATABASE ${nome}`);
  const url = new URL(base);
  url.pathname = `/${nome}`;
  const banco = await abrirBanco({ databaseUrl: url.toString() });
  await banco.fechar(); // a template must have no open connection while databases are created from it
  project.provide('modeloPglite', '');
  project.provide('modeloPostgres', nome);
  return () => comando(base, `DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
}

async function comando(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
