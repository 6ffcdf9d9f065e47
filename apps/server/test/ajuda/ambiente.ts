import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Aplicacao, buildApp } from '../../src/app.ts';
import { sessoesRepository } from '../../src/auth/sessoes.repository.ts';
import { type Config, lerConfig } from '../../src/config.ts';
import { abrirBanco, type Banco } from '../../src/db/cliente.ts';
import { SENHA_DEMO } from '../../src/db/demo.ts';
import { revendas, usuarios, veiculos } from '../../src/db/schema/index.ts';
import { gerarToken, hashToken } from '../../src/seguranca/tokens.ts';

export type Papel = 'anonimo' | 'clienteA' | 'gestorA' | 'inativoA' | 'gestorB' | 'admin';
export const PAPEIS_TESTE: Papel[] = ['anonimo', 'clienteA', 'gestorA', 'inativoA', 'gestorB', 'admin'];

export type Credencial = { cookie: string; csrf: string };

/**
 * A fresh database for one test file: PGlite in memory, or with DATABASE_URL a new database on that
 * server (dropped at the end). Demo data is seeded: reseller A = Auto Demo Veículos, B = Motos Básico.
 * Both start as a copy of the migrated, empty database made once per run (global.ts).
 */
export async function novoBanco(): Promise<{ banco: Banco; url?: string; descartar: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const arquivo = inject('modeloPglite');
    const modelo = arquivo ? new Blob([readFileSync(arquivo)]) : undefined;
    const banco = await abrirBanco({ emMemoria: true, modelo });
    return { banco, descartar: () => banco.fechar() };
  }
  const nome = `teste_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const modelo = inject('modeloPostgres');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${nome}${modelo ? ` TEMPLATE ${modelo}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${nome}`;
  const banco = await abrirBanco({ databaseUrl: url.toString() });
  return {
    banco,
    url: url.toString(),
    async descartar() {
      await banco.fechar();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function configTeste(extra: Record<string, string> = {}): Config {
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-teste-'));
  return lerConfig({
    DATA_DIR: dir,
    SECRET_KEY: 'chave-de-teste-com-mais-de-32-caracteres!!',
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dir, 'sem-web'),
    PORT: '0',
    SANDBOX_INSPECAO: '1', // the tests read what the channel stand-ins received
    ...extra,
  });
}

export type Ambiente = Aplicacao & {
  config: Config;
  /** The PostgreSQL database of this file (with DATABASE_URL), for a second "instance" on it. */
  url?: string;
  /** veiculoA: a demo car of reseller A in stock (not sold, not removed), with photos. */
  ids: { revendaA: string; revendaB: string; gestorA: string; clienteA: string; admin: string; veiculoA: string };
  entrar: (papel: Papel) => Promise<Credencial | null>;
  encerrar: () => Promise<void>;
};

export async function criarAmbiente(extra: Record<string, string> = {}): Promise<Ambiente> {
  const { banco, descartar, url } = await novoBanco();
  const config = configTeste(extra);
  const aplicacao = await buildApp(config, { banco, logger: false });
  await aplicacao.app.ready();
  const db = banco.db;
  const idRevenda = async (nome: string) => (await db.select().from(revendas).where(eq(revendas.penome_fantasia, nome)))[0]?.id ?? '';
  const idUsuario = async (email: string) => (await db.select().from(usuarios).where(eq(usuarios.email, email)))[0]?.id ?? '';
  const ids = {
    revendaA: await idRevenda('Auto Demo Veículos'),
    revendaB: await idRevenda('Motos Básico'),
    gestorA: await idUsuario('gestor@autodemo.test'),
    clienteA: await idUsuario('cliente@autodemo.test'),
    admin: await idUsuario('admin@intermedio.test'),
    veiculoA: '',
  };
  const emEstoque = and(
    eq(veiculos.revenda_id, ids.revendaA),
    eq(veiculos.vetipoveiculo, 'carro'),
    eq(veiculos.veremovido, 0),
    eq(veiculos.vevendido, 0),
  );
  ids.veiculoA = (await db.select({ id: veiculos.id }).from(veiculos).where(emEstoque).orderBy(veiculos.created_at))[0]?.id ?? '';

  /** Signs in through the API; the client and the inactive gestor cannot, so their session is written directly. */
  const entrar = async (papel: Papel): Promise<Credencial | null> => {
    if (papel === 'anonimo') return null;
    if (papel === 'clienteA' || papel === 'inativoA') {
      const email = papel === 'clienteA' ? 'cliente@autodemo.test' : 'inativo@autodemo.test';
      const token = gerarToken();
      const csrf = gerarToken(24);
      await sessoesRepository.criar(db, {
        id: hashToken(token),
        usuarioId: await idUsuario(email),
        csrf,
        ip: '127.0.0.1',
        userAgent: null,
        expira: new Date(Date.now() + 3_600_000),
      });
      return { cookie: `intermedio_sessao=${token}`, csrf };
    }
    const email = { gestorA: 'gestor@autodemo.test', gestorB: 'gestor@motosbasico.test', admin: 'admin@intermedio.test' }[papel];
    return login(aplicacao, email, SENHA_DEMO);
  };

  return {
    ...aplicacao,
    config,
    url,
    ids,
    entrar,
    async encerrar() {
      await aplicacao.app.close();
      await descartar();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Background jobs run only when the test calls them (`amb.tarefas.executar`): the app's pg-boss workers are stopped.
 * They would otherwise run the publishing reconciliation and the sale's removal on their own (queued at start and
 * after a sale, then every minute) and could claim an operation whose lease the test just ended: the test's own
 * round then finds nothing and returns while that round is still at the channel, and the test reads a state in
 * between. Jobs the app queues from then on (a sale's removal) are only recorded, in the list answered.
 */
export async function semTarefasEmSegundoPlano(amb: Aplicacao) {
  await amb.tarefas.parar();
  const enfileiradas: { nome: string; dados: object }[] = [];
  amb.tarefas.enviar = async (nome, dados) => {
    enfileiradas.push({ nome, dados });
    return null;
  };
  return enfileiradas;
}

export async function login(a: Aplicacao, email: string, senha: string, ip = '127.0.0.1'): Promise<Credencial> {
  const r = await a.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha }, remoteAddress: ip });
  if (r.statusCode !== 200) throw new Error(`login ${email} falhou: ${r.statusCode} ${r.body}`);
  const cookie = r.cookies.find((c) => c.name === 'intermedio_sessao');
  return { cookie: `intermedio_sessao=${cookie?.value}`, csrf: r.json().data.csrf };
}

/** Headers of a signed-in request (cookie and CSRF token). */
export const cabecalhos = (c: Credencial | null) => (c ? { cookie: c.cookie, 'x-csrf-token': c.csrf } : {});

/** Listens on a free loopback port (SSE, multipart and the channel sandboxes need a real socket); answers the base URL. */
export async function ouvir(a: Aplicacao): Promise<string> {
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
}
