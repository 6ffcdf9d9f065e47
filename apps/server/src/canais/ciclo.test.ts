import { createHash } from 'node:crypto';
import type { CanalId } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ambiente, criarAmbiente, ouvir } from '../../test/ajuda/ambiente.ts';
import { contextoDoCanal, lerConfigCanais } from './config.ts';
import { icarros } from './icarros/adapter.ts';
import { mercadolivre } from './mercadolivre/adapter.ts';
import { consentimento as consentimentoMl, renovarToken } from './mercadolivre/client.ts';
import { mobiauto } from './mobiauto/adapter.ts';
import { olx } from './olx/adapter.ts';
import { consentimento as consentimentoOlx } from './olx/client.ts';
import type { ContextoCanal } from './tipos.ts';
import { webmotors } from './webmotors/adapter.ts';

/** Contract tests of the connection life cycle (issue 11) against the sandboxes: hosts, single-use codes, renewal. */
let amb: Ambiente;
let base: string;
beforeAll(async () => {
  amb = await criarAmbiente();
  base = await ouvir(amb);
});
afterAll(() => amb.encerrar());

const ctx = (canal: CanalId, env: Record<string, string> = {}): ContextoCanal => contextoDoCanal(lerConfigCanais(env), canal, base, base);
const CODIGO_USADO = 'O código de autorização já foi usado ou expirou. Gere um novo.';

/** Follows the sandbox consent page as the browser would (Autorizar), answering the redirect's query. */
async function autorizar(url: string) {
  const u = new URL(url);
  const pagina = await fetch(u);
  expect(pagina.status).toBe(200);
  expect(await pagina.text()).toContain('Autorizar');
  const decidir = new URL(`${u.pathname}/decidir`, u);
  for (const [k, v] of u.searchParams) decidir.searchParams.set(k, v);
  decidir.searchParams.set('decisao', 'autorizar');
  const r = await fetch(decidir, { redirect: 'manual' });
  expect(r.status).toBe(302);
  return new URL(r.headers.get('location') ?? '');
}

describe('OLX: authorization server and API on two hosts (channels.md §1)', () => {
  it('the token comes from the auth host and basic_user_info from the API host', async () => {
    const c = ctx('olx');
    expect(c.auth).toBe(`${base}/sandbox/olx/auth`);
    expect(c.base).toBe(`${base}/sandbox/olx`);
    const r = await olx.configurar(c, { code_olx: 'dois-hosts-1' });
    expect(r.ok && r.valor).toMatchObject({ dados: { conta_olx: 'loja.demo@olx.sandbox', conta_olx_confirmada: true } });
    // Each host serves only its own part: the same calls on one host fail.
    expect((await fetch(`${c.base}/oauth/token`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${c.auth}/oauth_api/basic_user_info`, { method: 'POST' })).status).toBe(404);
    const umHostSo = await olx.configurar({ ...c, auth: c.base }, { code_olx: 'dois-hosts-2' });
    expect(umHostSo.ok).toBe(false);
  });

  it('each host is configured on its own (CANAL_OLX_URL, CANAL_OLX_AUTH_URL)', () => {
    const c = contextoDoCanal(
      lerConfigCanais({ CANAL_OLX_URL: 'https://apps.olx.com.br/', CANAL_OLX_AUTH_URL: 'https://auth.olx.com.br' }),
      'olx',
      base,
      'https://painel.exemplo.com.br',
    );
    expect([c.base, c.auth, c.app.redirectUri]).toEqual([
      'https://apps.olx.com.br',
      'https://auth.olx.com.br',
      'https://painel.exemplo.com.br/integracao/olx/retorno',
    ]);
    expect(consentimentoOlx(c, 'xyz')).toBe(
      'https://auth.olx.com.br/oauth?response_type=code&client_id=intermedio-sandbox&redirect_uri=https%3A%2F%2Fpainel.exemplo.com.br%2Fintegracao%2Folx%2Fretorno&scope=basic_user_info+autoupload+autoservice&state=xyz',
    );
  });

  it('basic_user_info unavailable: configured with the token, saying what could not be confirmed', async () => {
    const r = await olx.configurar(ctx('olx'), { code_olx: 'semconta-1' });
    expect(r.ok && r.valor.segredos.access_token).toMatch(/^olx-semconta-/);
    expect(r.ok && r.valor.dados).toEqual({ conta_olx: null, conta_olx_confirmada: false });
    expect(r.ok && r.valor.mensagem).toBe('Olx conectada, mas não foi possível confirmar a conta (basic_user_info indisponível).');
  });

  it('a token the API refuses is a refusal', async () => {
    const r = await olx.configurar(ctx('olx'), { code_olx: '' }, { access_token: 'nao-e-da-olx' });
    expect(r.ok ? null : r.erro.tipo).toBe('auth');
  });
});

describe.each([
  ['olx', 'code_olx'],
  ['mercadolivre', 'code_ml'],
] as const)('%s: authorization codes are single use', (canal, campo) => {
  const adaptador = canal === 'olx' ? olx : mercadolivre;

  it('a code works once; the second exchange says it was used', async () => {
    const code = `unico-${canal}`;
    expect((await adaptador.configurar(ctx(canal), { [campo]: code })).ok).toBe(true);
    const outra = await adaptador.configurar(ctx(canal), { [campo]: code });
    expect(outra.ok ? null : outra.erro).toMatchObject({ tipo: 'auth', texto: CODIGO_USADO });
  });

  it('an expired code says so', async () => {
    const r = await adaptador.configurar(ctx(canal), { [campo]: 'codigo-expirado' });
    expect(r.ok ? null : r.erro.texto).toBe(CODIGO_USADO);
  });

  it('without a new code the stored token is checked, never a code sent', async () => {
    const primeiro = await adaptador.configurar(ctx(canal), { [campo]: `guardado-${canal}` });
    const segredos = primeiro.ok ? primeiro.valor.segredos : {};
    const r = await adaptador.configurar(ctx(canal), { [campo]: '' }, { ...segredos, [campo]: `guardado-${canal}` });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    expect(r.ok && r.valor.segredos).not.toHaveProperty(campo);
  });
});

describe('consent pages (Autorizar no canal)', () => {
  it('OLX: the consent page returns a code and the state to the redirect address; the code is exchanged once', async () => {
    const c = { ...ctx('olx'), app: { ...ctx('olx').app, redirectUri: `${base}/integracao/olx/retorno` } };
    const volta = await autorizar(consentimentoOlx(c, 'estado-1'));
    expect(volta.pathname).toBe('/integracao/olx/retorno');
    expect(volta.searchParams.get('state')).toBe('estado-1');
    const code = volta.searchParams.get('code') ?? '';
    expect((await olx.configurar({ ...c, app: { ...c.app, redirectUri: `${base}/outro` } }, { code_olx: code })).ok).toBe(false);
    // The mismatched redirect_uri did not spend it; the right exchange does, once.
    expect((await olx.configurar(c, { code_olx: code })).ok).toBe(true);
    const denovo = await olx.configurar(c, { code_olx: code });
    expect(denovo.ok ? null : denovo.erro.texto).toBe(CODIGO_USADO);
  });

  it('Mercado Livre: PKCE; the code needs its verifier', async () => {
    const c = { ...ctx('mercadolivre'), app: { ...ctx('mercadolivre').app, redirectUri: `${base}/integracao/mercadolivre/retorno` } };
    const verificador = 'v'.repeat(50);
    const desafio = createHash('sha256').update(verificador).digest('base64url');
    const url = consentimentoMl(c, 'estado-ml', desafio);
    expect(url).toContain(`${base}/sandbox/mercadolivre/auth/authorization?`);
    const code = (await autorizar(url)).searchParams.get('code') ?? '';
    const sem = await mercadolivre.configurar(c, { code_ml: code, code_verifier: 'errado' });
    expect(sem.ok).toBe(false);
    const volta2 = await autorizar(url);
    const r = await mercadolivre.configurar(c, { code_ml: volta2.searchParams.get('code') ?? '', code_verifier: verificador });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  });

  it('a redirect address of another server is not registered', async () => {
    const c = { ...ctx('olx'), app: { ...ctx('olx').app, redirectUri: 'https://evil.test/integracao/olx/retorno' } };
    const u = new URL(consentimentoOlx(c, 's'));
    const decidir = new URL(`${u.pathname}/decidir`, u);
    for (const [k, v] of u.searchParams) decidir.searchParams.set(k, v);
    decidir.searchParams.set('decisao', 'autorizar');
    expect((await fetch(decidir, { redirect: 'manual' })).status).toBe(400);
  });
});

describe('renewal (channels.md §2–§5)', () => {
  it('Mercado Livre: each refresh answers a new pair; a spent refresh token is refused', async () => {
    const r = await mercadolivre.configurar(ctx('mercadolivre'), { code_ml: 'renovar-1' });
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect(r.valor.renovarEm?.getTime()).toBeGreaterThan(Date.now() + 4.9 * 3600_000);
    const novo = await mercadolivre.renovar?.(ctx('mercadolivre'), r.valor.segredos, r.valor.dados);
    if (!novo?.ok) throw new Error(JSON.stringify(novo));
    expect(novo.valor.segredos.refresh_token).not.toBe(r.valor.segredos.refresh_token);
    expect(novo.valor.segredos.access_token).not.toBe(r.valor.segredos.access_token);
    const denovo = await renovarToken(ctx('mercadolivre'), r.valor.segredos.refresh_token ?? '');
    expect(denovo.ok ? null : denovo.erro.tipo).toBe('auth');
  });

  it.each([
    ['icarros', icarros, 'email_icarros', 'senha_icarros'],
    ['mobiauto', mobiauto, 'email_integrador', 'senha_integrador'],
  ] as const)('%s: refresh token first, a new login with the stored password when the session ended', async (canal, a, login, senha) => {
    const c = await a.configurar(ctx(canal), { [login]: 'loja@autodemo.test', [senha]: 's' });
    if (!c.ok) throw new Error(JSON.stringify(c));
    // Keycloak: access 5 min, session 30 min: renewed before the access token ends.
    expect(c.valor.renovarEm?.getTime()).toBeLessThan(Date.now() + 300_000);
    const dados = { ...c.valor.dados, [login]: 'loja@autodemo.test' };
    const segredos = { ...c.valor.segredos, [senha]: 's' };
    const r1 = await a.renovar?.(ctx(canal), segredos, dados);
    expect(r1?.ok && r1.valor.mensagem).toBe('Token renovado.');
    // The old refresh token is spent: the realm refuses it and the stored password logs in again.
    const r2 = await a.renovar?.(ctx(canal), segredos, dados);
    expect(r2?.ok && r2.valor.mensagem).toBe('Sessão renovada com a senha guardada.');
    const r3 = await a.renovar?.(ctx(canal), segredos, { ...dados, [login]: 'recusar@autodemo.test' });
    expect(r3?.ok ? null : r3?.erro.tipo).toBe('auth');
  });

  it('Webmotors: a new hash with the stored password', async () => {
    const dados = { cnpj: '12345678000195', email_webmotors: 'loja@autodemo.test' };
    const r = await webmotors.renovar?.(ctx('webmotors'), { senha_webmotors: 's', hash_autenticacao: 'WMvelho' }, dados);
    expect(r?.ok && r.valor.segredos.hash_autenticacao).toMatch(/^WM/);
    expect(r?.ok && r.valor.segredos.hash_autenticacao).not.toBe('WMvelho');
    const recusa = await webmotors.renovar?.(ctx('webmotors'), { senha_webmotors: 's' }, { ...dados, email_webmotors: 'recusar@x.test' });
    expect(recusa?.ok ? null : recusa?.erro.tipo).toBe('auth');
  });
});
