/**
 * Provider-scale benchmark (issue 18): 5,000 resellers and 25,000 users, on the embedded PGlite AND on
 * PostgreSQL, in one run. Per database: each list's API time as a ratio to its own SQL, the compressed bytes
 * of each list answer, the time from one change to 500 open screens (SSE streams) receiving its event (and
 * fetching the one changed row), and req/s with p99 under a mixed read load.
 * PostgreSQL: a new database on DATABASE_URL when given, otherwise a throwaway server (initdb + pg_ctl).
 * Standalone: `node --import tsx bench/escala.ts`; `npm run bench` runs it too (bench/run.ts).
 * 100,000 vehicles are seeded too; the vehicle list of a reseller with 2,000 of them is measured like the others.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { sessoesRepository } from '../apps/server/src/auth/sessoes.repository.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import { abrirBanco, type Banco } from '../apps/server/src/db/cliente.ts';
import { revendas } from '../apps/server/src/db/schema/index.ts';
import { revendasRepository } from '../apps/server/src/modules/revendas/revendas.repository.ts';
import { usuariosRepository } from '../apps/server/src/modules/usuarios/usuarios.repository.ts';
import { veiculosListaRepository } from '../apps/server/src/modules/veiculos/veiculos-lista.repository.ts';
import { hashToken } from '../apps/server/src/seguranca/tokens.ts';
import { semearEscala, semearVeiculos } from '../apps/server/test/ajuda/escala.ts';
import { apiContraSql, entrarComoAdmin, receber } from './http.ts';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REVENDAS = 5000;
export const USUARIOS_POR_REVENDA = 5;
export const TELAS = 500;
export const VEICULOS = 100_000;
/** The listed reseller's stock (the other vehicles are spread over the other resellers). */
export const VEICULOS_DA_MAIOR = 2000;

export type MedidaEscala = { banco: 'PGlite' | 'PostgreSQL'; medida: string; valor: number; unidade: string; meta?: number };

const percentil = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const arred = (v: number, casas = 1) => Math.round(v * 10 ** casas) / 10 ** casas;

/** A throwaway PostgreSQL server, as scripts/test.sh starts it; answers its URL and how to stop it. */
async function postgresDescartavel(): Promise<{ url: string; parar: () => void }> {
  const bins = readdirSync('/usr/lib/postgresql')
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .filter((b) => existsSync(`${b}/initdb`))
    .sort();
  const bin = bins.at(-1);
  if (!bin) throw new Error('PostgreSQL não instalado (/usr/lib/postgresql/*/bin): defina DATABASE_URL');
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-escala-pg-'));
  const comoPg = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (comoPg.length) execFileSync('chown', ['postgres:postgres', dir]);
  const porta = await portaLivre();
  const rodar = (cmd: string, args: string[]) =>
    execFileSync(comoPg[0] ?? cmd, comoPg.length ? [...comoPg.slice(1), cmd, ...args] : args, { cwd: '/', stdio: 'ignore' });
  rodar(`${bin}/initdb`, ['-D', `${dir}/data`, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const opcoes = `-c listen_addresses=127.0.0.1 -p ${porta} -k ${dir} -c fsync=off -c synchronous_commit=off -c max_connections=300`;
  rodar(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-l', `${dir}/pg.log`, '-w', '-t', '60', '-o', opcoes, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${porta}/postgres`,
    parar: () => {
      rodar(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'fast', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function portaLivre(): Promise<number> {
  return new Promise((ok, erro) => {
    const s = createServer();
    s.once('error', erro);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => ok(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** A new database on `base` for this run, dropped at the end. */
async function bancoNovo(base: string) {
  const nome = `escala_${process.pid}_${Date.now().toString(36)}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`CREATE DATABASE ${nome}`);
  await c.end();
  const url = new URL(base);
  url.pathname = `/${nome}`;
  return {
    url: url.toString(),
    async descartar() {
      const d = new pg.Client({ connectionString: base });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
      await d.end();
    },
  };
}

const entrar = async (base: string) => (await entrarComoAdmin(base)).cookie;

/** Measures one database. */
async function medirBanco(nomeBanco: MedidaEscala['banco'], banco: Banco): Promise<MedidaEscala[]> {
  const saida: MedidaEscala[] = [];
  const registrar = (medida: string, valor: number, unidade: string, meta?: number) =>
    saida.push({ banco: nomeBanco, medida, valor: arred(valor, unidade === '×' ? 2 : 1), unidade, meta });
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-escala-'));
  const config = lerConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', SEED_DEMO: '1', WEB_DIST: path.join(dir, 'sem-web') });
  const aplicacao = await buildApp(config, { banco, logger: false });
  await aplicacao.app.listen({ port: 0, host: '127.0.0.1' });
  const endereco = aplicacao.app.server.address();
  const base = `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}`;
  const t0 = performance.now();
  await semearEscala(banco.db, REVENDAS, USUARIOS_POR_REVENDA);
  await semearVeiculos(banco.db, VEICULOS, VEICULOS_DA_MAIOR);
  registrar(
    `semeadura (${REVENDAS} revendas, ${REVENDAS * USUARIOS_POR_REVENDA} usuários, ${VEICULOS} veículos)`,
    performance.now() - t0,
    'ms',
  );
  const cookie = await entrar(base);
  const db = banco.db;
  const [alvo] = await db.select({ id: revendas.id }).from(revendas).where(eq(revendas.peemail, 'loja7@escala.test'));
  const idAlvo = alvo?.id ?? '';

  // What every signed-in request costs before its own work, measured apart: an HTTP round trip that does nothing
  // (GET /api/health without a cookie: no session, no SQL, a few bytes) and the session lookup run directly (the
  // prepared statement of every request). A list's SQL plus these two is the least its API answer can take.
  const buscarSessao = sessoesRepository.prepararBusca(db);
  const hashSessao = hashToken(decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)));
  const piso = await apiContraSql(
    101,
    async () => {
      if ((await receber(`${base}/api/health`, '')).status !== 200) throw new Error('/api/health');
    },
    async () => {
      if (!(await buscarSessao(hashSessao))) throw new Error('sessão do bench não encontrada');
    },
  );
  registrar('ida e volta HTTP sem trabalho (GET /api/health sem sessão), mediana', piso.api, 'ms');
  registrar('consulta da sessão (a de todo pedido, direto na conexão), mediana', piso.sql, 'ms');

  // Each list: its SQL alone (the repository query) against the whole API answer (session, SQL, validation, JSON).
  const listas = [
    { nome: 'revendas (planos pagos)', url: '/api/revendas?plano=pagos', sql: () => revendasRepository.listar(db, false) },
    { nome: 'revendas (plano básico)', url: '/api/revendas?plano=basico', sql: () => revendasRepository.listar(db, true) },
    { nome: 'usuários de uma revenda', url: `/api/revendas/${idAlvo}/usuarios`, sql: () => usuariosRepository.listarDaRevenda(db, idAlvo) },
    {
      nome: `veículos de uma revenda (${VEICULOS_DA_MAIOR} no estoque)`,
      url: `/api/revendas/${idAlvo}/veiculos`,
      sql: () => veiculosListaRepository.listar(db, idAlvo),
    },
  ];
  for (const l of listas) {
    let comprimidos = 0;
    let codificacao = '';
    const { api: tApi, sql: tSql } = await apiContraSql(
      21,
      async () => {
        const r = await receber(`${base}${l.url}`, cookie);
        if (r.status !== 200) throw new Error(`${l.url}: ${r.status}`);
        comprimidos = r.bytes.length;
        codificacao = r.codificacao;
      },
      l.sql,
    );
    const corpo = await (await fetch(`${base}${l.url}`, { headers: { cookie } })).text();
    registrar(`${l.nome}: SQL (mediana)`, tSql, 'ms');
    registrar(`${l.nome}: API (mediana)`, tApi, 'ms');
    registrar(`${l.nome}: API ÷ SQL`, tApi / tSql, '×', nomeBanco === 'PostgreSQL' ? 1.3 : undefined);
    // What the API adds beyond the least any HTTP answer of it costs (round trip + session + its SQL).
    registrar(`${l.nome}: API ÷ (SQL + ida e volta + sessão)`, tApi / (tSql + piso.api + piso.sql), '×');
    registrar(
      `${l.nome}: resposta (bytes com ${codificacao || 'nada'} / sem)`,
      comprimidos / 1024,
      `KiB de ${arred(corpo.length / 1024, 0)} KiB`,
    );
  }

  // 500 open screens: one change, time until every stream has its event, then until each fetched that one row.
  const controles: AbortController[] = [];
  type Tela = { proximo: (pred: (bloco: string) => boolean) => Promise<number> };
  const telas: Tela[] = [];
  await Promise.all(
    Array.from({ length: TELAS }, async () => {
      const c = new AbortController();
      controles.push(c);
      const r = await fetch(`${base}/api/eventos`, { headers: { cookie }, signal: c.signal });
      const leitor = r.body?.getReader();
      const dec = new TextDecoder();
      let buffer = '';
      const proximo = async (pred: (bloco: string) => boolean) => {
        for (;;) {
          let fim = buffer.indexOf('\n\n');
          while (fim >= 0) {
            const bloco = buffer.slice(0, fim);
            buffer = buffer.slice(fim + 2);
            if (pred(bloco)) return performance.now();
            fim = buffer.indexOf('\n\n');
          }
          const { value, done } = (await leitor?.read()) ?? { done: true, value: undefined };
          if (done) return Number.POSITIVE_INFINITY;
          buffer += dec.decode(value, { stream: true });
        }
      };
      await proximo((b) => b.includes('event: conectado'));
      telas.push({ proximo });
    }),
  );
  // The streams only read (as a browser's EventSource does); the row fetches are timed apart, after.
  const entregas: number[] = [];
  const linhas: number[] = [];
  for (let rodada = 0; rodada < 5; rodada++) {
    const esperas = telas.map((t) => t.proximo((b) => b.includes('"tabela":"revendas"') && b.includes(idAlvo)));
    const inicio = performance.now();
    await db
      .update(revendas)
      .set({ pecidade: `Cidade ${rodada}` })
      .where(eq(revendas.id, idAlvo));
    for (const chegou of await Promise.all(esperas)) entregas.push(chegou - inicio);
  }
  // Each screen then patches its list with one GET of that row (never the whole list).
  const inicioLinhas = performance.now();
  await Promise.all(
    telas.map(async () => {
      const r = await fetch(`${base}/api/revendas/lista/${idAlvo}?plano=pagos`, { headers: { cookie } });
      await r.arrayBuffer();
      linhas.push(performance.now() - inicioLinhas);
    }),
  );
  registrar(`1 mudança → ${TELAS} telas recebem o evento (p95 de 5 rodadas)`, percentil(entregas, 0.95), 'ms', 100);
  registrar(`1 mudança → ${TELAS} telas recebem o evento (a última)`, Math.max(...entregas), 'ms');
  registrar(`${TELAS} telas buscam a linha mudada ao mesmo tempo (p95; 1 GET cada, nenhuma lista inteira)`, percentil(linhas, 0.95), 'ms');
  for (const c of controles) c.abort();

  // Mixed reads (20 concurrent for ~6 s): rows, one reseller, its users, the dashboard, and now and then a full list.
  const ids = (await db.select({ id: revendas.id }).from(revendas).limit(500)).map((r) => r.id);
  const urls = (i: number) => {
    const id = ids[i % ids.length] ?? idAlvo;
    const k = i % 20;
    if (k === 0) return '/api/revendas?plano=pagos';
    if (k < 8) return `/api/revendas/lista/${id}?plano=${i % 5 === 0 ? 'basico' : 'pagos'}`;
    if (k < 12) return `/api/revendas/${id}`;
    if (k < 17) return `/api/revendas/${id}/usuarios`;
    return '/api/dashboard/contadores';
  };
  const latencias: number[] = [];
  let n = 0;
  const fimCarga = performance.now() + 6000;
  const tCarga = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (performance.now() < fimCarga) {
        const i = n++;
        const t = performance.now();
        const r = await fetch(`${base}${urls(i)}`, { headers: { cookie } });
        await r.arrayBuffer();
        latencias.push(performance.now() - t);
      }
    }),
  );
  registrar(
    'leitura mista (20 simultâneas, 5 % listas inteiras): vazão',
    latencias.length / ((performance.now() - tCarga) / 1000),
    'req/s',
  );
  registrar('leitura mista: p99', percentil(latencias, 0.99), 'ms');

  await aplicacao.app.close();
  rmSync(dir, { recursive: true, force: true });
  return saida;
}

/** Runs both databases; answers the measures (PGlite first). */
export async function medirEscala(): Promise<MedidaEscala[]> {
  const medidas: MedidaEscala[] = [];
  const pglite = await abrirBanco({ emMemoria: true });
  try {
    medidas.push(...(await medirBanco('PGlite', pglite)));
  } finally {
    await pglite.fechar();
  }
  const servidor = process.env.DATABASE_URL ? undefined : await postgresDescartavel();
  const novo = await bancoNovo(process.env.DATABASE_URL || servidor?.url || '');
  try {
    const banco = await abrirBanco({ databaseUrl: novo.url });
    try {
      medidas.push(...(await medirBanco('PostgreSQL', banco)));
    } finally {
      await banco.fechar();
    }
  } finally {
    await novo.descartar().catch(() => {});
    servidor?.parar();
  }
  return medidas;
}

/** The markdown table of the measures, side by side per database. */
export function tabelaEscala(medidas: MedidaEscala[]): string {
  const nomes = [...new Set(medidas.map((m) => m.medida))];
  const de = (banco: MedidaEscala['banco'], nome: string) => medidas.find((m) => m.banco === banco && m.medida === nome);
  const celula = (m?: MedidaEscala) => (m ? `${m.valor} ${m.unidade}` : '—');
  const meta = (nome: string) =>
    medidas
      .filter((x) => x.medida === nome && x.meta !== undefined)
      .map((m) => `≤ ${m.meta} ${m.unidade} (${m.banco}: ${m.valor <= (m.meta ?? 0) ? 'ok' : 'FALHOU'})`)
      .join('; ');
  return [
    `## Escala do provedor (\`bench/escala.ts\`: ${REVENDAS} revendas, ${REVENDAS * USUARIOS_POR_REVENDA} usuários, ${VEICULOS} veículos, ${TELAS} telas abertas)`,
    '',
    '| medida | PGlite | PostgreSQL | meta |',
    '|---|---|---|---|',
    ...nomes.map((n) => `| ${n} | ${celula(de('PGlite', n))} | ${celula(de('PostgreSQL', n))} | ${meta(n)} |`),
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { writeFileSync, readFileSync } = await import('node:fs');
  const medidas = await medirEscala();
  const tabela = tabelaEscala(medidas);
  const arquivo = path.join(RAIZ, 'bench/resultados.md');
  const atual = existsSync(arquivo) ? readFileSync(arquivo, 'utf8') : '';
  // Only this section's table is replaced: the notes written under it and the sections after it stay.
  const inicio = atual.indexOf('## Escala do provedor');
  const fimTabela = inicio < 0 ? -1 : atual.indexOf('\n\n', atual.indexOf('\n|', inicio));
  const novo =
    inicio < 0
      ? `${atual.trimEnd()}\n\n${tabela}`
      : `${atual.slice(0, inicio)}${tabela.trimEnd()}${fimTabela < 0 ? '\n' : atual.slice(fimTabela)}`;
  writeFileSync(arquivo, novo);
  console.log(tabela);
  process.exit(0);
}
