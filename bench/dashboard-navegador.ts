/**
 * Issue 25 "Measured": in Chromium at 1366 px, from a click on the menu's "Dashboard" to the charts drawn for a
 * reseller with 2,000 vehicles (goal ≤ 1 s). Called by bench/dashboard.ts on its seeded server, which serves the
 * built SPA (apps/web/dist, built here when missing). Each round opens another screen fresh (an empty data cache, the
 * app's files already cached as on a dealer's second visit), clicks "Dashboard" and waits for the bars of the three
 * charts; the median of 5 rounds after one warm-up.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { entrar, percentil } from './http.ts';
import type { Registrar } from './veiculos.ts';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RODADAS = 5;

type Banco = { execute: (q: ReturnType<typeof sql>) => Promise<unknown> };

export async function medirGraficosNoNavegador(base: string, db: Banco, idRevenda: string, rotulo: string, registrar: Registrar) {
  if (!existsSync(path.join(RAIZ, 'apps/web/dist/index.html')))
    execFileSync('npm', ['run', '-s', 'build', '-w', '@intermedio/web'], { cwd: RAIZ, stdio: 'ignore' });
  // The demo manager works for the seeded reseller here (a throwaway database).
  await db.execute(sql`update usuarios set revenda_id = ${idRevenda} where email = 'gestor@autodemo.test'`);
  const { cookie } = await entrar(base, 'gestor@autodemo.test');
  const navegador = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const ctx = await navegador.newContext({ viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' });
    const valor = cookie.split('=').slice(1).join('=').split(';')[0] ?? '';
    await ctx.addCookies([{ name: 'intermedio_sessao', value: valor, url: base }]);
    const page = await ctx.newPage();
    const tempos: number[] = [];
    for (let i = 0; i <= RODADAS; i++) {
      await page.goto(`${base}/revenda/${idRevenda}/usuarios/listar`);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const t0 = performance.now();
      if (process.env.BENCH_DETALHE)
        page.on('response', (r) => console.log(`  ${Math.round(performance.now() - t0)} ms ${r.status()} ${new URL(r.url()).pathname}`));
      await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
      for (const id of ['idade', 'anuncios', 'vendas'])
        await page.locator(`[data-testid="grafico-${id}"] .recharts-bar-rectangle path`).first().waitFor({ timeout: 30_000 });
      if (i > 0) tempos.push(performance.now() - t0);
      if (process.env.BENCH_DETALHE) {
        console.log(`rodada ${i}: ${Math.round(performance.now() - t0)} ms`);
        page.removeAllListeners('response');
      }
    }
    registrar(
      `painel do gestor 2000 veículos (${rotulo}): Chromium 1366 px, clique em Dashboard → três gráficos desenhados, mediana`,
      percentil(tempos, 0.5),
      'ms',
      1000,
    );
  } finally {
    await navegador.close();
  }
}
