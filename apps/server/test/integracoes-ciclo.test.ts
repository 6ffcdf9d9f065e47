import { type AddressInfo, createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBanco } from '../src/db/cliente.ts';
import { revendaIntegracoes } from '../src/db/schema/index.ts';
import { criarRenovacaoService, type RenovacaoService } from '../src/modules/integracoes/renovacao.service.ts';
import { type Ambiente, type Credencial, criarAmbiente } from './ajuda/ambiente.ts';

/** Issue 11: codes used once, the consent-page return, token renewal, last check and error, social revocation. */
let amb: Ambiente;
let base: string;
let admin: Credencial | null;
let gestor: Credencial | null;
/** A free port chosen first, so PUBLIC_URL (the redirect address) is this server's own address. */
const portaLivre = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });
beforeAll(async () => {
  const porta = await portaLivre();
  base = `http://127.0.0.1:${porta}`;
  amb = await criarAmbiente({ CANAIS_TIMEOUT_MS: '2000', PUBLIC_URL: base });
  await amb.app.listen({ port: porta, host: '127.0.0.1' });
  admin = await amb.entrar('admin');
  gestor = await amb.entrar('gestorA');
});
afterAll(() => amb.encerrar());

async function chamar(metodo: string, url: string, c: Credencial | null, corpo?: unknown) {
  const r = await fetch(base + url, {
    method: metodo,
    headers: { cookie: c?.cookie ?? '', 'x-csrf-token': c?.csrf ?? '', ...(corpo ? { 'content-type': 'application/json' } : {}) },
    body: corpo ? JSON.stringify(corpo) : undefined,
  });
  const texto = await r.text();
  return { status: r.status, texto, corpo: JSON.parse(texto) as { status: string; data: never } };
}
const registro = async (canal: string, idRevenda = amb.ids.revendaA) =>
  (
    await amb.banco.db
      .select()
      .from(revendaIntegracoes)
      .where(and(eq(revendaIntegracoes.revenda_id, idRevenda), eq(revendaIntegracoes.canal, canal)))
  )[0];
const segredos = async (canal: string) => amb.cofre.decifrar<Record<string, string>>((await registro(canal))?.segredos ?? '');
const naLista = async (canal: string) =>
  ((await chamar('GET', `/api/revendas/${amb.ids.revendaA}/integracoes`, gestor)).corpo.data as Record<string, unknown>[]).find(
    (i) => i.canal === canal,
  );
/** The sandbox consent page, answered "Autorizar" as the browser would; gives the return address's query. */
async function consentir(url: string) {
  const u = new URL(url, base);
  const decidir = new URL(`${u.pathname}/decidir`, u);
  for (const [k, v] of u.searchParams) decidir.searchParams.set(k, v);
  decidir.searchParams.set('decisao', 'autorizar');
  const r = await fetch(decidir, { redirect: 'manual' });
  return new URL(r.headers.get('location') ?? '');
}

describe('single-use authorization codes (item 2)', () => {
  it('the code is not stored; configuring again without a code checks the token and never re-sends the code', async () => {
    const id_revenda = amb.ids.revendaA;
    const r1 = await chamar('POST', '/api/integracao/olx/configurar', admin, { id_revenda, code_olx: 'olx-uma-vez' });
    expect(r1.corpo).toEqual({ status: 'success', data: 'Conta Olx loja.demo@olx.sandbox conectada.' });
    expect(Object.keys(await segredos('olx'))).toEqual(['access_token']);
    // The record write (the form's first step) keeps no code either.
    await chamar('PUT', `/api/revendas/${id_revenda}/integracoes/olx`, admin, { status: true, code_olx: 'olx-outro' });
    expect(Object.keys(await segredos('olx'))).toEqual(['access_token']);
    const r2 = await chamar('POST', '/api/integracao/olx/configurar', admin, { id_revenda, code_olx: '' });
    expect(r2.corpo).toEqual({ status: 'success', data: 'Conta Olx loja.demo@olx.sandbox confirmada.' });
    const olx = await naLista('olx');
    expect(olx).toMatchObject({ status: true, segredos_salvos: ['code_olx'], ultimo_erro: null });
  });

  it('a used or expired code: 422 "O código de autorização já foi usado ou expirou. Gere um novo."', async () => {
    const id_revenda = amb.ids.revendaA;
    const r = await chamar('POST', '/api/integracao/olx/configurar', admin, { id_revenda, code_olx: 'olx-uma-vez' });
    expect([r.status, r.corpo.data]).toEqual([422, 'O código de autorização já foi usado ou expirou. Gere um novo.']);
    expect(await naLista('olx')).toMatchObject({
      status: false,
      ultimo_erro: 'O código de autorização já foi usado ou expirou. Gere um novo.',
      verificado_em: expect.any(String),
    });
    const ml = await chamar('POST', '/api/integracao/mercadolivre/configurar', gestor, { id_revenda, code_ml: 'TG-expirado' });
    expect([ml.status, ml.corpo.data]).toEqual([422, 'O código de autorização já foi usado ou expirou. Gere um novo.']);
  });

  it('basic_user_info unavailable: configured, and the answer says the account was not confirmed', async () => {
    const r = await chamar('POST', '/api/integracao/olx/configurar', admin, { id_revenda: amb.ids.revendaA, code_olx: 'semconta-api' });
    expect(r.corpo.data).toBe('Olx conectada, mas não foi possível confirmar a conta (basic_user_info indisponível).');
    expect(await naLista('olx')).toMatchObject({ ultimo_erro: null, dados: { conta_olx: null, conta_olx_confirmada: false } });
  });
});

describe('"Autorizar no canal" and the return route (item 3)', () => {
  it('Mercado Livre: consent page with the redirect address, return with code and state, integration active', async () => {
    const a = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/integracoes/mercadolivre/autorizacao`, gestor);
    expect(a.status, a.texto).toBe(200);
    const { url, redirect_uri } = a.corpo.data as { url: string; redirect_uri: string };
    expect(redirect_uri).toBe(`${amb.config.publicUrl}/integracao/mercadolivre/retorno`);
    const u = new URL(url);
    expect(u.pathname).toBe('/sandbox/mercadolivre/auth/authorization');
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'intermedio-sandbox',
      redirect_uri,
      code_challenge_method: 'S256',
    });
    const volta = await consentir(url);
    expect(volta.pathname).toBe('/integracao/mercadolivre/retorno');
    const corpo = { code: volta.searchParams.get('code'), state: volta.searchParams.get('state') };
    // Another session (even of the same reseller) cannot use this state.
    const outro = await amb.entrar('gestorA');
    const alheio = await chamar('POST', '/api/integracao/mercadolivre/retorno', outro, corpo);
    expect([alheio.status, alheio.corpo.data]).toEqual([
      403,
      'A autorização não pertence a esta sessão ou expirou. Clique em Autorizar novamente.',
    ]);
    const adulterado = await chamar('POST', '/api/integracao/mercadolivre/retorno', gestor, { ...corpo, state: `${corpo.state}x` });
    expect(adulterado.status).toBe(400);
    // An inactive record (refused before): authorising in the channel activates it.
    await amb.banco.db
      .insert(revendaIntegracoes)
      .values({ revenda_id: amb.ids.revendaA, canal: 'mercadolivre', descricao: 'Mercado Livre', status: false });
    const r = await chamar('POST', '/api/integracao/mercadolivre/retorno', gestor, corpo);
    expect(r.corpo).toEqual({ status: 'success', data: { id_revenda: amb.ids.revendaA, mensagem: 'Conta do Mercado Livre conectada.' } });
    expect(await naLista('mercadolivre')).toMatchObject({ status: true, ultimo_erro: null, segredos_salvos: ['code_ml'] });
    const s = await segredos('mercadolivre');
    expect(Object.keys(s).sort()).toEqual(['access_token', 'refresh_token']);
  });

  it('OLX: admin only; a cancelled consent is a clear refusal', async () => {
    expect((await chamar('GET', `/api/revendas/${amb.ids.revendaA}/integracoes/olx/autorizacao`, gestor)).status).toBe(403);
    const a = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/integracoes/olx/autorizacao`, admin);
    const { url } = a.corpo.data as { url: string };
    expect(new URL(url).pathname).toBe('/sandbox/olx/auth/oauth');
    const state = new URL(url).searchParams.get('state');
    const r = await chamar('POST', '/api/integracao/olx/retorno', admin, { state, error: 'access_denied' });
    expect([r.status, r.corpo.data]).toEqual([422, 'A autorização foi cancelada no canal.']);
    // The state of one channel does not complete another.
    expect((await chamar('POST', '/api/integracao/mercadolivre/retorno', admin, { state, code: 'x' })).status).toBe(403);
  });
});

describe('token renewal (item 4)', () => {
  const vencer = async (canal: string) =>
    amb.banco.db
      .update(revendaIntegracoes)
      .set({ renovar_em: new Date(Date.now() - 1000) })
      .where(and(eq(revendaIntegracoes.revenda_id, amb.ids.revendaA), eq(revendaIntegracoes.canal, canal)));

  it('not due: nothing is spent', async () => {
    const antes = await segredos('mercadolivre');
    expect(await amb.renovacao.renovar(amb.ids.revendaA, 'mercadolivre')).toBe('em_dia');
    expect(await segredos('mercadolivre')).toEqual(antes);
  });

  it('two renewers at once (two instances on PostgreSQL): the refresh token is spent once and the new pair stored', async () => {
    await vencer('mercadolivre');
    const antes = await segredos('mercadolivre');
    // A second instance: its own connection pool on the same database (PGlite: the same process, one database).
    const segundoBanco = amb.url ? await abrirBanco({ databaseUrl: amb.url }) : null;
    const outra: RenovacaoService = criarRenovacaoService({
      db: segundoBanco?.db ?? amb.banco.db,
      cofre: amb.cofre,
      canais: amb.config.canais,
      publicUrl: amb.config.publicUrl,
      origemInterna: () => base,
      intervaloEsperaMs: 20,
    });
    try {
      const situacoes = await Promise.all([
        amb.renovacao.renovar(amb.ids.revendaA, 'mercadolivre'),
        outra.renovar(amb.ids.revendaA, 'mercadolivre'),
      ]);
      expect(situacoes.sort()).toEqual(['em_dia', 'renovado']);
    } finally {
      await segundoBanco?.fechar();
    }
    const depois = await segredos('mercadolivre');
    expect(depois.refresh_token).not.toBe(antes.refresh_token);
    expect(depois.access_token).not.toBe(antes.access_token);
    const linha = await registro('mercadolivre');
    expect([linha?.status, linha?.renovacao_por, linha?.ultimo_erro]).toEqual([true, null, null]);
    expect(linha?.renovar_em?.getTime()).toBeGreaterThan(Date.now() + 4 * 3600_000);
    // The old refresh token was spent at the channel: using it again is refused.
    const velho = await fetch(`${base}/sandbox/mercadolivre/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'intermedio-sandbox',
        client_secret: 'segredo-sandbox',
        refresh_token: antes.refresh_token ?? '',
      }),
    });
    expect(velho.status).toBe(400);
  });

  it('a token refused (401) after another call already renewed it is not renewed again: the stored one is used', async () => {
    // Two publishing operations read the same access token; both get 401. The first renews it...
    const lido = await segredos('mercadolivre');
    expect(await amb.renovacao.renovar(amb.ids.revendaA, 'mercadolivre', { forcar: true, recusados: lido })).toBe('renovado');
    const renovado = await segredos('mercadolivre');
    expect(renovado.access_token).not.toBe(lido.access_token);
    // ...the second asks with the token it was refused: the channel is not asked, the stored pair stays.
    expect(await amb.renovacao.renovar(amb.ids.revendaA, 'mercadolivre', { forcar: true, recusados: lido })).toBe('em_dia');
    expect(await segredos('mercadolivre')).toEqual(renovado);
    expect((await registro('mercadolivre'))?.renovacao_por).toBeNull();
    // The stored access token itself refused (whatever else differs): renewed.
    const recusado = { ...renovado, refresh_token: 'lido-antes-de-outra-gravacao' };
    expect(await amb.renovacao.renovar(amb.ids.revendaA, 'mercadolivre', { forcar: true, recusados: recusado })).toBe('renovado');
    expect((await segredos('mercadolivre')).access_token).not.toBe(renovado.access_token);
  });

  it('the background job renews every record due (Webmotors hash, Keycloak tokens)', async () => {
    await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/integracoes/webmotors`, gestor, {
      status: true,
      cnpj: '12345678000195',
      email_webmotors: 'loja@autodemo.test',
      senha_webmotors: 's',
    });
    await chamar('POST', '/api/integracao/webmotors/configurar', gestor, {
      id_revenda: amb.ids.revendaA,
      cnpj_revenda: '12345678000195',
      email_webmotors: 'loja@autodemo.test',
    });
    await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/integracoes/icarros`, gestor, {
      status: true,
      email_icarros: 'loja@autodemo.test',
      senha_icarros: 's',
    });
    await chamar('POST', '/api/integracao/icarros/configurar', gestor, {
      id_revenda: amb.ids.revendaA,
      email_icarros: 'loja@autodemo.test',
    });
    const hash = (await segredos('webmotors')).hash_autenticacao;
    const refresh = (await segredos('icarros')).refresh_token;
    expect(hash).toMatch(/^WM/);
    await vencer('webmotors');
    await vencer('icarros');
    // The pg-boss job, scheduled every 5 minutes on this database, runs the same renewal.
    expect(await amb.tarefas.agendas()).toContainEqual({ nome: 'canais-renovar-tokens', cron: '*/5 * * * *' });
    await amb.tarefas.executar('canais-renovar-tokens');
    expect((await segredos('webmotors')).hash_autenticacao).not.toBe(hash);
    expect((await segredos('icarros')).refresh_token).not.toBe(refresh);
    expect((await registro('icarros'))?.status).toBe(true);
  });

  it('a renewal the channel refuses turns the integration inactive, with the reason in the list (item 7)', async () => {
    // The stored login is refused by the realm and the refresh token is already spent.
    const linha = await registro('icarros');
    await amb.banco.db
      .update(revendaIntegracoes)
      .set({
        config: { ...(linha?.config ?? {}), email_icarros: 'recusar@autodemo.test' },
        segredos: amb.cofre.cifrar({ ...(await segredos('icarros')), refresh_token: 'kc-icarros-R-recusar' }),
      })
      .where(and(eq(revendaIntegracoes.revenda_id, amb.ids.revendaA), eq(revendaIntegracoes.canal, 'icarros')));
    await vencer('icarros');
    expect(await amb.renovacao.renovar(amb.ids.revendaA, 'icarros')).toBe('recusado');
    expect(await naLista('icarros')).toMatchObject({
      status: false,
      ultimo_erro: 'iCarros recusou a renovação do acesso (Invalid user credentials). Configure a integração de novo.',
      verificado_em: expect.any(String),
    });
    // An inactive record is not renewed any more.
    expect(await amb.renovacao.renovar(amb.ids.revendaA, 'icarros')).toBe('ignorado');
  });
});

describe('Facebook and Instagram (item 6)', () => {
  it('a revocation the network refuses still deactivates locally and says so', async () => {
    const id_revenda = amb.ids.revendaA;
    await chamar('POST', '/api/integracao/facebook/configurar', gestor, { id_revenda, access_token: 'sbx.demo.1' });
    // The network no longer knows the stored token.
    await amb.banco.db
      .update(revendaIntegracoes)
      .set({ segredos: amb.cofre.cifrar({ user_token: 'revogado-fora' }) })
      .where(and(eq(revendaIntegracoes.revenda_id, id_revenda), eq(revendaIntegracoes.canal, 'facebook')));
    const r = await chamar('POST', '/api/integracao/facebook/disallow', gestor, { id_revenda });
    expect(r.status).toBe(200);
    expect(r.corpo.data).toBe(
      'Acesso desativado no painel, mas o Facebook não confirmou o cancelamento (Facebook recusou as credenciais informadas (Invalid OAuth access token.).). Remova o aplicativo Intermédio nas configurações do Facebook.',
    );
    const linha = await registro('facebook');
    expect([linha?.status, linha?.segredos]).toEqual([false, null]);
    expect((await naLista('facebook'))?.ultimo_erro).toContain('Invalid OAuth access token.');
  });

  it('the browser and the server use the same Graph address (configured or sandbox)', async () => {
    const r = await chamar('GET', '/api/integracao/social/config', gestor);
    expect(r.corpo.data).toMatchObject({ graphUrl: '/sandbox/facebook/v20.0', dialogUrl: '/sandbox/facebook/dialog/oauth' });
    const outro = await criarAmbiente({ CANAL_FACEBOOK_URL: `${base}/sandbox/facebook/` });
    try {
      const c = await outro.entrar('gestorA');
      const cfg = await outro.app.inject({ method: 'GET', url: '/api/integracao/social/config', headers: { cookie: c?.cookie ?? '' } });
      expect(cfg.json().data).toMatchObject({ graphUrl: `${base}/sandbox/facebook/v20.0`, sandbox: true });
      expect([outro.config.canais.porCanal.facebook.url, outro.config.canais.porCanal.instagram.url]).toEqual([
        `${base}/sandbox/facebook`,
        `${base}/sandbox/facebook`,
      ]);
    } finally {
      await outro.encerrar();
    }
  });
});
