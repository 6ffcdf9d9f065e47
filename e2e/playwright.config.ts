import { defineConfig } from '@playwright/test';

/**
 * The specs share one server and one database, so they run in two lines side by side, each one file at a time:
 * - `demo`: the specs that use or change the demo reseller and its accounts (one deactivates the demo gestor,
 *   others rewrite its channel configuration), so they must not overlap each other;
 * - `proprias`: the specs that create their own reseller (and the channels' sandboxes they share);
 * the two lines are balanced by their measured time: the axe check of the demo reseller's screens (axe.spec.ts) runs
 * in `demo`; the admin's global screens, the open states and the publishing screens (axe-globais, axe-estados,
 * axe-publicacao, axe-moderacao) and api-docs (the admin only, no reseller) in `proprias`;
 * then `contadores`, alone, once both lines are done: they assert exact global counts (the admin's live tiles,
 * the moderation queues), which any vehicle written by another spec would change.
 */
const DEMO = [
  'acesso',
  'axe',
  'catalogos',
  'fipe',
  'integracoes',
  'login',
  'publicacao-webmotors',
  'pwa',
  'revendas',
  'shell',
  'social',
  'usuarios',
  'veiculos',
];
const CONTADORES = ['dashboard', 'moderacao'];
const specs = (nomes: string[]) => nomes.map((n) => `${n}.spec.ts`);

// Drives Debian's chromium (never a downloaded browser) against a running panel at BASE_URL, started with SANDBOX_INSPECAO=1
// (as scripts/test.sh and scripts/e2e-local.sh do): the specs read what the channel stand-ins received (`/sandbox/…/_anuncios`).
export default defineConfig({
  testDir: './specs',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'demo', testMatch: specs(DEMO), workers: 1 },
    { name: 'proprias', testIgnore: specs([...DEMO, ...CONTADORES]), workers: 1 },
    { name: 'contadores', testMatch: specs(CONTADORES), workers: 1, dependencies: ['demo', 'proprias'] },
  ],
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:3000',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    // The production build registers a service worker that precaches the whole app; only pwa.spec.ts needs it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
});
