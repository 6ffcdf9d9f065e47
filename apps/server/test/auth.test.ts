import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuarios } from '../src/db/schema/index.ts';
import { type Ambiente, cabecalhos, criarAmbiente, login } from './ajuda/ambiente.ts';

let amb: Ambiente;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(() => amb.encerrar());

const entrar = (email: string, senha: string, ip = '10.0.0.1') =>
  amb.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha }, remoteAddress: ip });

describe('sign-in (spec 1 §2)', () => {
  it('signs an admin in with a HttpOnly, SameSite=Lax session cookie and answers usuarioLogado', async () => {
    const r = await entrar('admin@intermedio.test', 'demo1234');
    expect(r.statusCode).toBe(200);
    const corpo = r.json();
    expect(corpo.status).toBe('success');
    expect(corpo.data.usuario).toEqual({ id: amb.ids.admin, role: 'admin', revenda: null, nome: 'Administrador Demo' });
    expect(corpo.data.csrf).toMatch(/^[\w-]{20,}$/);
    // The demo admin's empresa is ff: it may choose the basico plan on include (spec 1 §5).
    expect(corpo.data.planoBasico).toBe(true);
    const cookie = r.cookies.find((c) => c.name === 'intermedio_sessao');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(r.headers['set-cookie']).not.toContain('senha');
  });

  it('signs a gestor in with its reseller, e-mail case-insensitively', async () => {
    const r = await entrar('  Gestor@AutoDemo.test ', 'demo1234');
    expect(r.statusCode).toBe(200);
    expect(r.json().data.usuario).toMatchObject({ role: 'gestor', revenda: amb.ids.revendaA, nome: 'Gestor Auto Demo' });
    expect(r.json().data.planoBasico).toBe(false);
  });

  it.each([
    ['wrong password', 'admin@intermedio.test', 'errada'],
    ['unknown e-mail', 'ninguem@intermedio.test', 'demo1234'],
    ['client role', 'cliente@autodemo.test', 'demo1234'],
    ['inactive gestor', 'inativo@autodemo.test', 'demo1234'],
    ['empty fields', '', ''],
  ])('refuses %s with the one failure message', async (_caso, email, senha) => {
    const r = await entrar(email, senha, `10.1.0.${Math.floor(Math.random() * 250)}`);
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ status: 'error', data: 'E-mail e/ou senha inválidos.' });
    expect(r.cookies.find((c) => c.name === 'intermedio_sessao')).toBeUndefined();
  });

  it('answers 400 in Portuguese, not 500, to a malformed body', async () => {
    const r = await amb.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 5 } });
    expect(r.statusCode).toBe(400);
    expect(r.json().status).toBe('error');
    expect(r.json().data).toContain('Dados inválidos');
    const texto = await amb.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{nada',
    });
    expect(texto.statusCode).toBe(400);
    expect(texto.body).not.toMatch(/at .*\.ts/);
  });

  it('limits failed attempts per e-mail and address, then refuses even the right password there for a while', async () => {
    for (let i = 0; i < 5; i++) expect((await entrar('gestor@motosbasico.test', 'x', '10.2.0.1')).statusCode).toBe(401);
    const bloqueado = await entrar('gestor@motosbasico.test', 'demo1234', '10.2.0.1');
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json().data).toBe('Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.');
  });

  it('limits failed attempts per address across e-mails', async () => {
    for (let i = 0; i < 20; i++) await entrar(`x${i}@ataque.test`, 'x', '10.3.0.1');
    expect((await entrar('admin@intermedio.test', 'demo1234', '10.3.0.1')).statusCode).toBe(429);
    expect((await entrar('admin@intermedio.test', 'demo1234', '10.3.0.2')).statusCode).toBe(200);
  });
});

describe('session', () => {
  it('answers the session with the Solicitações link carrying the user id and the daily hash', async () => {
    const c = await amb.entrar('gestorA');
    const r = await amb.app.inject({ method: 'GET', url: '/api/auth/sessao', headers: cabecalhos(c) });
    expect(r.statusCode).toBe(200);
    const link = new URL(r.json().data.solicitacoesUrl);
    expect(link.searchParams.get('id_usuario')).toBe(amb.ids.gestorA);
    expect(link.searchParams.get('hash')).toMatch(/^[0-9a-f]{32}$/);
    const { locAnuncio, atualizarDados } = r.json().data.linksExternos;
    expect(new URL(locAnuncio).searchParams.get('id_usuario')).toBe(amb.ids.gestorA);
    // Each external site has its own phrase, so its own daily hash.
    expect(new URL(atualizarDados).searchParams.get('hash')).not.toBe(new URL(locAnuncio).searchParams.get('hash'));
  });

  it('Sair ends the session on the server', async () => {
    const c = await amb.entrar('admin');
    const sair = await amb.app.inject({ method: 'POST', url: '/api/auth/logout', headers: cabecalhos(c) });
    expect(sair.statusCode).toBe(200);
    const depois = await amb.app.inject({ method: 'GET', url: '/api/auth/sessao', headers: cabecalhos(c) });
    expect(depois.statusCode).toBe(401);
  });

  it('a user blocked (ativo 0) while signed in is refused at once and its sessions are removed', async () => {
    const c = await login(amb, 'gestor@autodemo.test', 'demo1234', '10.4.0.1');
    const antes = await amb.app.inject({ method: 'GET', url: `/api/revendas/${amb.ids.revendaA}/dashboard`, headers: cabecalhos(c) });
    expect(antes.statusCode).toBe(200);
    await amb.banco.db.update(usuarios).set({ ativo: 0 }).where(eq(usuarios.id, amb.ids.gestorA));
    try {
      const depois = await amb.app.inject({ method: 'GET', url: `/api/revendas/${amb.ids.revendaA}/dashboard`, headers: cabecalhos(c) });
      expect(depois.statusCode).toBe(401);
      await amb.banco.db.update(usuarios).set({ ativo: 1 }).where(eq(usuarios.id, amb.ids.gestorA));
      // Unblocking does not bring the old session back.
      const reativado = await amb.app.inject({ method: 'GET', url: '/api/auth/sessao', headers: cabecalhos(c) });
      expect(reativado.statusCode).toBe(401);
    } finally {
      await amb.banco.db.update(usuarios).set({ ativo: 1 }).where(eq(usuarios.id, amb.ids.gestorA));
    }
  });

  it('refuses a cookie-authenticated write without the CSRF token', async () => {
    const c = await amb.entrar('admin');
    const semToken = await amb.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: c?.cookie } });
    expect(semToken.statusCode).toBe(403);
    expect(semToken.json().data).toBe('Requisição recusada: token de segurança ausente ou inválido. Recarregue a página.');
    const outroToken = await amb.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: c?.cookie, 'x-csrf-token': 'falso' },
    });
    expect(outroToken.statusCode).toBe(403);
    // The session is still valid: the forged request changed nothing.
    expect((await amb.app.inject({ method: 'GET', url: '/api/auth/sessao', headers: cabecalhos(c) })).statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends CSP, nosniff and frame protection, and never a stack trace', async () => {
    const r = await amb.app.inject({ method: 'GET', url: '/api/health' });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    const nf = await amb.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(nf.statusCode).toBe(404);
    expect(nf.json()).toEqual({ status: 'error', data: 'Endereço não encontrado.' });
  });
});
