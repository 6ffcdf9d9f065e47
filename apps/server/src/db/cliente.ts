import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { criarSeNovo, OPCOES_PGLITE } from './pglite.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const CANAL_EVENTOS = 'intermedio_eventos';

/**
 * The PostgreSQL error code (SQLSTATE) of a failed query, on both drivers: drizzle wraps the driver's error in
 * `cause`. '23505' unique violation, '23503' foreign key violation; undefined for anything else.
 */
export const codigoErroPg = (e: unknown): string | undefined => {
  const { code, cause } = (e ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const c = cause?.code ?? code;
  return typeof c === 'string' ? c : undefined;
};
const PASTA_MIGRACOES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type Banco = {
  db: Db;
  tipo: 'pglite' | 'postgres';
  /** Subscribes to NOTIFY payloads of CANAL_EVENTOS; returns the unsubscribe function. */
  escutar(cb: (payload: string) => void): Promise<() => Promise<void>>;
  fechar(): Promise<void>;
  /** The connection behind `db`, for what needs its own client (the pg-boss job runner). */
  origem: { tipo: 'pglite'; cliente: PGlite } | { tipo: 'postgres'; url: string };
  /** The connection pool's use (PostgreSQL; the metrics). PGlite has a single in-process connection and no pool. */
  uso?: () => { total: number; ocioso: number; esperando: number };
};

export type OpcoesBanco = {
  databaseUrl?: string;
  dataDir?: string;
  emMemoria?: boolean;
  /**
   * In memory only: start from a data dir dumped by PGlite's dumpDataDir instead of running initdb. The tests dump
   * one migrated database per run (test/ajuda/global.ts): initdb is most of a PGlite start. Migrations still run.
   */
  modelo?: Blob;
};

/** Opens the database: a real PostgreSQL server with DATABASE_URL, otherwise PGlite under DATA_DIR/pglite. */
export async function abrirBanco(op: OpcoesBanco): Promise<Banco> {
  const banco = op.databaseUrl ? await abrirPostgres(op.databaseUrl) : await abrirPglite(op);
  return banco;
}

async function abrirPglite(op: OpcoesBanco): Promise<Banco> {
  let trava: string | undefined;
  let dir: string | undefined;
  if (!op.emMemoria) {
    if (!op.dataDir) throw new Error('dataDir é obrigatório para o banco embutido');
    dir = path.join(op.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    trava = travarDiretorio(op.dataDir);
  }
  if (dir) await criarSeNovo(dir, OPCOES_PGLITE);
  const cliente = op.emMemoria && op.modelo ? new PGlite({ ...OPCOES_PGLITE, loadDataDir: op.modelo }) : new PGlite(dir, OPCOES_PGLITE);
  await cliente.waitReady;
  const db = drizzlePglite(cliente, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(cliente), { migrationsFolder: PASTA_MIGRACOES });
  return {
    db,
    tipo: 'pglite',
    origem: { tipo: 'pglite', cliente },
    async escutar(cb) {
      const parar = await cliente.listen(CANAL_EVENTOS, cb);
      return async () => parar();
    },
    async fechar() {
      await cliente.close();
      if (trava) rmSync(trava, { force: true });
    },
  };
}

async function abrirPostgres(url: string): Promise<Banco> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {}); // idle client errors surface on the next query
  const conexao = await pool.connect();
  try {
    // Several instances may start at once: migrations run under an advisory lock.
    await conexao.query('select pg_advisory_lock(7419001)');
    await migratePg(drizzlePg(conexao), { migrationsFolder: PASTA_MIGRACOES });
  } finally {
    await conexao.query('select pg_advisory_unlock(7419001)').catch(() => {});
    conexao.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const ouvintes = new Set<pg.Client>();
  return {
    db,
    tipo: 'postgres',
    origem: { tipo: 'postgres', url },
    uso: () => ({ total: pool.totalCount, ocioso: pool.idleCount, esperando: pool.waitingCount }),
    async escutar(cb) {
      return escutarPostgres(url, cb, ouvintes);
    },
    async fechar() {
      await Promise.all([...ouvintes].map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}

/** A dedicated connection for LISTEN, reconnected after a failure. */
async function escutarPostgres(url: string, cb: (p: string) => void, ouvintes: Set<pg.Client>) {
  let ativo = true;
  let atual: pg.Client | undefined;
  const conectar = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => m.channel === CANAL_EVENTOS && m.payload && cb(m.payload));
    c.on('error', () => {
      ouvintes.delete(c);
      if (ativo) setTimeout(() => conectar().catch(() => {}), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${CANAL_EVENTOS}`);
    atual = c;
    ouvintes.add(c);
  };
  await conectar();
  return async () => {
    ativo = false;
    if (atual) {
      ouvintes.delete(atual);
      await atual.end().catch(() => {});
    }
  };
}

/** PGlite is a single process database: a lock file keeps a second process (e.g. the CLI) away. */
function travarDiretorio(dataDir: string): string {
  const arquivo = path.join(dataDir, 'pglite.lock');
  if (existsSync(arquivo)) {
    const pid = Number(readFileSync(arquivo, 'utf8'));
    if (pid && pid !== process.pid && processoVivo(pid)) {
      throw new Error(`O banco embutido em ${dataDir} está em uso pelo processo ${pid}. Pare o servidor antes (ou use DATABASE_URL).`);
    }
  }
  writeFileSync(arquivo, String(process.pid));
  return arquivo;
}

function processoVivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
