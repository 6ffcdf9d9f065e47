import type { FipeManualVeiculo } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fipeManual } from '../src/db/schema/index.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente } from './ajuda/ambiente.ts';

let amb: Ambiente;
let admin: Credencial | null;
beforeAll(async () => {
  amb = await criarAmbiente();
  admin = await amb.entrar('admin');
});
afterAll(() => amb.encerrar());

const post = (url: string, c: Credencial | null, payload?: unknown, headers: Record<string, string> = {}) =>
  amb.app.inject({ method: 'POST', url, headers: { ...cabecalhos(c), ...headers }, payload: payload as object });
const listar = async () => {
  const r = await post('/fipe-manual/listar', admin, { api_key: 'qualquer' });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as FipeManualVeiculo[];
};
const veiculo = { tipo: 1, marca_api: 'Fiat', modelo_api: 'Argo', versao_api: 'Drive 1.0 Edição Especial', anomod: '2026' };

describe('POST /fipe-manual/... (spec 2 §7): paths and bodies of the spec, answers {status, data}', () => {
  it('listar: the token-only body (or none) answers the list', async () => {
    await amb.banco.db.delete(fipeManual);
    expect((await post('/fipe-manual/listar', admin, { api_key: 'x' })).json()).toEqual({ status: 'success', data: [] });
    expect((await post('/fipe-manual/listar', admin, { token: 'x' })).json()).toEqual({ status: 'success', data: [] });
    expect((await post('/fipe-manual/listar', admin)).json()).toEqual({ status: 'success', data: [] });
  });

  it('incluir: values trimmed; type as code or name; the api_key is accepted and ignored', async () => {
    const r = await post('/fipe-manual/incluir', admin, {
      api_key: 'chave-do-app',
      tipo: ' 2 ',
      marca_api: '  Honda ',
      modelo_api: ' CG 160 ',
      versao_api: ' Titan Edição 2027 ',
      anomod: ' 2027 ',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      status: 'success',
      data: { tipo: 2, marca_api: 'Honda', modelo_api: 'CG 160', versao_api: 'Titan Edição 2027', anomod: '2027' },
    });
    expect(r.json().data).not.toHaveProperty('api_key');
    for (const [tipo, codigo] of [
      ['carro', 1],
      ['caminhão', 3],
      ['outros', 0],
      [0, 0],
    ] as const) {
      const v = await post('/fipe-manual/incluir', admin, { ...veiculo, tipo, versao_api: `Tipo ${tipo}` });
      expect(v.json().data.tipo, String(tipo)).toBe(codigo);
    }
  });

  it('incluir: each empty value is "Preenchimento obrigatório"; an unknown type "Tipo inválido"; nothing stored', async () => {
    const antes = (await listar()).length;
    const r = await post('/fipe-manual/incluir', admin, { tipo: '', marca_api: ' ', modelo_api: '', versao_api: '\t', anomod: '' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      status: 'error',
      campos: {
        tipo: 'Preenchimento obrigatório',
        marca_api: 'Preenchimento obrigatório',
        modelo_api: 'Preenchimento obrigatório',
        versao_api: 'Preenchimento obrigatório',
        anomod: 'Preenchimento obrigatório',
      },
    });
    expect((await post('/fipe-manual/incluir', admin, { ...veiculo, tipo: 7 })).json().campos).toEqual({ tipo: 'Tipo inválido' });
    expect((await post('/fipe-manual/incluir', admin, { ...veiculo, tipo: 'barco' })).json().campos).toEqual({ tipo: 'Tipo inválido' });
    expect((await listar()).length).toBe(antes);
  });

  it('incluir: the same vehicle twice (ignoring case and accents) is refused with 409', async () => {
    expect((await post('/fipe-manual/incluir', admin, veiculo)).statusCode).toBe(200);
    const r = await post('/fipe-manual/incluir', admin, { ...veiculo, marca_api: 'FIAT', versao_api: 'drive 1.0 edicao especial' });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ status: 'error', data: 'Este veículo já está na tabela FIPE manual.' });
    expect((await post('/fipe-manual/incluir', admin, { ...veiculo, tipo: 2 })).statusCode).toBe(200);
  });

  it('listar: ordered by brand, model, version, model year', async () => {
    await amb.banco.db.delete(fipeManual);
    for (const v of [
      { ...veiculo, marca_api: 'Volvo', modelo_api: 'FH 540', versao_api: 'Globetrotter', tipo: 3 },
      { ...veiculo, versao_api: 'Trekking', anomod: '2025' },
      { ...veiculo, versao_api: 'Trekking', anomod: '2024' },
      { ...veiculo, modelo_api: 'Argo Cross' },
      { ...veiculo, marca_api: 'Agrale', modelo_api: 'Marruá', versao_api: 'AM 200', tipo: 0 },
    ]) {
      expect((await post('/fipe-manual/incluir', admin, v)).statusCode).toBe(200);
    }
    expect((await listar()).map((v) => `${v.marca_api} ${v.modelo_api} ${v.versao_api} ${v.anomod}`)).toEqual([
      'Agrale Marruá AM 200 2026',
      'Fiat Argo Trekking 2024',
      'Fiat Argo Trekking 2025',
      'Fiat Argo Cross Drive 1.0 Edição Especial 2026',
      'Volvo FH 540 Globetrotter 2026',
    ]);
  });

  it('deletar: removes by veiculo_id; a missing one is 404, a malformed one 400', async () => {
    const [primeiro] = await listar();
    const r = await post('/fipe-manual/deletar', admin, { api_key: 'x', veiculo_id: primeiro?.id });
    expect(r.json()).toEqual({ status: 'success', data: { veiculo_id: primeiro?.id } });
    expect((await listar()).some((v) => v.id === primeiro?.id)).toBe(false);
    const de_novo = await post('/fipe-manual/deletar', admin, { veiculo_id: primeiro?.id });
    expect(de_novo.statusCode).toBe(404);
    expect(de_novo.json()).toEqual({ status: 'error', data: 'Veículo não encontrado.' });
    expect((await post('/fipe-manual/deletar', admin, { veiculo_id: '12' })).json().campos).toEqual({
      veiculo_id: 'Identificador inválido',
    });
  });
});

describe('the guard applies outside /api too', () => {
  it('non-admins are refused (401 visitor, inactive and client, 403 gestores), whatever token the body carries', async () => {
    for (const url of ['/fipe-manual/listar', '/fipe-manual/incluir', '/fipe-manual/deletar']) {
      expect((await post(url, null, { api_key: 'chave-valida-do-app' })).statusCode, url).toBe(401);
      expect((await post(url, await amb.entrar('inativoA'), { api_key: 'chave-valida-do-app' })).statusCode, url).toBe(401);
      expect((await post(url, await amb.entrar('clienteA'), { api_key: 'chave-valida-do-app' })).statusCode, url).toBe(401);
      for (const papel of ['gestorA', 'gestorB'] as const) {
        const r = await post(url, await amb.entrar(papel), { api_key: 'chave-valida-do-app', ...veiculo });
        expect(r.statusCode, `${papel} ${url}`).toBe(403);
        expect(r.json()).toEqual({ status: 'error', data: 'Seu usuário não tem acesso autorizado na página solicitada!' });
      }
    }
  });

  it('writes need the session CSRF token like every other write', async () => {
    const c = await amb.entrar('admin');
    const r = await amb.app.inject({ method: 'POST', url: '/fipe-manual/incluir', headers: { cookie: c?.cookie ?? '' }, payload: veiculo });
    expect(r.statusCode).toBe(403);
  });

  it('the routes are documented in OpenAPI with the others', async () => {
    const doc = (await amb.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of ['/fipe-manual/listar', '/fipe-manual/incluir', '/fipe-manual/deletar']) expect(doc.paths[p]?.post, p).toBeDefined();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/sandbox'))).toBe(false);
  });
});
