import type { AddressInfo } from 'node:net';
import type { EventoMudanca, ItemCatalogo } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salvarAdmin } from '../src/cli/admin.ts';
import { opcionais } from '../src/db/schema/index.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente, login } from './ajuda/ambiente.ts';
import { abrirFluxo } from './ajuda/fluxo.ts';

let amb: Ambiente;
let admin: Credencial | null;
let gestor: Credencial | null;
beforeAll(async () => {
  amb = await criarAmbiente();
  admin = await amb.entrar('admin');
  gestor = await amb.entrar('gestorA');
});
afterAll(() => amb.encerrar());

const chamar = (metodo: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, c: Credencial | null, payload?: unknown) =>
  amb.app.inject({ method: metodo, url, headers: cabecalhos(c), payload: payload as object });
const incluir = async (descricao: string, ordenacao: number | string) => {
  const r = await chamar('POST', '/api/opcionais', admin, { descricao, ordenacao });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as ItemCatalogo;
};
const listar = async (c: Credencial | null = admin) => (await chamar('GET', '/api/opcionais', c)).json().data as ItemCatalogo[];

describe('optionals: list (spec 2 §2)', () => {
  it('sorts by ordenacao descending, then descricao ascending in pt-BR (case and accents ignored)', async () => {
    await amb.banco.db.delete(opcionais);
    await incluir('beta', 1);
    await incluir('Zeta', 10);
    await incluir('alfa', 10);
    await incluir('Água', 10);
    await incluir('Último', -1);
    await incluir('Bancos de couro', 1);
    expect((await listar()).map((o) => [o.descricao, o.ordenacao])).toEqual([
      ['Água', 10],
      ['alfa', 10],
      ['Zeta', 10],
      ['Bancos de couro', 1],
      ['beta', 1],
      ['Último', -1],
    ]);
  });

  it('is readable by any signed-in user (vehicle forms of resellers), not by visitors', async () => {
    expect((await chamar('GET', '/api/opcionais', gestor)).statusCode).toBe(200);
    expect((await chamar('GET', '/api/opcionais', null)).statusCode).toBe(401);
  });
});

describe('optionals: include, change, delete (spec 2 §3, §5, §7)', () => {
  it('stores a trimmed description, an integer order and who created it', async () => {
    const o = await incluir('  Ar-condicionado  ', ' 7 ');
    expect(o).toMatchObject({ descricao: 'Ar-condicionado', ordenacao: 7, created_id: amb.ids.admin, updated_id: amb.ids.admin });
    const lido = (await chamar('GET', `/api/opcionais/${o.id}`, gestor)).json().data;
    expect(lido).toMatchObject({ id: o.id, descricao: 'Ar-condicionado', ordenacao: 7 });
  });

  it('refuses missing fields with "Preenchimento obrigatório" and a non-integer order with "Número inválido"', async () => {
    const vazio = await chamar('POST', '/api/opcionais', admin, { descricao: '   ', ordenacao: '' });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json()).toMatchObject({
      status: 'error',
      campos: { descricao: 'Preenchimento obrigatório', ordenacao: 'Preenchimento obrigatório' },
    });
    expect((await chamar('POST', '/api/opcionais', admin, {})).json().campos).toEqual({
      descricao: 'Preenchimento obrigatório',
      ordenacao: 'Preenchimento obrigatório',
    });
    for (const ordenacao of ['abc', '1.5', '1e3', 2.5, true, '99999999999']) {
      const r = await chamar('POST', '/api/opcionais', admin, { descricao: 'X', ordenacao });
      expect(r.statusCode, String(ordenacao)).toBe(400);
      expect(r.json().campos, String(ordenacao)).toEqual({ ordenacao: 'Número inválido' });
    }
  });

  it('changes description and order; updated_id is who changed it, created_id stays', async () => {
    const o = await incluir('Trava elétrica', 3);
    await salvarAdmin(amb.banco.db, { email: 'outro.admin@intermedio.test', senha: 'senhaforte1', nome: 'Outro Admin' });
    const outro = await login(amb, 'outro.admin@intermedio.test', 'senhaforte1');
    const r = await chamar('PUT', `/api/opcionais/${o.id}`, outro, { descricao: 'Travas elétricas', ordenacao: '4', versao: o.updated_at });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ descricao: 'Travas elétricas', ordenacao: 4, created_id: amb.ids.admin });
    expect(r.json().data.updated_id).not.toBe(amb.ids.admin);
    expect(new Date(r.json().data.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(o.updated_at).getTime());
    const invalido = await chamar('PUT', `/api/opcionais/${o.id}`, admin, { descricao: '', ordenacao: 'x', versao: o.updated_at });
    expect(invalido.json().campos).toEqual({ descricao: 'Preenchimento obrigatório', ordenacao: 'Número inválido' });
  });

  it('deletes; a missing one is 404 with the spec wording, a malformed id 400', async () => {
    const o = await incluir('Som', 2);
    const r = await chamar('DELETE', `/api/opcionais/${o.id}`, admin);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'success', data: null });
    expect((await listar()).some((x) => x.id === o.id)).toBe(false);
    const de_novo = await chamar('DELETE', `/api/opcionais/${o.id}`, admin);
    expect(de_novo.statusCode).toBe(404);
    expect(de_novo.json()).toEqual({ status: 'error', data: 'Opcional não encontrado.' });
    expect((await chamar('GET', `/api/opcionais/${o.id}`, admin)).statusCode).toBe(404);
    expect((await chamar('PUT', `/api/opcionais/${o.id}`, admin, { descricao: 'a', ordenacao: 1, versao: o.updated_at })).statusCode).toBe(
      404,
    );
    expect((await chamar('GET', '/api/opcionais/nao-e-uuid', admin)).json().campos).toEqual({ idOpcional: 'Identificador inválido' });
  });

  it('only admins write: a gestor gets 403 and nothing changes', async () => {
    const o = await incluir('Alarme', 5);
    expect((await chamar('POST', '/api/opcionais', gestor, { descricao: 'Invasor', ordenacao: 1, versao: o.updated_at })).statusCode).toBe(
      403,
    );
    expect(
      (await chamar('PUT', `/api/opcionais/${o.id}`, gestor, { descricao: 'Invasor', ordenacao: 1, versao: o.updated_at })).statusCode,
    ).toBe(403);
    expect((await chamar('DELETE', `/api/opcionais/${o.id}`, gestor)).statusCode).toBe(403);
    expect((await listar()).find((x) => x.id === o.id)?.descricao).toBe('Alarme');
    expect((await listar()).some((x) => x.descricao === 'Invasor')).toBe(false);
  });
});

describe('optionals: live list', () => {
  it('a change reaches signed-in users (admin and gestor) as an event on table opcionais', async () => {
    await amb.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(amb.app.server.address() as AddressInfo).port}`;
    const deOpcionais = (e: EventoMudanca | { evento: string }): e is EventoMudanca => 'tabela' in e && e.tabela === 'opcionais';
    const fluxoAdmin = await abrirFluxo(base, admin);
    const fluxoGestor = await abrirFluxo(base, gestor);
    try {
      const o = await incluir('Teto solar', 9);
      expect(await fluxoAdmin.esperar(deOpcionais)).toMatchObject({ op: 'INSERT', id: o.id, revenda: null });
      expect(await fluxoGestor.esperar(deOpcionais)).toMatchObject({ op: 'INSERT', id: o.id });
    } finally {
      await fluxoAdmin.fechar();
      await fluxoGestor.fechar();
    }
  });
});
