import { MENSAGENS } from '@intermedio/contracts';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criarAuthService } from '../src/auth/auth.service.ts';
import { sessoes, tentativasLogin, usuarios } from '../src/db/schema/index.ts';
import { usuariosRepository } from '../src/modules/usuarios/usuarios.repository.ts';
import { criarSeloDispositivo } from '../src/seguranca/dispositivo.ts';
import { gerarHashSenha } from '../src/seguranca/senha.ts';
import { hashToken } from '../src/seguranca/tokens.ts';
import { type Ambiente, cabecalhos, criarAmbiente, login } from './ajuda/ambiente.ts';
import { consultasDurante } from './ajuda/consultas.ts';

const banco = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let amb: Ambiente;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(() => amb.encerrar());

const entrar = (email: string, senha: string, ip: string, headers: Record<string, string> = {}, a: Ambiente = amb) =>
  a.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha }, remoteAddress: ip, headers });
const sessoesDe = async (id: string) => (await amb.banco.db.select().from(sessoes).where(eq(sessoes.usuario_id, id))).length;

describe(`issue 10 item 1: the sign-in limit cannot be raced (${banco})`, () => {
  it('30 simultaneous wrong attempts for one e-mail try the password at most 5 times', async () => {
    const r = await Promise.all(Array.from({ length: 30 }, () => entrar('gestor@motosbasico.test', 'errada', '10.10.0.1')));
    const status = r.map((x) => x.statusCode);
    expect(status.filter((s) => s === 401)).toHaveLength(5);
    expect(status.filter((s) => s === 429)).toHaveLength(25);
    // Refused attempts record nothing: the pair's rows stay at the limit.
    const linhas = await amb.banco.db.select().from(tentativasLogin).where(like(tentativasLogin.chave, 'par:gestor@motosbasico.test|%'));
    expect(linhas).toHaveLength(5);
  });

  it('X-Forwarded-For is ignored unless TRUST_PROXY is set: one socket cannot pose as many addresses', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await entrar(`x${i}@ataque.test`, 'x', '10.11.0.1', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(401);
    }
    const r = await entrar('admin@intermedio.test', 'demo1234', '10.11.0.1', { 'x-forwarded-for': '198.51.100.7' });
    expect(r.statusCode).toBe(429);
  });

  it('with TRUST_PROXY=1 the address comes from the proxy-added X-Forwarded-For entry', { timeout: 90_000 }, async () => {
    const outro = await criarAmbiente({ TRUST_PROXY: '1' });
    try {
      for (let i = 0; i < 20; i++) {
        await entrar(`x${i}@ataque.test`, 'x', '10.0.0.2', { 'x-forwarded-for': `spoof, 203.0.113.50` }, outro);
      }
      expect((await entrar('admin@intermedio.test', 'demo1234', '10.0.0.2', { 'x-forwarded-for': '203.0.113.50' }, outro)).statusCode).toBe(
        429,
      );
      // Another client behind the same proxy is not affected; only the entry the proxy added counts.
      expect(
        (await entrar('admin@intermedio.test', 'demo1234', '10.0.0.2', { 'x-forwarded-for': '203.0.113.50, 203.0.113.51' }, outro))
          .statusCode,
      ).toBe(200);
    } finally {
      await outro.encerrar();
    }
  });
});

describe(`issue 10 item 2: nobody can lock the real owner out (${banco})`, () => {
  it("failures from a stranger's address do not lock the owner's address", async () => {
    for (let i = 0; i < 6; i++) await entrar('admin@intermedio.test', 'errada', '10.12.0.66');
    expect((await entrar('admin@intermedio.test', 'demo1234', '10.12.0.66')).statusCode).toBe(429);
    expect((await entrar('admin@intermedio.test', 'demo1234', '10.12.0.1')).statusCode).toBe(200);
  });

  it('a slower per-e-mail limit across addresses, which a completed password reset clears', async () => {
    const email = 'gestor@motosbasico.test'; // already 5 failures from the race above
    for (let i = 0; i < 15; i++) expect((await entrar(email, 'errada', `10.13.0.${i}`)).statusCode).toBe(401);
    expect((await entrar(email, 'demo1234', '10.13.1.1')).statusCode).toBe(429);

    const [u] = await amb.banco.db.select().from(usuarios).where(eq(usuarios.email, email));
    const token = 'token-de-redefinicao-do-teste-1234567890';
    await usuariosRepository.criarRedefinicao(amb.banco.db, u?.id ?? '', hashToken(token), new Date(Date.now() + 3_600_000));
    const novaSenha = 'Nova#Senha2026';
    const r = await amb.app.inject({
      method: 'POST',
      url: '/api/senha/redefinir',
      payload: { token, senha: novaSenha, confirmacao: novaSenha },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await entrar(email, novaSenha, '10.13.1.1')).statusCode).toBe(200);
  });
});

describe(`issue 10 item 3: sessions follow the user's current role and state (${banco})`, () => {
  it('a gestor demoted to client loses every open session at once', async () => {
    const outro = amb;
    try {
      const gestor = await login(outro, 'gestor@autodemo.test', 'demo1234', '10.14.0.1');
      const admin = await login(outro, 'admin@intermedio.test', 'demo1234', '10.14.0.2');
      const [u] = await outro.banco.db.select().from(usuarios).where(eq(usuarios.id, outro.ids.gestorA));
      const r = await outro.app.inject({
        method: 'PUT',
        url: `/api/revendas/${outro.ids.revendaA}/usuarios/${outro.ids.gestorA}`,
        headers: cabecalhos(admin),
        payload: { nome: 'Gestor Auto Demo', role: 'client', versao: u?.updated_at.toISOString() },
      });
      expect(r.statusCode, r.body).toBe(200);
      expect((await outro.banco.db.select().from(sessoes).where(eq(sessoes.usuario_id, outro.ids.gestorA))).length).toBe(0);
      const depois = await outro.app.inject({
        method: 'PUT',
        url: `/api/revendas/${outro.ids.revendaA}/integracoes/webmotors`,
        headers: cabecalhos(gestor),
        payload: { status: true },
      });
      expect(depois.statusCode).toBe(401);
    } finally {
      await amb.banco.db.update(usuarios).set({ role: 'gestor' }).where(eq(usuarios.id, amb.ids.gestorA));
    }
  });

  it('every request re-checks role and state: a role changed behind the API ends the session on the next request', async () => {
    const gestor = await login(amb, 'gestor@autodemo.test', 'demo1234', '10.15.0.1');
    await amb.banco.db.update(usuarios).set({ role: 'client' }).where(eq(usuarios.id, amb.ids.gestorA));
    try {
      expect((await amb.app.inject({ method: 'GET', url: '/api/auth/sessao', headers: cabecalhos(gestor) })).statusCode).toBe(401);
      expect(await sessoesDe(amb.ids.gestorA)).toBe(0);
    } finally {
      await amb.banco.db.update(usuarios).set({ role: 'gestor' }).where(eq(usuarios.id, amb.ids.gestorA));
    }
  });

  it("blocking the reseller's users ends their sessions at once", async () => {
    await login(amb, 'gestor@autodemo.test', 'demo1234', '10.15.0.2');
    const admin = await login(amb, 'admin@intermedio.test', 'demo1234', '10.15.0.3');
    const url = `/api/revendas/${amb.ids.revendaA}/usuarios/ativo`;
    expect((await amb.app.inject({ method: 'POST', url, headers: cabecalhos(admin), payload: { ativo: 0 } })).statusCode).toBe(200);
    expect(await sessoesDe(amb.ids.gestorA)).toBe(0);
    expect((await amb.app.inject({ method: 'POST', url, headers: cabecalhos(admin), payload: { ativo: 1 } })).statusCode).toBe(200);
  });

  it('deleting the reseller ends its users’ sessions', { timeout: 90_000 }, async () => {
    const outro = await criarAmbiente();
    try {
      const gestor = await login(outro, 'gestor@autodemo.test', 'demo1234', '10.16.0.1');
      const admin = await login(outro, 'admin@intermedio.test', 'demo1234', '10.16.0.2');
      const r = await outro.app.inject({ method: 'DELETE', url: `/api/revendas/${outro.ids.revendaA}`, headers: cabecalhos(admin) });
      expect(r.statusCode).toBe(200);
      expect((await outro.app.inject({ method: 'GET', url: '/api/auth/sessao', headers: cabecalhos(gestor) })).statusCode).toBe(401);
      expect((await outro.banco.db.select().from(sessoes).where(eq(sessoes.usuario_id, outro.ids.gestorA))).length).toBe(0);
    } finally {
      await outro.encerrar();
    }
  });

  it('the session check of a request is one query (session, user and reseller together); a list request makes two', async () => {
    const gestor = await login(amb, 'gestor@autodemo.test', 'demo1234', '10.15.0.4');
    const auth = criarAuthService(amb.banco.db, { sessionTtlHours: 1, secretKey: amb.config.secretKey });
    const token = decodeURIComponent(gestor.cookie.split('=')[1] ?? '');
    for (let i = 0; i < 3; i++) {
      const ids: (string | undefined)[] = [];
      const consultas = await consultasDurante(amb.banco, async () => {
        ids.push((await auth.sessaoDoToken(token))?.usuario.id);
      });
      expect(ids).toEqual([amb.ids.gestorA]);
      expect(consultas).toHaveLength(1);
      expect(consultas[0]).toMatch(/from "sessoes" inner join "usuarios" .* left join "revendas"/);
    }
    // A whole list request: its session and its list, nothing else (no hook, guard or serializer reads the database).
    const lista = await consultasDurante(amb.banco, async () => {
      const r = await amb.app.inject({ method: 'GET', url: `/api/revendas/${amb.ids.revendaA}/usuarios`, headers: cabecalhos(gestor) });
      expect(r.statusCode).toBe(200);
    });
    expect(lista).toHaveLength(2);
    expect(lista[0]).toMatch(/from "sessoes"/);
    expect(lista[1]).toMatch(/json_agg/);
    // …served by the primary keys: with sequential scans priced out, the plan reaches every table by its index.
    const plano = await amb.banco.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select 1 from sessoes s join usuarios u on u.id = s.usuario_id left join revendas r on r.id = u.revenda_id where s.id = ${hashToken(token)} and s.expires_at > now()`,
      );
    });
    const texto = JSON.stringify((plano as unknown as { rows: unknown[] }).rows);
    expect(texto).toMatch(/Index Scan using sessoes_pkey/);
    expect(texto).not.toMatch(/Seq Scan/);
  });
});

describe(`issue 10 item 10: tables stay bounded under a sign-in flood (${banco})`, () => {
  it('a flood of 200 failed sign-ins from one address keeps at most the limits’ worth of rows, and housekeeping empties them', async () => {
    const ip = '10.17.0.1';
    await Promise.all(Array.from({ length: 200 }, (_, i) => entrar(`inundacao${i % 50}@ataque.test`, 'x', ip)));
    const daInundacao = and(like(tentativasLogin.chave, '%inundacao%'));
    const linhas = await amb.banco.db.select().from(tentativasLogin).where(daInundacao);
    expect(linhas.length).toBeLessThanOrEqual(3 * 20);
    await amb.banco.db.update(tentativasLogin).set({ created_at: new Date(Date.now() - 2 * 3_600_000) });
    await amb.tarefas.executar('auth-limpeza');
    expect(await amb.banco.db.select().from(tentativasLogin)).toHaveLength(0);
  });
});

describe(`issue 23 item 6: a browser that signed in before is not locked out with the account (${banco})`, () => {
  const dispositivoDe = (r: Awaited<ReturnType<typeof entrar>>) => r.cookies.find((c) => c.name === 'intermedio_dispositivo');
  const comDispositivo = (valor: string) => ({ cookie: `intermedio_dispositivo=${valor}` });

  it('20 failures from 20 addresses lock untrusted browsers out, not the one with the device cookie of an earlier sign-in', async () => {
    const email = 'admin@intermedio.test';
    const antes = await entrar(email, 'demo1234', '10.23.6.1');
    expect(antes.statusCode).toBe(200);
    const cookie = dispositivoDe(antes);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });
    expect(cookie?.maxAge).toBeGreaterThan(90 * 86_400);
    for (let i = 0; i < 20; i++) expect((await entrar(email, 'errada', `10.23.7.${i}`)).statusCode).toBe(401);
    expect((await entrar(email, 'demo1234', '10.23.6.1')).statusCode).toBe(429);

    const confiavel = await entrar(email, 'demo1234', '10.23.6.2', comDispositivo(cookie?.value ?? ''));
    expect(confiavel.statusCode, confiavel.body).toBe(200);
    expect(dispositivoDe(confiavel)?.value).toMatch(/^v1\./);
    // The account stays locked for everyone else: the owner signing in does not give the guesser new attempts.
    expect((await entrar(email, 'demo1234', '10.23.6.3')).statusCode).toBe(429);
  });

  it('a forged, expired or other-account device cookie does not get past the account lock', async () => {
    const email = 'admin@intermedio.test'; // locked by the test above
    const [admin] = await amb.banco.db.select().from(usuarios).where(eq(usuarios.email, email));
    const outraConta = dispositivoDe(await entrar('gestor@autodemo.test', 'demo1234', '10.23.8.1'))?.value ?? '';
    expect(outraConta).toMatch(/^v1\./);
    const conta = { id: admin?.id ?? '', senha_hash: admin?.senha_hash ?? '' };
    const outraChave = criarSeloDispositivo('outra-chave-secreta-com-mais-de-32-caracteres').emitir(conta);
    const vencido = criarSeloDispositivo(amb.config.secretKey).emitir(conta, Date.now() - 200 * 86_400_000);
    const valido = criarSeloDispositivo(amb.config.secretKey).emitir(conta);
    const adulterado = valido.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`);
    const trocado = valido.replace(conta.id, amb.ids.gestorA);
    for (const valor of [outraConta, outraChave, vencido, adulterado, trocado, 'lixo']) {
      const r = await entrar(email, 'demo1234', '10.23.8.2', comDispositivo(valor));
      expect(r.statusCode, valor).toBe(429);
      expect(r.json().data).toBe(MENSAGENS.loginBloqueado);
    }
    expect((await entrar(email, 'demo1234', '10.23.8.2', comDispositivo(valido))).statusCode).toBe(200);
  });

  it("wrong passwords with a device cookie count against that device (5 in 15 min), not the account's lock", async () => {
    const email = 'gestor@autodemo.test';
    const valor = dispositivoDe(await entrar(email, 'demo1234', '10.23.9.1'))?.value ?? '';
    for (let i = 0; i < 5; i++) expect((await entrar(email, 'errada', '10.23.9.1', comDispositivo(valor))).statusCode).toBe(401);
    const travado = await entrar(email, 'demo1234', '10.23.9.1', comDispositivo(valor));
    expect(travado.statusCode).toBe(429);
    expect(travado.json().data).toBe(MENSAGENS.loginBloqueado);
    // The same browser without that cookie, from the same address: the account and the address were not charged.
    expect((await entrar(email, 'demo1234', '10.23.9.1')).statusCode).toBe(200);
  });

  it("a password change revokes the account's device cookies", async () => {
    const email = 'gestor@autodemo.test';
    const valor = dispositivoDe(await entrar(email, 'demo1234', '10.23.10.1'))?.value ?? '';
    for (let i = 0; i < 20; i++) await entrar(email, 'errada', `10.23.11.${i}`);
    expect((await entrar(email, 'demo1234', '10.23.10.1', comDispositivo(valor))).statusCode).toBe(200);
    const [u] = await amb.banco.db.select().from(usuarios).where(eq(usuarios.email, email));
    await amb.banco.db
      .update(usuarios)
      .set({ senha_hash: await gerarHashSenha('Outra#Senha2026') })
      .where(eq(usuarios.email, email));
    try {
      expect((await entrar(email, 'Outra#Senha2026', '10.23.10.1', comDispositivo(valor))).statusCode).toBe(429);
    } finally {
      await amb.banco.db.update(usuarios).set({ senha_hash: u?.senha_hash }).where(eq(usuarios.email, email));
    }
  });
});
