/**
 * First-load benchmark (issue 15 item 3): builds the SPA, serves it from a server started here (buildApp, embedded
 * database with the demo data) and opens each screen in Debian's chromium with an empty cache, counting the JS and
 * CSS bytes that crossed the network (as sent, i.e. compressed) and checking what the server did:
 * - the sign-in screen (budget 150 KB) and the signed-in homes of an admin and a gestor (budget 300 KB), at the default
 *   1280 × 720 and, for the gestor's dashboard, on a phone (390 × 844: its charts are below the fold, loaded on scroll);
 * - every script and stylesheet came with `content-encoding: br` (the build precompresses them);
 * - no source map is served (each asset's `.map` address answers 404).
 * The service worker is blocked while measuring: it precaches the whole app after the first screen, in the
 * background, which is not what the screen needs (its size is printed separately).
 * KB = 1000 bytes. Run alone with `node --import tsx bench/primeira-carga.ts` or within `npm run bench`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(RAIZ, 'apps/web/dist');
export type Registrar = (medida: string, valor: number, unidade: string, meta: number) => void;

type Carga = { comprimido: number; descomprimido: number; arquivos: number; semBrotli: string[] };

/** Opens `caminho` in `ctx` and sums the scripts and stylesheets the page fetched until the network went quiet. */
async function medirTela(ctx: BrowserContext, base: string, caminho: string, pronto: string): Promise<Carga> {
  const page = await ctx.newPage();
  const pendentes: Promise<void>[] = [];
  const carga: Carga = { comprimido: 0, descomprimido: 0, arquivos: 0, semBrotli: [] };
  page.on('response', (resposta) => {
    const tipo = resposta.request().resourceType();
    if (tipo !== 'script' && tipo !== 'stylesheet') return;
    pendentes.push(
      (async () => {
        const [tamanhos, corpo, cabecalhos] = await Promise.all([resposta.request().sizes(), resposta.body(), resposta.allHeaders()]);
        carga.comprimido += tamanhos.responseBodySize;
        carga.descomprimido += corpo.length;
        carga.arquivos++;
        if (process.env.BENCH_DETALHE)
          console.log(`  ${caminho} ${new URL(resposta.url()).pathname} ${tamanhos.responseBodySize} ${corpo.length}`);
        if (cabecalhos['content-encoding'] !== 'br' && corpo.length >= 1024) carga.semBrotli.push(new URL(resposta.url()).pathname);
      })(),
    );
  });
  await page.goto(base + caminho);
  await page.getByText(pronto, { exact: false }).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(pendentes);
  await page.close();
  return carga;
}

async function cookieDeSessao(base: string, email: string): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, senha: 'demo1234' }),
  });
  const c = r.headers.getSetCookie().find((x) => x.startsWith('intermedio_sessao='));
  if (!c) throw new Error(`login de ${email} falhou (${r.status})`);
  return c.split(';')[0]?.split('=')[1] ?? '';
}

function arquivosDe(pasta: string): string[] {
  return readdirSync(pasta).flatMap((n) => {
    const p = path.join(pasta, n);
    return statSync(p).isDirectory() ? arquivosDe(p) : [p];
  });
}

export async function medirPrimeiraCarga(registrar: Registrar): Promise<string[]> {
  execFileSync('npm', ['run', '-s', 'build', '-w', '@intermedio/web'], { cwd: RAIZ, stdio: 'ignore' });
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { lerConfig } = await import('../apps/server/src/config.ts');
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-carga-'));
  const aplicacao = await buildApp(lerConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', WEB_DIST: DIST }), { logger: false });
  await aplicacao.app.listen({ port: 0, host: '127.0.0.1' });
  const endereco = aplicacao.app.server.address();
  const base = `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}`;
  const navegador = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const notas: string[] = [];
  try {
    const telas = [
      { nome: 'tela de acesso (/login)', caminho: '/login', pronto: 'Acesso ao painel', conta: null, meta: 150 },
      { nome: 'início do admin (/home), já conectado', caminho: '/home', pronto: 'Sair', conta: 'admin@intermedio.test', meta: 300 },
      {
        nome: 'painel do gestor (/painel/dashboard), já conectado',
        caminho: '/painel/dashboard',
        pronto: 'Sair',
        conta: 'gestor@autodemo.test',
        meta: 300,
      },
      // A dealer's phone: what is below the fold (the dashboard's charts) loads when scrolled to.
      {
        nome: 'painel do gestor num celular (390 × 844), já conectado',
        caminho: '/painel/dashboard',
        pronto: 'Sair',
        conta: 'gestor@autodemo.test',
        meta: 300,
        celular: true,
      },
    ];
    const semBrotli = new Set<string>();
    for (const t of telas) {
      // A fresh context per screen: empty HTTP cache, as on a first visit.
      const ctx = await navegador.newContext({
        serviceWorkers: 'block',
        ...('celular' in t ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
      });
      if (t.conta) {
        const valor = await cookieDeSessao(base, t.conta);
        await ctx.addCookies([{ name: 'intermedio_sessao', value: valor, url: base }]);
      }
      const c = await medirTela(ctx, base, t.caminho, t.pronto);
      await ctx.close();
      registrar(`${t.nome}: JS + CSS transferidos (comprimidos)`, c.comprimido / 1000, 'KB', t.meta);
      notas.push(
        `${t.nome}: ${c.arquivos} arquivos, ${(c.comprimido / 1000).toFixed(1)} KB comprimidos, ${(c.descomprimido / 1000).toFixed(1)} KB sem compressão`,
      );
      for (const s of c.semBrotli) semBrotli.add(s);
    }
    registrar('scripts e estilos servidos sem brotli (content-encoding)', semBrotli.size, 'arquivos', 0);

    // Source maps: none in the build, and none answered for any asset.
    const ativos = arquivosDe(path.join(DIST, 'assets')).filter((a) => /\.(js|css)$/.test(a));
    let mapas = arquivosDe(DIST).filter((a) => a.endsWith('.map')).length;
    for (const a of ativos) if ((await fetch(`${base}/assets/${path.basename(a)}.map`)).status !== 404) mapas++;
    registrar('source maps no build ou servidos', mapas, 'arquivos', 0);

    const tamanho = (a: string, ext = '') => {
      try {
        return readFileSync(a + ext).length;
      } catch {
        return 0;
      }
    };
    const total = ativos.reduce((s, a) => s + tamanho(a), 0);
    const totalBr = ativos.reduce((s, a) => s + tamanho(a, '.br'), 0);
    notas.push(
      `todos os ${ativos.length} scripts e estilos do build (o que o service worker guarda depois da 1ª tela): ` +
        `${(total / 1000).toFixed(1)} KB, ${(totalBr / 1000).toFixed(1)} KB com brotli`,
    );
  } finally {
    await navegador.close();
    await aplicacao.app.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return notas;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const linhas: string[] = [];
  const notas = await medirPrimeiraCarga((medida, valor, unidade, meta) =>
    linhas.push(`| ${medida} | ${Math.round(valor * 10) / 10} ${unidade} | ≤ ${meta} ${unidade} | ${valor <= meta ? 'ok' : 'FALHOU'} |`),
  );
  console.log(['| medida | valor | meta | |', '|---|---|---|---|', ...linhas, '', ...notas.map((n) => `- ${n}`)].join('\n'));
  process.exit(0);
}
