import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { CONTAS, entrar } from '../ajuda/painel.ts';

/**
 * Issue 17 (service worker, manifest, new-version prompt) and issue 15 item 4 (resilience), on the built SPA.
 * The deploy test rewrites the served sw.js (the server reads the build per request) and restores it.
 */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

async function workerAtivo(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return r.active?.scriptURL ?? '';
  });
}

/** Client-side navigation (no page load), as a menu link does. */
async function irPeloRoteador(page: Page, caminho: string) {
  await page.evaluate((c) => {
    history.pushState({}, '', c);
    dispatchEvent(new PopStateEvent('popstate'));
  }, caminho);
}

async function entrarComoAdmin(page: Page) {
  await entrar(page, CONTAS.admin);
  await expect(page).toHaveURL(/\/home$/);
}

const larguraAltura = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

test.describe('service worker e instalação (issue 17)', () => {
  test.use({ serviceWorkers: 'allow' });

  test('registra o worker, guarda só o build e abre o painel sem conexão com o aviso', async ({ page, context }) => {
    await entrarComoAdmin(page);
    expect(await workerAtivo(page)).toMatch(/\/sw\.js$/);
    // Precache: the build only, never API answers or uploaded files.
    const guardados = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const nome of await caches.keys()) for (const r of await (await caches.open(nome)).keys()) urls.push(new URL(r.url).pathname);
      return urls;
    });
    expect(guardados.some((u) => u.startsWith('/assets/'))).toBe(true);
    expect(guardados.filter((u) => u.startsWith('/api/') || u.startsWith('/arquivos/'))).toEqual([]);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByText('Sem conexão com o servidor', { exact: true })).toBeVisible();
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Acesso ao painel' })).toBeVisible();
      await expect(page.getByText('Sem conexão com o servidor', { exact: true })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    // Back online: the notice goes with the first answer.
    await page.goto('/login');
    await expect(page.getByText('Sem conexão com o servidor', { exact: true })).toBeHidden();
  });

  test('manifesto válido com ícones 192, 512 e maskable; o Chromium considera o painel instalável', async ({ page }) => {
    await page.goto('/login');
    await workerAtivo(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const r = await page.request.get(href ?? '');
    expect(r.ok()).toBe(true);
    const manifesto = (await r.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      lang: string;
      icons: { src: string; sizes: string; purpose: string; type: string }[];
    };
    expect(manifesto).toMatchObject({
      name: 'Intermédio — Painel',
      short_name: 'Intermédio',
      start_url: '/',
      display: 'standalone',
      lang: 'pt-BR',
    });
    expect(manifesto.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifesto.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const tamanhos = manifesto.icons.map((i) => `${i.sizes} ${i.purpose}`);
    expect(tamanhos).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icone of manifesto.icons) {
      const png = await page.request.get(icone.src);
      expect(png.headers()['content-type']).toBe('image/png');
      expect(larguraAltura(await png.body()).join('x')).toBe(icone.sizes);
    }
    // Chromium's own check (what "Instalar app" / "Adicionar à tela inicial" rely on). Test contexts are incognito,
    // where nothing installs, so this runs in a profile on disk with the same browser settings.
    const perfil = mkdtempSync(path.join(tmpdir(), 'intermedio-pwa-'));
    const normal = await chromium.launchPersistentContext(perfil, {
      ...test.info().project.use.launchOptions,
      baseURL: test.info().project.use.baseURL,
    });
    try {
      const p = normal.pages()[0] ?? (await normal.newPage());
      await p.goto('/login');
      await workerAtivo(p);
      const cdp = await normal.newCDPSession(p);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await normal.close();
      rmSync(perfil, { recursive: true, force: true });
    }
  });

  test('depois de um deploy a aba aberta mostra "Nova versão disponível" e Atualizar carrega a nova versão', async ({ page }) => {
    await entrarComoAdmin(page);
    await workerAtivo(page);
    // The first visit is not controlled yet; a reload is (the worker serves the shell from then on).
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await expect(page.getByText('Nova versão disponível')).toBeHidden();

    const arquivo = path.join(DIST, 'sw.js');
    const original = readFileSync(arquivo);
    const copias = ['.br', '.gz'].map((ext) => [ext, readFileSync(arquivo + ext)] as const);
    try {
      // A new build: a different worker (its precache list changes with every build).
      const novo = Buffer.concat([original, Buffer.from(`\n// deploy ${Date.now()}\n`)]);
      writeFileSync(arquivo, novo);
      writeFileSync(`${arquivo}.br`, brotliCompressSync(novo));
      writeFileSync(`${arquivo}.gz`, gzipSync(novo));
      // What the tab does every 30 minutes and on each return to it.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(page.getByText('Nova versão disponível')).toBeVisible({ timeout: 15_000 });
      const recarregou = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Atualizar' }).click();
      await recarregou;
      await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
      await expect(page.getByText('Nova versão disponível')).toBeHidden();
    } finally {
      writeFileSync(arquivo, original);
      for (const [ext, conteudo] of copias) writeFileSync(arquivo + ext, conteudo);
    }
  });
});

test.describe('resiliência (issue 15 item 4)', () => {
  // Without a worker (the suite's default), as on a first visit or a browser without one: the code comes from the server.

  async function falharScripts(context: BrowserContext, ate: () => boolean) {
    await context.route('**/assets/*.js', (rota) => (ate() ? rota.continue() : rota.fulfill({ status: 404, body: '' })));
  }

  test('tela cujo código sumiu depois de um deploy recarrega uma vez e abre', async ({ page, context }) => {
    await entrarComoAdmin(page);
    let servidorConsultado = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/health')) servidorConsultado = true;
    });
    // Until the panel checks the server, every script not loaded yet is gone (the old build's chunks).
    await falharScripts(context, () => servidorConsultado);
    await irPeloRoteador(page, '/opcionais/listar');
    await expect(page.getByRole('heading', { name: 'Opcionais' })).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('intermedio:recarregou-por-falha-de-carga'))).not.toBeNull();
    await expect(page.getByText('Algo deu errado')).toBeHidden();
  });

  test('se o código continua faltando, avisa em português com Recarregar e o menu fica', async ({ page, context }) => {
    await entrarComoAdmin(page);
    await page.evaluate(() => sessionStorage.setItem('intermedio:recarregou-por-falha-de-carga', String(Date.now())));
    await falharScripts(context, () => false);
    await irPeloRoteador(page, '/opcionais/listar');
    await expect(page.getByRole('heading', { name: 'Não foi possível carregar esta tela' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Recarregar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expect(page.getByText(/dynamically|module|Failed/i)).toHaveCount(0);
  });

  test('sem conexão, a tela que não carrega diz "Sem conexão com o servidor" com Recarregar', async ({ page, context }) => {
    await entrarComoAdmin(page);
    await context.setOffline(true);
    try {
      await irPeloRoteador(page, '/opcionais/listar');
      await expect(page.getByRole('heading', { name: 'Sem conexão com o servidor' })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('button', { name: 'Recarregar' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('gravar sem resposta do servidor mantém o formulário com o digitado e avisa; com a conexão de volta, grava', async ({
    page,
    context,
  }) => {
    await entrarComoAdmin(page);
    await page.goto('/opcionais/incluir');
    const descricao = `Teto solar offline ${Date.now()}`;
    await page.getByLabel('Descrição').fill(descricao);
    await page.getByLabel('Ordenação').fill('7');
    await context.setOffline(true);
    try {
      await page.getByRole('button', { name: 'Gravar' }).click();
      await expect(page.getByText(/a gravação não foi confirmada/).first()).toBeVisible();
      await expect(page).toHaveURL(/\/opcionais\/incluir$/);
      await expect(page.getByLabel('Descrição')).toHaveValue(descricao);
      await expect(page.getByLabel('Ordenação')).toHaveValue('7');
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole('button', { name: 'Gravar' }).click();
    await expect(page.getByText('Opcional incluído com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/opcionais\/listar$/);
  });

  test('Sair sem conexão encerra a sessão no servidor quando a conexão volta', async ({ page, context }) => {
    await entrarComoAdmin(page);
    await context.setOffline(true);
    try {
      await page.getByRole('button', { name: 'Sair' }).click();
      await expect(page).toHaveURL(/\/login$/);
      // The server has not heard it: the browser's session cookie still opens the session.
      expect((await context.request.get('/api/auth/sessao')).status()).toBe(200);
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(async () => (await context.request.get('/api/auth/sessao')).status(), { timeout: 10_000 }).toBe(401);
  });
});
