import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente } from './ajuda/ambiente.ts';

const banco = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const CONFLITO = 'Estes dados foram alterados por outra pessoa. Recarregue a página para ver a versão atual.';
let amb: Ambiente;
let admin: Credencial | null;
beforeAll(async () => {
  amb = await criarAmbiente();
  admin = await amb.entrar('admin');
});
afterAll(() => amb.encerrar());

const pedir = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  amb.app.inject({ method, url, headers: cabecalhos(admin), ...(payload ? { payload: payload as object } : {}) });
const dados = async (url: string) => (await pedir('GET', url)).json().data;

/** 50 saves from one snapshot at once: exactly one wins, the others are told and change nothing. */
async function corrida(url: string, corpo: (i: number) => Record<string, unknown>) {
  const r = await Promise.all(Array.from({ length: 50 }, (_, i) => pedir('PUT', url, corpo(i))));
  const status = r.map((x) => x.statusCode);
  expect(
    status.filter((s) => s === 200),
    JSON.stringify(r.find((x) => x.statusCode !== 409 && x.statusCode !== 200)?.body),
  ).toHaveLength(1);
  expect(status.filter((s) => s === 409)).toHaveLength(49);
  expect(r.find((x) => x.statusCode === 409)?.json()).toEqual({ status: 'error', data: CONFLITO });
  return r.find((x) => x.statusCode === 200)?.json().data;
}

describe(`issue 10 item 6: no lost updates (${banco})`, () => {
  it('reseller: 50 concurrent saves from one snapshot → one 200 and 49 × 409; a stale save later is 409 too', async () => {
    const url = `/api/revendas/${amb.ids.revendaA}`;
    const r = await dados(url);
    const base = { perazao_social_nome: r.perazao_social_nome, penome_fantasia: r.penome_fantasia, peemail: r.peemail, plano: r.plano };
    const vencedor = await corrida(url, (i) => ({ ...base, pecidade: `Cidade ${i}`, versao: r.updated_at }));
    expect((await dados(url)).pecidade).toBe(vencedor.pecidade);
    const tardio = await pedir('PUT', url, { ...base, pecidade: 'Atrasada', versao: r.updated_at });
    expect(tardio.statusCode).toBe(409);
    expect((await pedir('PUT', url, { ...base, pecidade: 'Em dia', versao: vencedor.updated_at })).statusCode).toBe(200);
  });

  it('user: 50 concurrent saves → one 200 and 49 × 409', async () => {
    const url = `/api/revendas/${amb.ids.revendaA}/usuarios/${amb.ids.clienteA}`;
    const u = await dados(url);
    const vencedor = await corrida(url, (i) => ({ nome: `Cliente ${i}`, role: 'client', versao: u.updated_at }));
    expect((await dados(url)).nome).toBe(vencedor.nome);
  });

  it('catalogue item: 50 concurrent saves → one 200 and 49 × 409', async () => {
    const item = (await pedir('POST', '/api/opcionais', { descricao: 'Corrida', ordenacao: 1 })).json().data;
    await corrida(`/api/opcionais/${item.id}`, (i) => ({ descricao: `Corrida ${i}`, ordenacao: 1, versao: item.updated_at }));
  });

  it('integration record: 50 concurrent saves → one 200 and 49 × 409; creating it twice from "not configured" too', async () => {
    const url = `/api/revendas/${amb.ids.revendaA}/integracoes/meucarronovo`;
    const corpo = { email_meucarronovo: 'loja', senha_meucarronovo: 's' };
    const primeiro = await pedir('PUT', url, { status: true, ...corpo, versao: null });
    expect(primeiro.statusCode, primeiro.body).toBe(200);
    expect((await pedir('PUT', url, { status: true, ...corpo, versao: null })).statusCode).toBe(409);
    await corrida(url, (i) => ({ status: i % 2 === 0, ...corpo, versao: primeiro.json().data.updated_at }));
  });
});
