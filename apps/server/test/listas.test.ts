import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type RevendaLinha, revendaLinha, revendaListaResposta, usuarioListaResposta } from '@intermedio/contracts';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/cliente.ts';
import { revendas, usuarios } from '../src/db/schema/index.ts';
import { escolherCodificacao } from '../src/lib/compressao.ts';
import { revendasRepository } from '../src/modules/revendas/revendas.repository.ts';
import { usuariosRepository } from '../src/modules/usuarios/usuarios.repository.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente } from './ajuda/ambiente.ts';
import { semearEscala } from './ajuda/escala.ts';

let amb: Ambiente;
let admin: Credencial | null;
beforeAll(async () => {
  amb = await criarAmbiente();
  admin = await amb.entrar('admin');
});
afterAll(() => amb.encerrar());

const get = (url: string, c: Credencial | null = admin) => amb.app.inject({ method: 'GET', url, headers: cabecalhos(c) });
const dados = async (url: string, c: Credencial | null = admin) => {
  const r = await get(url, c);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
};

describe('single-row endpoints of the live lists (issue 18)', () => {
  it("answer a reseller's row exactly as the list shows it, and 404 once it left that list", async () => {
    const lista = (await dados('/api/revendas')) as { id: string }[];
    const daLista = lista.find((l) => l.id === amb.ids.revendaA);
    expect(await dados(`/api/revendas/lista/${amb.ids.revendaA}?plano=pagos`)).toEqual(daLista);
    expect((await get(`/api/revendas/lista/${amb.ids.revendaB}?plano=pagos`)).statusCode).toBe(404);
    const basica = (await dados('/api/revendas?plano=basico')) as { id: string }[];
    expect(await dados(`/api/revendas/lista/${amb.ids.revendaB}?plano=basico`)).toEqual(basica.find((l) => l.id === amb.ids.revendaB));
    expect((await get('/api/revendas/lista/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it("answer a user's row as the reseller's user list shows it; 404 for a user of another reseller", async () => {
    const gestor = await amb.entrar('gestorA');
    const lista = (await dados(`/api/revendas/${amb.ids.revendaA}/usuarios`, gestor)) as { id: string }[];
    // Built by the database, sent without a serializer pass: still exactly the contract's shape.
    expect(usuarioListaResposta.parse({ status: 'success', data: lista }).data).toEqual(lista);
    expect(lista.length).toBeGreaterThan(1);
    expect(await dados(`/api/revendas/${amb.ids.revendaA}/usuarios/lista/${amb.ids.clienteA}`, gestor)).toEqual(
      lista.find((u) => u.id === amb.ids.clienteA),
    );
    expect((await get(`/api/revendas/${amb.ids.revendaB}/usuarios/lista/${amb.ids.clienteA}`)).statusCode).toBe(404);
    expect((await get(`/api/revendas/${amb.ids.revendaB}/usuarios/lista/${amb.ids.clienteA}`, gestor)).statusCode).toBe(403);
  });

  it('sort names the Brazilian way: accents ignored, upper and lower case together ("Ágil" with A)', async () => {
    const nomes = ['Zebra Autos', 'Ágil Motors', 'beta Veículos', 'Avante Carros', 'Élan Multimarcas'];
    for (const penome_fantasia of nomes)
      await amb.banco.db.insert(revendas).values({ penome_fantasia, perazao_social_nome: 'R', peemail: 'x@x.test', plano: 'familiar' });
    const lista = (await dados('/api/revendas')) as { penome_fantasia: string; plano: string }[];
    expect(lista.filter((l) => l.plano === 'familiar').map((l) => l.penome_fantasia)).toEqual([
      'Ágil Motors',
      'Avante Carros',
      'beta Veículos',
      'Élan Multimarcas',
      'Zebra Autos',
    ]);
    await amb.banco.db.update(usuarios).set({ nome: 'Álvaro Gestor' }).where(eq(usuarios.id, amb.ids.gestorA));
    const doA = (await dados(`/api/revendas/${amb.ids.revendaA}/usuarios`)) as { nome: string }[];
    expect(doA[0]?.nome).toBe('Álvaro Gestor');
  });
});

/** The plan the database chooses for one drizzle query (parameters inlined, as the list routes send them). */
async function plano(db: Db, consulta: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: texto, params } = consulta.toSQL();
  const inline = texto.replace(/\$(\d+)/g, (_, i: string) => `'${String(params[Number(i) - 1]).replaceAll("'", "''")}'`);
  const r = (await db.execute(sql.raw(`EXPLAIN ${inline}`) as SQL)) as unknown as { rows: Record<string, string>[] };
  return r.rows.map((l) => Object.values(l)[0]).join('\n');
}

describe('list queries at provider scale: 5,000 resellers, 25,000 users (issue 18)', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    await semearEscala(amb.banco.db, 5000, 5);
  }, 120_000);

  it('the reseller list is one statement on one table: the user counts are kept on the reseller, never counted per call', async () => {
    for (const basico of [false, true]) {
      const p = await plano(amb.banco.db, revendasRepository.consultaOrdenada(amb.banco.db, basico));
      expect(p).not.toMatch(/SubPlan|Nested Loop|Aggregate|Join/);
      expect(p).not.toMatch(/usuarios/);
      expect(p.match(/on revendas/g)).toHaveLength(1);
    }
    const linhas = JSON.parse(await revendasRepository.listar(amb.banco.db, false)) as RevendaLinha[];
    // The database builds this JSON (no serializer pass): it must be exactly the route's schema, key for key.
    expect(revendaListaResposta.safeParse({ status: 'success', data: linhas }).error).toBeUndefined();
    for (const l of linhas.slice(0, 50)) expect(Object.keys(l).sort()).toEqual(Object.keys(revendaLinha.shape).sort());
    expect(linhas.filter((l) => l.peemail.endsWith('@escala.test'))).toHaveLength(4000);
    const comUsuarios = linhas.find((l) => l.penome_fantasia.endsWith(' Veículos 1'));
    expect(comUsuarios).toMatchObject({ usuarios_total: 5, usuarios_bloqueados: 1 });
  });

  it('the kept counts follow every user change: include, block, move to another reseller, delete', async () => {
    const [a, b] = await amb.banco.db
      .select({ id: revendas.id })
      .from(revendas)
      .where(inArray(revendas.peemail, ['loja11@escala.test', 'loja12@escala.test']))
      .orderBy(revendas.peemail);
    const contagem = async (id: string) =>
      (
        await amb.banco.db.select({ t: revendas.usuarios_total, b: revendas.usuarios_bloqueados }).from(revendas).where(eq(revendas.id, id))
      )[0];
    const [novo] = await amb.banco.db
      .insert(usuarios)
      .values({ email: 'contagem@escala.test', nome: 'Contagem', role: 'client', revenda_id: a?.id ?? '', senha_hash: 'x' })
      .returning({ id: usuarios.id });
    const id = novo?.id ?? '';
    expect(await contagem(a?.id ?? '')).toEqual({ t: 6, b: 1 });
    await amb.banco.db.update(usuarios).set({ ativo: 0 }).where(eq(usuarios.id, id));
    expect(await contagem(a?.id ?? '')).toEqual({ t: 6, b: 2 });
    await amb.banco.db.update(usuarios).set({ nome: 'Só o nome' }).where(eq(usuarios.id, id));
    expect(await contagem(a?.id ?? '')).toEqual({ t: 6, b: 2 });
    await amb.banco.db
      .update(usuarios)
      .set({ revenda_id: b?.id ?? '' })
      .where(eq(usuarios.id, id));
    expect([await contagem(a?.id ?? ''), await contagem(b?.id ?? '')]).toEqual([
      { t: 5, b: 1 },
      { t: 6, b: 2 },
    ]);
    await amb.banco.db.delete(usuarios).where(eq(usuarios.id, id));
    expect(await contagem(b?.id ?? '')).toEqual({ t: 5, b: 1 });
  });

  it("a reseller's user list reads only its rows, in the index's order (no sequential scan, no sort)", async () => {
    const [r] = await amb.banco.db.select({ id: revendas.id }).from(revendas).where(eq(revendas.peemail, 'loja7@escala.test'));
    const p = await plano(amb.banco.db, usuariosRepository.consultaDaRevenda(amb.banco.db, r?.id ?? ''));
    expect(p).toMatch(/Index Scan using usuarios_lista_idx on usuarios/);
    expect(p).not.toMatch(/Seq Scan|Sort|SubPlan/);
  });

  it('the single-row queries of the live lists use the primary keys (no sequential scan)', async () => {
    const [r] = await amb.banco.db.select({ id: revendas.id }).from(revendas).where(eq(revendas.peemail, 'loja7@escala.test'));
    const p = await plano(amb.banco.db, revendasRepository.consultaLinha(amb.banco.db, false, r?.id ?? ''));
    expect(p).not.toMatch(/Seq Scan|SubPlan/);
    expect(p).toMatch(/revendas_pkey/);
    expect(p).not.toMatch(/usuarios/);
  });
});

describe('compressed answers (issue 18)', () => {
  const pedir = (url: string, aceita?: string) =>
    amb.app.inject({ method: 'GET', url, headers: { ...cabecalhos(admin), ...(aceita ? { 'accept-encoding': aceita } : {}) } });

  it('a large JSON answer goes brotli to a browser that accepts it, gzip to a gzip-only client, plain to the rest', async () => {
    const simples = await pedir('/api/revendas');
    expect(simples.headers['content-encoding']).toBeUndefined();
    expect(String(simples.headers.vary)).toMatch(/accept-encoding/i);
    const lista = simples.json();
    expect(revendaListaResposta.parse(lista).data.length).toBeGreaterThan(0);

    const br = await pedir('/api/revendas', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(lista);
    expect(br.rawPayload.length).toBeLessThan(simples.rawPayload.length / 4);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gz = await pedir('/api/revendas', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(lista);
    expect(gz.rawPayload.length).toBeLessThan(simples.rawPayload.length / 4);

    // Refused by quality zero: the next accepted one, or none.
    expect((await pedir('/api/revendas', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await pedir('/api/revendas', 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('a list large enough for the fastest level (≥ 64 KiB, compressed off the main thread) decodes to the same list', async () => {
    // The provider-scale block above seeded thousands; alone, this test seeds enough for it.
    if ((await pedir('/api/revendas')).rawPayload.length <= 64 * 1024) await semearEscala(amb.banco.db, 200, 2);
    const simples = await pedir('/api/revendas');
    expect(simples.rawPayload.length).toBeGreaterThan(64 * 1024);
    for (const [aceita, abrir] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const r = await pedir('/api/revendas', aceita);
      expect(r.headers['content-encoding']).toBe(aceita);
      expect(abrir(r.rawPayload).equals(simples.rawPayload)).toBe(true);
    }
  });

  it('small answers stay plain; accented text is encoded as UTF-8 once, whole', async () => {
    const pequena = await pedir('/api/health', 'br, gzip');
    expect(pequena.headers['content-encoding']).toBeUndefined();
    const r = await pedir('/api/revendas', 'br');
    expect(brotliDecompressSync(r.rawPayload).toString('utf8')).toMatch(/[À-ú]/);
  });
});

describe('encoding choice', () => {
  it('prefers brotli, then gzip, honouring q=0 and letter case', () => {
    expect(escolherCodificacao('gzip, deflate, br, zstd')).toBe('br');
    expect(escolherCodificacao('GZIP')).toBe('gzip');
    expect(escolherCodificacao('br;q=0,gzip;q=0.5')).toBe('gzip');
    expect(escolherCodificacao('br; q=0.0, gzip ; q=0')).toBeNull();
    expect(escolherCodificacao('identity')).toBeNull();
    expect(escolherCodificacao(undefined)).toBeNull();
  });
});
