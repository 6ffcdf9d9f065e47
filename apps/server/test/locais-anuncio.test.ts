import type { ItemCatalogo } from '@intermedio/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locaisAnuncio } from '../src/db/schema/index.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente } from './ajuda/ambiente.ts';

let amb: Ambiente;
let admin: Credencial | null;
beforeAll(async () => {
  amb = await criarAmbiente();
  admin = await amb.entrar('admin');
});
afterAll(() => amb.encerrar());

const chamar = (metodo: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, c: Credencial | null, payload?: unknown) =>
  amb.app.inject({ method: metodo, url, headers: cabecalhos(c), payload: payload as object });
const incluir = async (descricao: string, ordenacao: number | string) => {
  const r = await chamar('POST', '/api/locais-anuncio', admin, { descricao, ordenacao });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as ItemCatalogo;
};
const listar = async () => (await chamar('GET', '/api/locais-anuncio', admin)).json().data as ItemCatalogo[];

describe('ad locations (spec 2 §2, §3, §5)', () => {
  it('list: ordenacao descending, then descricao ascending; readable by a gestor', async () => {
    await amb.banco.db.delete(locaisAnuncio);
    await incluir('Site da revenda', 5);
    await incluir('Destaque na home', 20);
    await incluir('Catálogo impresso', 5);
    await incluir('anúncio em vitrine', 5);
    expect((await listar()).map((l) => l.descricao)).toEqual([
      'Destaque na home',
      'anúncio em vitrine',
      'Catálogo impresso',
      'Site da revenda',
    ]);
    const gestor = await amb.entrar('gestorA');
    expect((await chamar('GET', '/api/locais-anuncio', gestor)).json().data).toHaveLength(4);
    expect((await chamar('POST', '/api/locais-anuncio', gestor, { descricao: 'X', ordenacao: 1 })).statusCode).toBe(403);
  });

  it('include, read, change and delete, with who did it', async () => {
    const l = await incluir(' Vitrine ', '3');
    expect(l).toMatchObject({ descricao: 'Vitrine', ordenacao: 3, created_id: amb.ids.admin, updated_id: amb.ids.admin });
    expect((await chamar('GET', `/api/locais-anuncio/${l.id}`, admin)).json().data.descricao).toBe('Vitrine');
    const alterado = await chamar('PUT', `/api/locais-anuncio/${l.id}`, admin, {
      descricao: 'Vitrine da loja',
      ordenacao: -2,
      versao: l.updated_at,
    });
    expect(alterado.json().data).toMatchObject({ descricao: 'Vitrine da loja', ordenacao: -2 });
    expect((await chamar('DELETE', `/api/locais-anuncio/${l.id}`, admin)).json()).toEqual({ status: 'success', data: null });
    const faltando = await chamar('GET', `/api/locais-anuncio/${l.id}`, admin);
    expect(faltando.statusCode).toBe(404);
    expect(faltando.json().data).toBe('Local de anúncio não encontrado.');
  });

  it('validation messages: "Preenchimento obrigatório" and "Número inválido"', async () => {
    const r = await chamar('POST', '/api/locais-anuncio', admin, { descricao: '', ordenacao: null });
    expect(r.json().campos).toEqual({ descricao: 'Preenchimento obrigatório', ordenacao: 'Preenchimento obrigatório' });
    const n = await chamar('POST', '/api/locais-anuncio', admin, { descricao: 'Outdoor', ordenacao: 'dez' });
    expect(n.json().campos).toEqual({ ordenacao: 'Número inválido' });
  });

  it('a database failure answers 500 with the spec messages (include, change, delete)', async () => {
    const l = await incluir('Rádio', 1);
    await amb.banco.db.execute(sql`alter table locais_anuncio rename to locais_anuncio_fora`);
    try {
      const criar = await chamar('POST', '/api/locais-anuncio', admin, { descricao: 'TV', ordenacao: 1 });
      expect([criar.statusCode, criar.json().data]).toEqual([500, 'Falha ao incluir local de anúncio!']);
      const alterar = await chamar('PUT', `/api/locais-anuncio/${l.id}`, admin, { descricao: 'TV', ordenacao: 1, versao: l.updated_at });
      expect([alterar.statusCode, alterar.json().data]).toEqual([500, 'Falha ao alterar local de anúncio!']);
      const remover = await chamar('DELETE', `/api/locais-anuncio/${l.id}`, admin);
      expect([remover.statusCode, remover.json().data]).toEqual([500, 'Falha ao remover local de anúncio!']);
    } finally {
      await amb.banco.db.execute(sql`alter table locais_anuncio_fora rename to locais_anuncio`);
    }
    expect((await listar()).some((x) => x.id === l.id)).toBe(true);
  });
});
