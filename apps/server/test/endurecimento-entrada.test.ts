import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revendaIntegracoes, revendas, usuarios } from '../src/db/schema/index.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente, ouvir } from './ajuda/ambiente.ts';

const banco = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let amb: Ambiente;
let base: string;
let admin: Credencial | null;
let gestor: Credencial | null;
beforeAll(async () => {
  amb = await criarAmbiente();
  base = await ouvir(amb);
  admin = await amb.entrar('admin');
  gestor = await amb.entrar('gestorA');
});
afterAll(() => amb.encerrar());

const json = (method: 'POST' | 'PUT', url: string, payload: unknown, c: Credencial | null = admin) =>
  amb.app.inject({ method, url, payload: payload as object, headers: cabecalhos(c) });
const revendaAtual = async () => (await amb.banco.db.select().from(revendas).where(eq(revendas.id, amb.ids.revendaA)))[0];
const corpoRevenda = async (extra: Record<string, unknown>) => {
  const r = await revendaAtual();
  return {
    perazao_social_nome: r?.perazao_social_nome,
    penome_fantasia: r?.penome_fantasia,
    peemail: r?.peemail,
    plano: r?.plano,
    versao: r?.updated_at.toISOString(),
    ...extra,
  };
};

describe(`issue 10 item 4: no input reaches the database that the API cannot read back (${banco})`, () => {
  it('an integration body with unknown or nested keys is refused with 400 and the screen still loads', async () => {
    const url = `/api/revendas/${amb.ids.revendaA}/integracoes/meucarronovo`;
    for (const extra of [{ extra: { a: 1 } }, { email_meucarronovo: { $ne: 1 } }, { outro: 'x' }]) {
      const r = await json('PUT', url, { status: true, email_meucarronovo: 'loja@x.test', senha_meucarronovo: 'segredo', ...extra });
      expect(r.statusCode, JSON.stringify(extra)).toBe(400);
      expect(r.json().data).toMatch(/^Dados inválidos/);
    }
    const linhas = await amb.banco.db.select().from(revendaIntegracoes).where(eq(revendaIntegracoes.revenda_id, amb.ids.revendaA));
    expect(linhas.filter((l) => l.canal === 'meucarronovo')).toHaveLength(0);
    expect(
      (await amb.app.inject({ method: 'GET', url: `/api/revendas/${amb.ids.revendaA}/integracoes`, headers: cabecalhos(admin) }))
        .statusCode,
    ).toBe(200);
  });

  it('a string with NUL is refused with 400 on every route, including anonymous sign-in, in the body, query and path', async () => {
    const login = await amb.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@intermedio.test\u0000', senha: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().data).toBe('Dados inválidos: texto com caractere nulo (\\u0000).');
    const antes = await revendaAtual();
    const put = await json('PUT', `/api/revendas/${amb.ids.revendaA}`, await corpoRevenda({ peobsadm: 'a\u0000b' }));
    expect(put.statusCode).toBe(400);
    expect((await revendaAtual())?.updated_at).toEqual(antes?.updated_at);
    const chave = await json('PUT', `/api/revendas/${amb.ids.revendaA}`, { ...(await corpoRevenda({})), 'x\u0000': 1 });
    expect(chave.statusCode).toBe(400);
    const consulta = await amb.app.inject({ method: 'GET', url: '/api/revendas?plano=%00', headers: cabecalhos(admin) });
    expect(consulta.statusCode).toBe(400);
    const caminho = await amb.app.inject({ method: 'GET', url: `/api/senha/redefinicao/abcdefghijkl%00`, headers: {} });
    expect(caminho.statusCode).toBe(400);
  });
});

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();

async function multipart(url: string, dados: Buffer, c: Credencial | null = gestor, tipo?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(dados)]), 'arquivo.png');
  const r = await fetch(`${base}${url}`, {
    method: 'POST',
    body: form,
    headers: { cookie: c?.cookie ?? '', 'x-csrf-token': c?.csrf ?? '', ...(tipo ? { 'content-type': tipo } : {}) },
  });
  return { status: r.status, data: ((await r.json()) as { data: unknown }).data };
}

describe(`issue 10 item 5: uploads never answer 500 for a bad file (${banco})`, () => {
  it('a logo over the limit is 413 with the limit in the message', async () => {
    const grande = Buffer.concat([await png(10, 10), Buffer.alloc(8 * 1024 * 1024, 1)]);
    const r = await multipart('/api/arquivos/logotipo', grande);
    expect(r).toEqual({ status: 413, data: 'A imagem deve ter no máximo 5 MB.' });
  });

  it('a JSON upload over the route’s body limit is 413 with the limit', async () => {
    const file = `data:image/png;base64,${'A'.repeat(13 * 1024 * 1024)}`;
    const r = await json('POST', '/api/file/upload-imagem-moldura', { id_revenda: amb.ids.revendaA, file }, gestor);
    expect(r.statusCode).toBe(413);
    expect(r.json().data).toBe('O conteúdo enviado é grande demais. O máximo é 11 MB.');
  });

  it('a truncated or corrupt image is 400', async () => {
    const inteira = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    for (const dados of [
      inteira.subarray(0, Math.floor(inteira.length / 2)),
      Buffer.from('não é imagem'),
      (await png(50, 50)).subarray(0, 60),
    ]) {
      const r = await multipart('/api/arquivos/logotipo', dados);
      expect(r.status).toBe(400);
    }
  });

  it('a multipart request without boundary, or an empty one, is 400', async () => {
    for (const url of ['/api/arquivos/logotipo', `/api/revendas/${amb.ids.revendaA}/imagens?tipo=veiculo`]) {
      const r = await fetch(`${base}${url}`, {
        method: 'POST',
        body: '--x\r\nqualquer coisa',
        headers: { cookie: gestor?.cookie ?? '', 'x-csrf-token': gestor?.csrf ?? '', 'content-type': 'multipart/form-data' },
      });
      expect(r.status, url).toBe(400);
      const vazio = await fetch(`${base}${url}`, {
        method: 'POST',
        body: '',
        headers: { cookie: gestor?.cookie ?? '', 'x-csrf-token': gestor?.csrf ?? '', 'content-type': 'multipart/form-data; boundary=abc' },
      });
      expect(vazio.status, url).toBe(400);
    }
  });
});

describe(`issue 10 item 7: a user for a reseller that does not exist (${banco})`, () => {
  it('answers 404, not 500, and creates nothing', async () => {
    const r = await json('POST', '/api/revendas/00000000-0000-4000-8000-000000000000/usuarios', {
      nome: 'Fantasma',
      email: 'fantasma@x.test',
      senha: 'Carro#2026',
      confirmacao: 'Carro#2026',
      role: 'client',
    });
    expect(r.statusCode).toBe(404);
    expect(r.json().data).toBe('Erro ao obter revenda.');
    expect(await amb.banco.db.select().from(usuarios).where(eq(usuarios.email, 'fantasma@x.test'))).toHaveLength(0);
  });
});

describe(`issue 10 item 8: stored image links belong to this storage and this reseller (${banco})`, () => {
  it('refuses any other address for logotipo and the frame images; accepts the reseller’s own uploads or empty', async () => {
    const alheias = [
      'http://169.254.169.254/latest/meta-data/',
      'https://exemplo.com/logo.png',
      `/arquivos/revendas/${amb.ids.revendaB}/moldura/x.png`,
      '/arquivos/../segredo',
      'javascript:alert(1)',
    ];
    for (const campo of ['logotipo', 'imagem_moldura_veiculo', 'imagem_moldura_vendido']) {
      for (const url of alheias) {
        const r = await json('PUT', `/api/revendas/${amb.ids.revendaA}`, await corpoRevenda({ [campo]: url }));
        expect(r.statusCode, `${campo} ${url}`).toBe(400);
        expect(r.json().campos?.[campo], `${campo} ${url}`).toBeTruthy();
      }
    }
    const novo = await json('POST', '/api/revendas', {
      perazao_social_nome: 'X',
      penome_fantasia: 'Loja com logo alheio',
      peemail: 'x@x.test',
      plano: 'vendedor',
      logotipo: 'https://exemplo.com/logo.png',
    });
    expect(novo.statusCode).toBe(400);

    const moldura = await json(
      'POST',
      '/api/file/upload-imagem-moldura',
      { id_revenda: amb.ids.revendaA, file: `data:image/png;base64,${(await png(20, 20)).toString('base64')}` },
      gestor,
    );
    const logo = await multipart(`/api/arquivos/logotipo?revenda=${amb.ids.revendaA}`, await png(40, 20));
    expect(logo.status).toBe(200);
    const r = await json(
      'PUT',
      `/api/revendas/${amb.ids.revendaA}`,
      await corpoRevenda({ imagem_moldura_veiculo: moldura.json().data.fileUrl, logotipo: (logo.data as { fileUrl: string }).fileUrl }),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(
      (await json('PUT', `/api/revendas/${amb.ids.revendaA}`, await corpoRevenda({ logotipo: '', imagem_moldura_veiculo: '' }))).statusCode,
    ).toBe(200);
  });

  it('a gestor cannot upload a logo into another reseller’s folder', async () => {
    const r = await multipart(`/api/arquivos/logotipo?revenda=${amb.ids.revendaB}`, await png(40, 20));
    expect(r.status).toBe(403);
  });
});

describe(`issue 10 item 9: unblocking restores each user's own previous state (${banco})`, () => {
  it('a user inactive before the block stays inactive after it', async () => {
    const url = `/api/revendas/${amb.ids.revendaA}/usuarios/ativo`;
    const estado = async () =>
      Object.fromEntries(
        (
          await amb.banco.db
            .select({ email: usuarios.email, ativo: usuarios.ativo })
            .from(usuarios)
            .where(eq(usuarios.revenda_id, amb.ids.revendaA))
        ).map((u) => [u.email, u.ativo]),
      );
    const antes = await estado();
    expect(antes['inativo@autodemo.test']).toBe(0);
    expect(antes['gestor@autodemo.test']).toBe(1);
    expect((await json('POST', url, { ativo: 0 })).statusCode).toBe(200);
    expect(Object.values(await estado()).every((a) => a === 0)).toBe(true);
    expect((await json('POST', url, { ativo: 0 })).statusCode).toBe(200); // blocking twice loses nothing
    expect((await json('POST', url, { ativo: 1 })).statusCode).toBe(200);
    expect(await estado()).toEqual(antes);
  });
});
