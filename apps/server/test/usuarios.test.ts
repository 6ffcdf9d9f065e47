import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redefinicoesSenha, usuarios } from '../src/db/schema/index.ts';
import { usuariosRepository } from '../src/modules/usuarios/usuarios.repository.ts';
import { hashToken } from '../src/seguranca/tokens.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente, login } from './ajuda/ambiente.ts';

/** A real SMTP server on loopback that keeps what it receives. */
const recebidos: { para: string; texto: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, sessao, fim) {
    let texto = '';
    stream.on('data', (d) => {
      texto += d;
    });
    stream.on('end', () => {
      recebidos.push({ para: sessao.envelope.rcptTo.map((r) => r.address).join(','), texto });
      fim();
    });
  },
});

let amb: Ambiente;
let gestor: Credencial | null;
beforeAll(async () => {
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  const porta = (smtp.server.address() as AddressInfo).port;
  amb = await criarAmbiente({ SMTP_URL: `smtp://127.0.0.1:${porta}`, PUBLIC_URL: 'http://painel.test' });
  gestor = await amb.entrar('gestorA');
});
afterAll(async () => {
  await amb.encerrar();
  await new Promise<void>((ok) => smtp.close(ok));
});

const url = (sufixo = '') => `/api/revendas/${amb.ids.revendaA}/usuarios${sufixo}`;
const chamar = (metodo: 'GET' | 'POST' | 'PUT' | 'DELETE', u: string, payload?: unknown, c = gestor) =>
  amb.app.inject({ method: metodo, url: u, headers: cabecalhos(c), payload: payload as object });
const novo = { nome: 'Bia Souza', email: 'Bia@AutoDemo.test', senha: 'Carro#2026', confirmacao: 'Carro#2026' };

describe('users of a reseller (spec 1 §2, §5, §8)', () => {
  it('creates a user (role client by default, e-mail in lower case) and lists it', async () => {
    const r = await chamar('POST', url(), novo);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({
      nome: 'Bia Souza',
      email: 'bia@autodemo.test',
      role: 'client',
      revenda: amb.ids.revendaA,
      ativo: 1,
    });
    const lista = (await chamar('GET', url())).json().data.map((u: { email: string }) => u.email);
    expect(lista).toContain('bia@autodemo.test');
    expect(JSON.stringify((await chamar('GET', url())).json())).not.toContain('senha');
  });

  it.each([
    ['duplicate e-mail', { ...novo, email: 'gestor@autodemo.test' }, 409, 'Esta conta de e-mail já está cadastrada no sistema.'],
    ['invalid e-mail', { ...novo, email: 'bia@' }, 400, 'Este endereço de e-mail não é válido.'],
    [
      'weak password',
      { ...novo, email: 'c@autodemo.test', senha: '12345678', confirmacao: '12345678' },
      400,
      'Esta senha é considerada fraca, tente novamente com uma senha mais segura.',
    ],
    ['different confirmation', { ...novo, email: 'd@autodemo.test', confirmacao: 'outra' }, 400, 'As senhas não coincidem'],
    ['missing name', { ...novo, email: 'e@autodemo.test', nome: ' ' }, 400, 'Preenchimento obrigatório'],
  ])('refuses %s with the spec message and creates nothing', async (_caso, corpo, status, mensagem) => {
    const antes = (await amb.banco.db.select().from(usuarios)).length;
    const r = await chamar('POST', url(), corpo);
    expect(r.statusCode).toBe(status);
    expect(Object.values(r.json().campos ?? {}).concat(r.json().data)).toContain(mensagem);
    expect((await amb.banco.db.select().from(usuarios)).length).toBe(antes);
  });

  it('changes name, role and phones but never the e-mail', async () => {
    const versao = async () => (await chamar('GET', url(`/${amb.ids.clienteA}`))).json().data.updated_at;
    const r = await chamar('PUT', url(`/${amb.ids.clienteA}`), {
      versao: await versao(),
      nome: 'Cliente Promovido',
      role: 'gestor',
      email: 'outro@x.test',
      telefone1: '(11) 99999-0000',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({
      nome: 'Cliente Promovido',
      role: 'gestor',
      email: 'cliente@autodemo.test',
      telefone1: '(11) 99999-0000',
    });
    await chamar('PUT', url(`/${amb.ids.clienteA}`), { nome: 'Cliente Auto Demo', role: 'client', versao: await versao() });
  });

  it("a gestor cannot reach another reseller's user through its own reseller's address", async () => {
    const [deB] = await amb.banco.db.select().from(usuarios).where(eq(usuarios.email, 'gestor@motosbasico.test'));
    expect((await chamar('GET', url(`/${deB?.id}`))).statusCode).toBe(404);
    expect((await chamar('DELETE', url(`/${deB?.id}`))).statusCode).toBe(404);
  });

  it('deletes a user, but not oneself', async () => {
    const [bia] = await amb.banco.db.select().from(usuarios).where(eq(usuarios.email, 'bia@autodemo.test'));
    expect((await chamar('DELETE', url(`/${bia?.id}`))).json()).toEqual({ status: 'success', data: null });
    expect((await chamar('GET', url(`/${bia?.id}`))).statusCode).toBe(404);
    const si = await chamar('DELETE', url(`/${amb.ids.gestorA}`));
    expect(si.statusCode).toBe(400);
    expect(si.json().data).toBe('Você não pode remover o seu próprio usuário.');
  });
});

describe('password reset (spec 1 §2, §8)', () => {
  it('mails a single-use link that opens the panel page and sets the new password', async () => {
    const r = await chamar('POST', url(`/${amb.ids.clienteA}/redefinir-senha`));
    expect(r.json()).toEqual({ status: 'success', data: { mensagem: 'Link para alteração de senha enviado a cliente@autodemo.test' } });
    const msg = recebidos.find((m) => m.para === 'cliente@autodemo.test');
    expect(msg?.texto).toContain('Subject: =?UTF-8?Q?Interm=C3=A9dio');
    const token = /http:\/\/painel\.test\/redefinir-senha\/([\w-]+)/.exec(msg?.texto.replace(/=\r?\n/g, '') ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(30);

    const confere = await amb.app.inject({ method: 'GET', url: `/api/senha/redefinicao/${token}` });
    expect(confere.json().data).toEqual({ email: 'cliente@autodemo.test' });
    const fraca = await amb.app.inject({
      method: 'POST',
      url: '/api/senha/redefinir',
      payload: { token, senha: 'abc', confirmacao: 'abc' },
    });
    expect(fraca.statusCode).toBe(400);
    const ok = await amb.app.inject({
      method: 'POST',
      url: '/api/senha/redefinir',
      payload: { token, senha: 'Nova#Senha9', confirmacao: 'Nova#Senha9' },
    });
    expect(ok.json().data.mensagem).toBe('Senha alterada com sucesso! Entre com a nova senha.');
    const denovo = await amb.app.inject({
      method: 'POST',
      url: '/api/senha/redefinir',
      payload: { token, senha: 'Outra#Senha9', confirmacao: 'Outra#Senha9' },
    });
    expect(denovo.statusCode).toBe(400);
    expect(denovo.json().data).toBe('Este link para alteração de senha é inválido ou expirou. Peça um novo link.');
  });

  it('the new password signs in (a gestor) and an expired link is refused', async () => {
    await chamar('POST', url(`/${amb.ids.gestorA}/redefinir-senha`));
    const msg = recebidos.filter((m) => m.para === 'gestor@autodemo.test').at(-1);
    const token = /redefinir-senha\/([\w-]+)/.exec(msg?.texto.replace(/=\r?\n/g, '') ?? '')?.[1] ?? '';
    await amb.banco.db.update(redefinicoesSenha).set({ expires_at: sql`now() - interval '1 minute'` });
    const expirado = await amb.app.inject({
      method: 'POST',
      url: '/api/senha/redefinir',
      payload: { token, senha: 'Nova#Senha9', confirmacao: 'Nova#Senha9' },
    });
    expect(expirado.statusCode).toBe(400);
    await chamar('POST', url(`/${amb.ids.gestorA}/redefinir-senha`));
    const novoToken = /redefinir-senha\/([\w-]+)/.exec(
      recebidos
        .filter((m) => m.para === 'gestor@autodemo.test')
        .at(-1)
        ?.texto.replace(/=\r?\n/g, '') ?? '',
    )?.[1];
    await amb.app.inject({
      method: 'POST',
      url: '/api/senha/redefinir',
      payload: { token: novoToken, senha: 'Painel#2026', confirmacao: 'Painel#2026' },
    });
    await expect(login(amb, 'gestor@autodemo.test', 'Painel#2026', '10.7.0.1')).resolves.toBeTruthy();
    // Changing the password ended the gestor's other sessions.
    expect((await chamar('GET', url())).statusCode).toBe(401);
  });
});

describe('mail without SMTP', () => {
  it('is written as a file under DATA_DIR/emails', async () => {
    const outro = await criarAmbiente();
    try {
      const c = await outro.entrar('admin');
      const r = await outro.app.inject({
        method: 'POST',
        url: `/api/revendas/${outro.ids.revendaA}/usuarios/${outro.ids.clienteA}/redefinir-senha`,
        headers: cabecalhos(c),
      });
      expect(r.statusCode).toBe(200);
      const pasta = path.join(outro.config.dataDir, 'emails');
      const [arquivo] = readdirSync(pasta);
      expect(readFileSync(path.join(pasta, arquivo ?? ''), 'utf8')).toContain('redefinir-senha/');
    } finally {
      await outro.encerrar();
    }
    // A second environment (migrations + demo data) takes ~5 s on a quiet machine, much more on a loaded one.
  }, 90_000);
});

/**
 * PostgreSQL only: a transaction locks the reset link `id`'s row; the answer waits until `n` other sessions wait
 * for a row lock (not the sign-in limit's advisory locks), then commits.
 */
async function segurarLinha(id: string) {
  let liberar = () => {};
  const fim = new Promise<void>((ok) => {
    liberar = ok;
  });
  let travou = () => {};
  const travada = new Promise<void>((ok) => {
    travou = ok;
  });
  const tx = amb.banco.db.transaction(async (t) => {
    await t.execute(sql`select id from redefinicoes_senha where id = ${id} for update`);
    travou();
    await fim;
  });
  await travada;
  return async (n: number) => {
    await expect
      .poll(
        async () => {
          const r = (await amb.banco.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and wait_event <> 'advisory'`,
          )) as unknown as { rows: { n: number }[] };
          return r.rows[0]?.n;
        },
        { timeout: 10_000 },
      )
      .toBe(n);
    liberar();
    await tx;
  };
}

describe('forgot password on the sign-in screen (issue 15)', () => {
  const pedir = (email: unknown, ip = '10.9.8.7') =>
    amb.app.inject({ method: 'POST', url: '/api/senha/esqueci', payload: { email }, remoteAddress: ip });
  const mensagensPara = (email: string) => recebidos.filter((m) => m.para === email).length;
  const RESPOSTA = {
    status: 'success',
    data: { mensagem: 'Se este e-mail pertencer a um usuário ativo do painel, enviaremos a ele um link para alterar a senha.' },
  };

  it('mails a working link to an active panel user, and answers the same for anyone else without mailing them', async () => {
    const antes = { cliente: mensagensPara('cliente@autodemo.test'), inativo: mensagensPara('inativo@autodemo.test') };
    for (const email of ['ninguem@intermedio.test', 'cliente@autodemo.test', 'inativo@autodemo.test']) {
      const r = await pedir(email);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual(RESPOSTA);
    }
    const r = await pedir('  Admin@Intermedio.TEST ');
    expect(r.json()).toEqual(RESPOSTA);
    await expect.poll(() => mensagensPara('admin@intermedio.test')).toBe(1);
    const msg = recebidos.find((m) => m.para === 'admin@intermedio.test');
    const token = /redefinir-senha\/([\w-]+)/.exec(msg?.texto.replace(/=\r?\n/g, '') ?? '')?.[1] ?? '';
    const confere = await amb.app.inject({ method: 'GET', url: `/api/senha/redefinicao/${token}` });
    expect(confere.json().data).toEqual({ email: 'admin@intermedio.test' });
    // The client and the inactive gestor cannot sign in to the panel: no link for them.
    await new Promise((ok) => setTimeout(ok, 300));
    expect(mensagensPara('cliente@autodemo.test')).toBe(antes.cliente);
    expect(mensagensPara('inativo@autodemo.test')).toBe(antes.inativo);
    expect(mensagensPara('ninguem@intermedio.test')).toBe(0);
  });

  it('refuses an empty or malformed e-mail with the field message', async () => {
    const vazio = await pedir('');
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().campos).toMatchObject({ email: 'Preenchimento obrigatório' });
    expect((await pedir('nao-e-email')).statusCode).toBe(400);
  });

  it('simultaneous requests leave exactly one working link, the newest (issue 23 item 5)', async () => {
    const email = 'gestor@motosbasico.test';
    const [u] = await amb.banco.db.select().from(usuarios).where(eq(usuarios.email, email));
    const anterior = hashToken('link-anterior-do-teste-de-concorrencia');
    await usuariosRepository.criarRedefinicao(amb.banco.db, u?.id ?? '', anterior, new Date(Date.now() + 3_600_000));
    const antes = mensagensPara(email);
    // The order in which the links were stored (each call ends once its transaction is committed).
    const gravados: string[] = [];
    const criar = usuariosRepository.criarRedefinicao;
    const espiao = vi.spyOn(usuariosRepository, 'criarRedefinicao').mockImplementation(async (db, id, hash, expira) => {
      await criar(db, id, hash, expira);
      gravados.push(hash);
    });
    // On PostgreSQL the three requests are made to overlap: another transaction holds the previous link's row until
    // all three wait for a lock (PGlite runs one transaction at a time, so there they cannot overlap anyway).
    const soltar = amb.banco.tipo === 'postgres' ? await segurarLinha(anterior) : async () => {};
    try {
      const pedidos = Promise.all([0, 1, 2].map((i) => pedir(email, `10.23.5.${i}`)));
      await soltar(3);
      expect((await pedidos).map((x) => x.statusCode)).toEqual([200, 200, 200]);
      await expect.poll(() => mensagensPara(email)).toBe(antes + 3);
    } finally {
      espiao.mockRestore();
    }
    const tokens = recebidos
      .filter((m) => m.para === email)
      .slice(antes)
      .map((m) => /redefinir-senha\/([\w-]+)/.exec(m.texto.replace(/=\r?\n/g, ''))?.[1] ?? '');
    const validos = [];
    for (const token of tokens) {
      const r = await amb.app.inject({ method: 'GET', url: `/api/senha/redefinicao/${token}` });
      if (r.statusCode === 200) validos.push(token);
      else expect(r.json().data).toBe('Este link para alteração de senha é inválido ou expirou. Peça um novo link.');
    }
    expect(validos).toHaveLength(1);
    expect(gravados).toHaveLength(3);
    expect(hashToken(validos[0] ?? '')).toBe(gravados.at(-1));
  });

  it('limits the requests per e-mail (no mailbox flooding), with a Portuguese message', async () => {
    for (let i = 0; i < 3; i++) expect((await pedir('muitos@intermedio.test', `10.1.1.${i}`)).statusCode).toBe(200);
    const quarto = await pedir('muitos@intermedio.test', '10.1.1.9');
    expect(quarto.statusCode).toBe(429);
    expect(quarto.json().data).toBe('Muitos pedidos de alteração de senha. Aguarde alguns minutos e tente novamente.');
  });
});
