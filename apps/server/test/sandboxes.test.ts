import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CANAIS } from '@intermedio/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { lerConfig } from '../src/config.ts';
import { type Ambiente, criarAmbiente } from './ajuda/ambiente.ts';

/**
 * The channel stand-ins (issue 23 item 7): only those a channel, FIPE or push points to are mounted, and their
 * inspection / test-control routes (`_anuncios`, `_reter`…: every reseller's adverts) answer only with SANDBOX_INSPECAO=1.
 */
let amb: Ambiente | null = null;
afterEach(async () => {
  await amb?.encerrar();
  amb = null;
});

const montados = (a: Ambiente) => new Set(a.rotas.filter((r) => r.url.startsWith('/sandbox/')).map((r) => r.url.split('/')[2]));

/** A built SPA: the not-found handler would otherwise answer index.html to any GET. */
function spaConstruido() {
  const dir = mkdtempSync(path.join(tmpdir(), 'intermedio-spa-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>SPA</title>');
  return dir;
}

const CONTROLE = [
  ['GET', '/sandbox/autoscar/_anuncios'],
  ['POST', '/sandbox/autoscar/_reter'],
  ['POST', '/sandbox/autoscar/_liberar'],
  ['GET', '/sandbox/webmotors/_anuncios'],
  ['GET', '/sandbox/mercadolivre/_anuncios'],
  ['GET', '/sandbox/olx/_anuncios'],
  ['POST', '/sandbox/mercadolivre/_expirar'],
  ['GET', '/sandbox/facebook/_publicacoes'],
  ['GET', '/sandbox/instagram/_anuncios'],
  ['GET', '/sandbox/fcm/_mensagens'],
] as const;

// Each case builds a whole app (seeded database): slow on a loaded machine.
describe('channel stand-ins', { timeout: 60_000 }, () => {
  it('SANDBOX_INSPECAO is off by default', () => {
    expect(lerConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'intermedio-cfg-')) }).sandboxInspecao).toBe(false);
  });

  it('without SANDBOX_INSPECAO the inspection and test-control routes are not found (not even the SPA page)', async () => {
    amb = await criarAmbiente({ SANDBOX_INSPECAO: '0', WEB_DIST: spaConstruido() });
    for (const [method, url] of CONTROLE) {
      const r = await amb.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(r.body, `${method} ${url}`).not.toMatch(/anuncios|SPA|armada|data":\[/);
    }
    // The stand-ins themselves still play their channel (the Facebook dialog, the FIPE table).
    expect((await amb.app.inject({ url: '/sandbox/facebook/dialog/oauth?scope=x' })).statusCode).toBe(200);
    expect((await amb.app.inject({ url: '/sandbox/fipe/api/v2/cars/brands' })).statusCode).toBe(200);
  });

  it('with SANDBOX_INSPECAO=1 (test servers) they answer', async () => {
    amb = await criarAmbiente({ SANDBOX_INSPECAO: '1' });
    const r = await amb.app.inject({ url: '/sandbox/autoscar/_anuncios' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ anuncios: [] });
  });

  it('a channel with a real address has no stand-in; the others keep theirs', async () => {
    amb = await criarAmbiente({
      CANAL_AUTOSCAR_URL: 'https://autoscar.invalid',
      FACEBOOK_APP_ID: '123',
      FACEBOOK_APP_SECRET: 'segredo-do-app',
      WEB_DIST: spaConstruido(),
    });
    const m = montados(amb);
    expect([...m]).not.toContain('autoscar');
    expect([...m]).not.toContain('facebook');
    expect([...m]).not.toContain('instagram');
    expect([...m]).toEqual(expect.arrayContaining(['olx', 'webmotors', 'fcm', 'fipe']));
    for (const url of ['/sandbox/autoscar/_anuncios', '/sandbox/facebook/dialog/oauth', '/sandbox/instagram/me']) {
      expect((await amb.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('every address configured: no stand-in at all', async () => {
    const reais = Object.fromEntries(
      CANAIS.filter((c) => c !== 'facebook' && c !== 'instagram').map((c) => [`CANAL_${c.toUpperCase()}_URL`, `https://${c}.invalid`]),
    );
    amb = await criarAmbiente({
      ...reais,
      CANAL_FACEBOOK_URL: 'https://graph.invalid',
      FIPE_API_URL: 'https://fipe.invalid/api/v2',
      FCM_PROJECT_ID: 'projeto',
      FCM_CLIENT_EMAIL: 'conta@projeto.iam.gserviceaccount.com',
      FCM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nx\\n-----END PRIVATE KEY-----',
    });
    expect([...montados(amb)]).toEqual([]);
  });
});
