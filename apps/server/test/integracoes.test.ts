import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revendaIntegracoes, veiculos } from '../src/db/schema/index.ts';
import { type Ambiente, type Credencial, criarAmbiente, ouvir } from './ajuda/ambiente.ts';

let amb: Ambiente;
let base: string;
let admin: Credencial | null;
let gestor: Credencial | null;
beforeAll(async () => {
  amb = await criarAmbiente({ CANAIS_TIMEOUT_MS: '400' });
  base = await ouvir(amb);
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
  return {
    status: r.status,
    texto: await r.clone().text(),
    corpo: (await r.json()) as { status: string; data: never; campos?: Record<string, string> },
  };
}
const registro = async (canal: string) =>
  (
    await amb.banco.db
      .select()
      .from(revendaIntegracoes)
      .where(and(eq(revendaIntegracoes.revenda_id, amb.ids.revendaA), eq(revendaIntegracoes.canal, canal)))
  )[0];
const url = (canal = '') => `/api/revendas/${amb.ids.revendaA}/integracoes${canal ? `/${canal}` : ''}`;
const webmotors = { status: true, cnpj: '12345678000195', email_webmotors: 'loja@autodemo.test', senha_webmotors: 'Senha-Secreta-1' };

describe('integration records (spec 1 §3, §4)', () => {
  it('lists the ten channels, none configured at first', async () => {
    const r = await chamar('GET', url(), gestor);
    const lista = r.corpo.data as { canal: string; configurado: boolean; status: null; so_admin: boolean }[];
    expect(lista.map((i) => i.canal)).toEqual([
      'autoline',
      'autoscar',
      'facebook',
      'icarros',
      'instagram',
      'mercadolivre',
      'mobiauto',
      'meucarronovo',
      'olx',
      'webmotors',
    ]);
    expect(lista.every((i) => !i.configurado && i.status === null)).toBe(true);
    expect(lista.filter((i) => i.so_admin).map((i) => i.canal)).toEqual(['autoscar', 'olx']);
  });

  it('keeps the password encrypted at rest and never answers it', async () => {
    const r = await chamar('PUT', url('webmotors'), gestor, webmotors);
    expect(r.status, r.texto).toBe(200);
    expect(r.texto).not.toContain('Senha-Secreta-1');
    expect(r.corpo.data).toMatchObject({
      configurado: true,
      status: true,
      dados: { cnpj: '12345678000195', email_webmotors: 'loja@autodemo.test' },
      segredos_salvos: ['senha_webmotors'],
    });
    const linha = await registro('webmotors');
    expect(JSON.stringify(linha)).not.toContain('Senha-Secreta-1');
    expect(amb.cofre.decifrar(linha?.segredos ?? '')).toEqual({ senha_webmotors: 'Senha-Secreta-1' });
    expect((await chamar('GET', url(), gestor)).texto).not.toContain('Senha-Secreta-1');
  });

  it('sets created_id / created_at on the first save only; an empty password keeps the stored one', async () => {
    const antes = await registro('webmotors');
    const r = await chamar('PUT', url('webmotors'), admin, { ...webmotors, senha_webmotors: '', status: false });
    expect(r.status).toBe(200);
    const depois = await registro('webmotors');
    expect(depois?.created_id).toBe(antes?.created_id);
    expect(depois?.created_at.toISOString()).toBe(antes?.created_at.toISOString());
    expect(depois?.updated_id).toBe(amb.ids.admin);
    expect(depois?.status).toBe(false);
    expect(amb.cofre.decifrar(depois?.segredos ?? '')).toEqual({ senha_webmotors: 'Senha-Secreta-1' });
  });

  it.each([
    [
      'webmotors',
      { status: true, cnpj: '12.345', email_webmotors: 'loja', senha_webmotors: 'x' },
      { cnpj: 'CNPJ inválido', email_webmotors: 'E-mail inválido' },
    ],
    ['autoscar', { status: true, id_autoscar: '0' }, { id_autoscar: 'Número inválido' }],
    ['icarros', { status: true, email_icarros: '', senha_icarros: '' }, { email_icarros: 'Preenchimento obrigatório' }],
  ])('validates %s with the spec messages', async (canal, corpo, campos) => {
    const r = await chamar('PUT', url(canal), admin, corpo);
    expect(r.status).toBe(400);
    expect(r.corpo.campos).toMatchObject(campos);
  });

  it('a new channel without a password is refused ("Preenchimento obrigatório")', async () => {
    const r = await chamar('PUT', url('autoline'), gestor, { status: true, email_autoline: 'loja@autodemo.test', senha_autoline: '' });
    expect(r.status).toBe(400);
    expect(r.corpo.campos).toEqual({ senha_autoline: 'Preenchimento obrigatório' });
  });

  it('Autoscar and Olx are admin-only, Mercado Livre admits the reseller user', async () => {
    expect((await chamar('PUT', url('autoscar'), gestor, { status: true, id_autoscar: '1' })).status).toBe(403);
    expect((await chamar('GET', url('olx'), gestor)).status).toBe(403);
    const ml = await chamar('POST', '/api/integracao/mercadolivre/configurar', gestor, { id_revenda: amb.ids.revendaA, code_ml: 'TG-1' });
    expect(ml.status, ml.texto).toBe(200);
    // Mercado Livre is called first; the record exists only after success.
    expect((await registro('mercadolivre'))?.status).toBe(true);
  });
});

describe('POST /api/integracao/{canal}/configurar (spec 1 §7)', () => {
  it('checks the stored credentials with the channel', async () => {
    await chamar('PUT', url('webmotors'), gestor, webmotors);
    const r = await chamar('POST', '/api/integracao/webmotors/configurar', gestor, {
      api_key: 'qualquer',
      id_revenda: amb.ids.revendaA,
      cnpj_revenda: webmotors.cnpj,
      email_webmotors: webmotors.email_webmotors,
      senha_webmotors: '',
      usuario: amb.ids.gestorA,
    });
    expect(r.corpo).toEqual({ status: 'success', data: 'Autenticado na Webmotors.' });
    expect((await registro('webmotors'))?.status).toBe(true);
    expect(Object.keys(amb.cofre.decifrar<object>((await registro('webmotors'))?.segredos ?? ''))).toEqual([
      'senha_webmotors',
      'hash_autenticacao',
    ]);
  });

  it('a refusal answers the reason and sets the status back to false', async () => {
    const r = await chamar('POST', '/api/integracao/webmotors/configurar', gestor, {
      id_revenda: amb.ids.revendaA,
      cnpj_revenda: webmotors.cnpj,
      email_webmotors: 'recusar@autodemo.test',
    });
    expect(r.status).toBe(422);
    expect(r.corpo).toEqual({ status: 'error', data: 'Webmotors recusou as credenciais informadas (autenticação recusada (código 31)).' });
    expect((await registro('webmotors'))?.status).toBe(false);
  });

  it('a channel that does not answer in time is a 502 with a clear message', async () => {
    await chamar('PUT', url('meucarronovo'), gestor, { status: true, email_meucarronovo: 'loja', senha_meucarronovo: 's' });
    const r = await chamar('POST', '/api/integracao/meucarronovo/configurar', gestor, {
      id_revenda: amb.ids.revendaA,
      email_meucarronovo: 'travar',
      senha_meucarronovo: 's',
    });
    expect(r.status).toBe(502);
    expect(r.corpo.data).toBe('Na Pista não respondeu (tempo esgotado após 0,4 s). Tente novamente em alguns minutos.');
    expect((await registro('meucarronovo'))?.status).toBe(false);
  });

  it('an empty code with none stored is refused before calling the channel', async () => {
    const r = await chamar('POST', '/api/integracao/olx/configurar', admin, { id_revenda: amb.ids.revendaA, code_olx: '' });
    expect(r.status).toBe(400);
    expect(r.corpo.campos).toEqual({ code_olx: 'Preenchimento obrigatório' });
  });

  it('refuses a usuario in the body that is not the session user', async () => {
    const r = await chamar('POST', '/api/integracao/icarros/configurar', gestor, {
      id_revenda: amb.ids.revendaA,
      email_icarros: 'loja@autodemo.test',
      senha_icarros: 's',
      usuario: amb.ids.admin,
    });
    expect(r.status).toBe(403);
    expect(r.corpo.data).toBe('O usuário informado não é o usuário da sessão.');
  });
});

describe('Facebook and Instagram (spec 1 §4, §7)', () => {
  it('authorise, link a page, then cancel', async () => {
    const id_revenda = amb.ids.revendaA;
    const cfg = await chamar('POST', '/api/integracao/facebook/configurar', gestor, {
      id_revenda,
      access_token: 'sbx.demo.123',
      usuario: amb.ids.gestorA,
    });
    expect(cfg.corpo).toEqual({ status: 'success', data: { user_id: '900000000000001', nome: 'Usuário Demo' } });
    const pag = await chamar('POST', '/api/integracao/facebook/configurar-pagina', gestor, {
      id_revenda,
      page_id: '100000000000001',
      page_name: 'Auto Demo Veículos',
      page_access_token: 'sbxpage.100000000000001',
    });
    expect(pag.status, pag.texto).toBe(200);
    const fb = (await chamar('GET', url('facebook'), gestor)).corpo.data as { status: boolean; dados: Record<string, string> };
    expect(fb.status).toBe(true);
    expect(fb.dados).toMatchObject({ page_id: '100000000000001', page_name: 'Auto Demo Veículos' });
    expect(JSON.stringify(fb)).not.toContain('sbxpage');

    const cancelar = await chamar('POST', '/api/integracao/facebook/disallow', gestor, { id_revenda });
    expect(cancelar.corpo).toEqual({ status: 'success', data: 'Acesso cancelado.' });
    const depois = await registro('facebook');
    expect([depois?.status, depois?.segredos, (depois?.config as Record<string, unknown> | undefined)?.page_id]).toEqual([
      false,
      null,
      undefined,
    ]);
  });

  it('authorised without a page / account is not active: the record says what is missing, a write and a send are refused (issue 23 item 9)', async () => {
    const id_revenda = amb.ids.revendaA;
    const [veiculo] = await amb.banco.db.select({ id: veiculos.id }).from(veiculos).where(eq(veiculos.revenda_id, id_revenda)).limit(1);
    const pendentes = {
      facebook: 'Autorizado: escolha a página do Facebook para ativar.',
      instagram: 'Autorizado: escolha a conta do Instagram para ativar.',
    };
    for (const canal of ['facebook', 'instagram'] as const) {
      const cfg = await chamar('POST', `/api/integracao/${canal}/configurar`, gestor, { id_revenda, access_token: 'sbx.demo.123' });
      expect(cfg.status, cfg.texto).toBe(200);
      const lido = (await chamar('GET', url(canal), gestor)).corpo.data;
      expect(lido).toMatchObject({ configurado: true, status: false, pendencia: pendentes[canal] });
      const naLista = ((await chamar('GET', url(), gestor)).corpo.data as { canal: string }[]).find((i) => i.canal === canal);
      expect(naLista).toMatchObject({ status: false, pendencia: pendentes[canal] });
      const ativar = await chamar('PUT', url(canal), admin, { status: true });
      expect([ativar.status, ativar.corpo.data]).toEqual([400, pendentes[canal]]);
      const envio = await chamar('POST', `/api/integracao/${canal}/incluir`, gestor, { id_veiculo: veiculo?.id });
      expect(envio.status, envio.texto).toBe(422);
      expect(String(envio.corpo.data)).toMatch(/não está ativa/);
    }
    // A record left with status true and no page (authorised before this fix) reads as not active too.
    await amb.banco.db
      .update(revendaIntegracoes)
      .set({ status: true })
      .where(and(eq(revendaIntegracoes.revenda_id, id_revenda), eq(revendaIntegracoes.canal, 'instagram')));
    expect((await chamar('GET', url('instagram'), gestor)).corpo.data).toMatchObject({ status: false, pendencia: pendentes.instagram });
    // Choosing the page activates it and nothing is missing any more.
    const pag = await chamar('POST', '/api/integracao/facebook/configurar-pagina', gestor, {
      id_revenda,
      page_id: '100000000000001',
      page_name: 'Auto Demo Veículos',
      page_access_token: 'sbxpage.100000000000001',
    });
    expect(pag.status, pag.texto).toBe(200);
    expect((await chamar('GET', url('facebook'), gestor)).corpo.data).toMatchObject({ status: true, pendencia: null });
    // Authorising again keeps the stored page: still active.
    await chamar('POST', '/api/integracao/facebook/configurar', gestor, { id_revenda, access_token: 'sbx.demo.124' });
    expect((await chamar('GET', url('facebook'), gestor)).corpo.data).toMatchObject({ status: true, pendencia: null });
    for (const canal of ['facebook', 'instagram'] as const)
      await chamar('POST', `/api/integracao/${canal}/disallow`, gestor, { id_revenda });
  });

  it('status true on a social network comes only from authorising: a record write asking for it without a token is refused', async () => {
    // After the cancellation above, Facebook has a record with status false and no token.
    const r = await chamar('PUT', url('facebook'), gestor, { status: true });
    expect(r.status).toBe(400);
    expect(r.corpo.data).toBe('O Facebook e o Instagram ficam ativos ao autorizar o acesso na tela do canal (botão Autorizar acesso).');
    expect((await registro('facebook'))?.status).toBe(false);
    expect((await chamar('PUT', url('facebook'), admin, { status: false })).status).toBe(200);
  });

  it('an Instagram account id that does not exist is refused and the status stays false', async () => {
    const id_revenda = amb.ids.revendaA;
    await chamar('POST', '/api/integracao/instagram/configurar', gestor, { id_revenda, access_token: 'sbx.sempaginas.1' });
    const r = await chamar('POST', '/api/integracao/instagram/configurar-pagina', gestor, {
      id_revenda,
      page_id: '17849999999999999',
      page_name: '',
    });
    expect(r.status).toBe(422);
    expect((await registro('instagram'))?.status).toBe(false);
    const ok = await chamar('POST', '/api/integracao/instagram/configurar-pagina', gestor, {
      id_revenda,
      page_id: '17841400000000001',
      page_name: 'autodemoveiculos',
    });
    expect(ok.status).toBe(200);
    expect((await registro('instagram'))?.status).toBe(true);
  });

  it('cancelling a channel that was never configured is an error, not an empty success', async () => {
    const r = await chamar('POST', '/api/integracao/instagram/disallow', await amb.entrar('gestorB'), { id_revenda: amb.ids.revendaB });
    expect(r.status).toBe(409);
  });

  it('the browser gets the sandbox dialog and Graph addresses', async () => {
    const r = await chamar('GET', '/api/integracao/social/config', gestor);
    expect(r.corpo.data).toMatchObject({ dialogUrl: '/sandbox/facebook/dialog/oauth', graphUrl: '/sandbox/facebook/v20.0', sandbox: true });
  });

  it('the sandbox dialog returns the token in the fragment with the state, only to this server', async () => {
    const q = new URLSearchParams({
      redirect_uri: `${base}/integracao/configurar-facebook`,
      state: amb.ids.revendaA,
      client_id: 'intermedio-sandbox',
      conta: 'demo',
      decisao: 'autorizar',
    });
    const r = await fetch(`${base}/sandbox/facebook/dialog/decidir?${q}`, { redirect: 'manual' });
    expect(r.headers.get('location')).toMatch(
      new RegExp(
        `/integracao/configurar-facebook#access_token=sbx\\.demo\\.\\w+&token_type=bearer&expires_in=5183944&state=${amb.ids.revendaA}$`,
      ),
    );
    q.set('redirect_uri', 'https://evil.test/x');
    expect((await fetch(`${base}/sandbox/facebook/dialog/decidir?${q}`, { redirect: 'manual' })).status).toBe(400);
  });
});
