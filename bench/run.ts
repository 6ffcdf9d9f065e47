/**
 * Benchmarks of the foundation (`npm run bench`): start-up time, API latency under concurrency, memory,
 * and live-update fan-out. Each measure has a target; the run prints a table, writes bench/resultados.md
 * and exits 1 when a target is missed. Uses only this machine's loopback.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { medirEscala, tabelaEscala } from './escala.ts';
import { entrarComoAdmin } from './http.ts';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
type Resultado = { medida: string; valor: number; unidade: string; meta: number; ok: boolean };
const resultados: Resultado[] = [];
const registrar = (medida: string, valor: number, unidade: string, meta: number) =>
  resultados.push({ medida, valor: Math.round(valor * 10) / 10, unidade, meta, ok: valor <= meta });

async function subir(dataDir: string, porta: number): Promise<{ filho: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const filho = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: RAIZ,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(porta), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${porta}/api/health`)).ok) return { filho, ms: performance.now() - t0 };
    } catch {}
    if (performance.now() - t0 > 60_000) throw new Error('servidor não subiu em 60 s');
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

const parar = (f: ChildProcess) =>
  new Promise((ok) => {
    f.once('exit', ok);
    f.kill('SIGTERM');
  });
const percentil = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

const entrar = async (base: string) => (await entrarComoAdmin(base)).cookie;

const dataDir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-'));
const porta = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${porta}`;

const primeira = await subir(dataDir, porta);
registrar('partida com banco novo (migrações + demo) até a 1ª resposta', primeira.ms, 'ms', 15_000);
await parar(primeira.filho);
const segunda = await subir(dataDir, porta);
registrar('partida com banco existente até a 1ª resposta', segunda.ms, 'ms', 8_000);

const cookie = await entrar(base);
const latencias: number[] = [];
const TOTAL = 2000;
const CONCORRENCIA = 20;
let feitos = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: CONCORRENCIA }, async () => {
    while (feitos < TOTAL) {
      feitos++;
      const t = performance.now();
      const r = await fetch(`${base}/api/dashboard/contadores`, { headers: { cookie } });
      await r.arrayBuffer();
      latencias.push(performance.now() - t);
    }
  }),
);
const segundos = (performance.now() - t0) / 1000;
registrar(`GET /api/dashboard/contadores p50 (${CONCORRENCIA} simultâneas)`, percentil(latencias, 0.5), 'ms', 80);
registrar(`GET /api/dashboard/contadores p95 (${CONCORRENCIA} simultâneas)`, percentil(latencias, 0.95), 'ms', 150);
registrar('vazão do painel (inverso; meta: ≥ 200 req/s)', 1000 / (TOTAL / segundos), 'ms/req', 5);

const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${segunda.filho.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
// Second start (an existing database), after the 2,000 reads above: not a new install (bench/memoria-instalacao.ts).
registrar('memória do servidor (PGlite embutido, banco existente, 2ª partida) após 2.000 leituras do painel (RSS)', rss, 'MiB', 600);
await parar(segunda.filho);

// A new install (issue 28 item 7): initdb, migrations and demo seed on an empty DATA_DIR as `npm start`, then idle.
const notasInstalacao = await (await import('./memoria-instalacao.ts')).medirMemoriaInstalacao(registrar);

// Live-update fan-out: 200 admin SSE streams on one instance; one queue row written; time until all have it.
{
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { lerConfig } = await import('../apps/server/src/config.ts');
  const { moderacao, revendas } = await import('../apps/server/src/db/schema/index.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-sse-'));
  const aplicacao = await buildApp(lerConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0' }), { logger: false });
  await aplicacao.app.listen({ port: 0, host: '127.0.0.1' });
  const endereco = aplicacao.app.server.address();
  const b = `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}`;
  const ck = await entrar(b);
  const N = 200;
  const controles: AbortController[] = [];
  const chegadas: Promise<number>[] = [];
  let t0Evento = 0;
  await Promise.all(
    Array.from({ length: N }, async () => {
      const c = new AbortController();
      controles.push(c);
      const r = await fetch(`${b}/api/eventos`, { headers: { cookie: ck }, signal: c.signal });
      const leitor = r.body?.getReader();
      await leitor?.read(); // the "conectado" comment
      chegadas.push(
        (async () => {
          for (;;) {
            const { value, done } = (await leitor?.read()) ?? { done: true, value: undefined };
            if (done) return Number.POSITIVE_INFINITY;
            if (new TextDecoder().decode(value).includes('"moderacao"')) return performance.now() - t0Evento;
          }
        })(),
      );
    }),
  );
  const [revenda] = await aplicacao.banco.db.select().from(revendas).limit(1);
  t0Evento = performance.now();
  await aplicacao.banco.db.insert(moderacao).values({ fila: 'incluidos', revenda_id: revenda?.id ?? '', revenda: 'bench' });
  const tempos = await Promise.all(chegadas);
  registrar(`evento ao vivo entregue a ${N} conexões SSE (o último)`, Math.max(...tempos), 'ms', 1000);
  for (const c of controles) c.abort();
  await aplicacao.app.close();
}

// Image pipeline (issue 8): 12-MP upload time and memory with 4 at once, on a server of its own.
await (await import('./midia.ts')).medirMidia(registrar);

// Stock list (issue 8): 2,000 vehicles × 10 photos, API vs the same SQL on the same connection (PGlite; PostgreSQL with DATABASE_URL).
await (await import('./veiculos.ts')).medirVeiculos(registrar);

// First load (issue 15): compressed JS + CSS of the sign-in page and the signed-in homes, from the built SPA.
const notasCarga = await (await import('./primeira-carga.ts')).medirPrimeiraCarga(registrar);

// Moderation dashboards (issue 14): 5,000 entries per queue across 200 resellers, API vs the same SQL; bulk validation.
await (await import('./moderacao.ts')).medirModeracao(registrar);

// Bulk sale (issue 24): 50 vehicles on 3 sandbox channels, from the sales until every advert is gone.
await (await import('./vendas-lote.ts')).medirVendasLote(registrar);

// Sync (issue 24 item 1): a price change on a vehicle on 3 sandbox channels, from the save until all hold it.
await (await import('./sincronizacao.ts')).medirSincronizacao(registrar);

// Dashboards (issue 25): the dealer's widgets for 2,000 vehicles and the admin's for 5,000 resellers, API vs the same SQL.
await (await import('./dashboard.ts')).medirDashboard(registrar);
// Site feed (issue 27): a reseller's 2,000 vehicles, cold and from cache, bytes compressed.
await (await import('./feed.ts')).medirFeed(registrar);
// Stock import (issue 27): a local feed by URL, 2,000 rows without photos and 200 × 5 photos, job vs direct SQL, memory.
await (await import('./importacao.ts')).medirImportacao(registrar);

// Leads webhook (issue 26): a burst of 1,000 OLX deliveries (20 % redelivered) with the inbox open (SSE), on both databases.
const notasLeads = await (await import('./leads-webhook.ts')).medirLeadsWebhook(registrar);

// Several instances (issue 28): 1, 2 and 3 processes behind a proxy on one PostgreSQL; skipped without DATABASE_URL.
const notasMulti = await (await import('./multi-instancia.ts')).medirMultiInstancia(registrar);

// Bulk publish (issue 24): 300 vehicles × 3 sandbox channels through incluir + enviar vs the channel calls alone.
const notasLote = await (await import('./publicar-lote.ts')).medirPublicarLote(registrar);

// Provider scale (issue 18), on PGlite and PostgreSQL: bench/escala.ts. BENCH_ESCALA=0 skips it.
const escala = process.env.BENCH_ESCALA === '0' ? [] : await medirEscala();

const linhas = resultados.map((r) => `| ${r.medida} | ${r.valor} ${r.unidade} | ≤ ${r.meta} ${r.unidade} | ${r.ok ? 'ok' : 'FALHOU'} |`);
const texto = [
  `# Resultados de \`npm run bench\` (${new Date().toISOString().slice(0, 16)}Z, ${process.version})`,
  '',
  '| medida | valor | meta | |',
  '|---|---|---|---|',
  ...linhas,
  '',
  ...notasCarga.map((n) => `- ${n}`),
  ...notasInstalacao.map((n) => `- instalação nova: ${n}`),
  ...notasLote.map((n) => `- publicação em lote: ${n}`),
  ...notasLeads.map((n) => `- leads por webhook: ${n}`),
  ...notasMulti.map((n) => (n === '' || n.startsWith('|') ? n : `- várias instâncias: ${n}`)),
  '',
  ...(escala.length ? [tabelaEscala(escala)] : []),
].join('\n');
writeFileSync(path.join(RAIZ, 'bench/resultados.md'), texto);
console.log(texto);
const escalaOk = escala.every((m) => m.meta === undefined || m.valor <= m.meta);
process.exit(resultados.every((r) => r.ok) && escalaOk ? 0 : 1);
