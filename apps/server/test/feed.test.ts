import { gunzipSync } from 'node:zlib';
import { feedConfiguracao, feedDocumento } from '@intermedio/contracts';
import { and, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { veiculoImagens, veiculos, veiculoVendas } from '../src/db/schema/index.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente } from './ajuda/ambiente.ts';
import { chamarComo, fotoDaRevenda, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/** Issue 27 item 2: the public site feed of a reseller (docs/feed.md). */
const LIMITE = 6;
let amb: Ambiente;
let gestor: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let ipSeq = 0;
/** Each test counts against its own client address (the limit is per address and feed). */
const novoIp = () => `10.9.0.${++ipSeq}`;
const caminho = (url: string) => new URL(url).pathname;
const dias = (n: number) => new Date(Date.now() - n * 86_400_000);

let ids: { estoque: string; oculto: string; removido: string; vendido10: string; vendido31: string };
let config: { json: string; xml: string };

async function ler(url: string, ip: string, headers: Record<string, string> = {}) {
  return amb.app.inject({ method: 'GET', url: caminho(url), headers, remoteAddress: ip });
}

beforeAll(async () => {
  amb = await criarAmbiente({ FEED_LIMITE_POR_MINUTO: String(LIMITE) });
  chamar = chamarComo(amb);
  gestor = await amb.entrar('gestorA');
  const novo = async (extra: Record<string, unknown> = {}) => {
    const foto = await fotoDaRevenda(amb, amb.ids.revendaA, `feed-${Math.random().toString(36).slice(2)}`);
    const r = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, { ...VEICULO_EXEMPLO, imagens: [foto], ...extra });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.id as string;
  };
  ids = { estoque: await novo(), oculto: await novo(), removido: await novo(), vendido10: await novo(), vendido31: await novo() };
  const db = amb.banco.db;
  await db.update(veiculos).set({ veexibir_site: false }).where(eq(veiculos.id, ids.oculto));
  await db.update(veiculos).set({ veremovido: 1 }).where(eq(veiculos.id, ids.removido));
  for (const [id, n] of [
    [ids.vendido10, 10],
    [ids.vendido31, 31],
  ] as const) {
    await db.update(veiculos).set({ vevendido: 1 }).where(eq(veiculos.id, id));
    await db.insert(veiculoVendas).values({ veiculo_id: id, revenda_id: amb.ids.revendaA, vendido_em: dias(n) });
  }
  const r = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/feed`, gestor, { ativo: true });
  expect(r.statusCode, r.body).toBe(200);
  const c = feedConfiguracao.parse(r.json().data);
  config = { json: c.json ?? '', xml: c.xml ?? '' };
}, 120_000);
afterAll(() => amb.encerrar());

describe('site feed (issue 27 item 2)', () => {
  it('is off by default: the setting answers no address', async () => {
    const gB = await amb.entrar('gestorB');
    const r = await chamar('GET', `/api/revendas/${amb.ids.revendaB}/feed`, gB);
    expect(r.json().data).toEqual({ ativo: false, json: null, xml: null });
  });

  it('lists the site vehicles: exibir_site 0 and removed left out, sold within 30 days flagged with the date', async () => {
    expect(config.json).toMatch(/\/feed\/[A-Za-z0-9_-]{24}\.json$/);
    const r = await ler(config.json, novoIp());
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    const doc = feedDocumento.parse(r.json());
    const porId = new Map(doc.veiculos.map((v) => [v.id, v]));
    expect(porId.get(ids.estoque)?.vendido).toBe(false);
    expect(porId.get(ids.estoque)?.vendido_em).toBeNull();
    expect(porId.has(ids.oculto)).toBe(false);
    expect(porId.has(ids.removido)).toBe(false);
    expect(porId.has(ids.vendido31)).toBe(false);
    const vendido = porId.get(ids.vendido10);
    expect(vendido?.vendido).toBe(true);
    expect(Date.parse(vendido?.vendido_em ?? '')).toBeGreaterThan(dias(10.01).getTime());
    expect(vendido?.json_ld.offers).toMatchObject({ availability: 'https://schema.org/SoldOut', priceCurrency: 'BRL' });
    const carro = porId.get(ids.estoque);
    expect(carro?.json_ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Car' });
    expect(doc.revenda.nome).toBe('Auto Demo Veículos');
    // Public renditions only, in order, absolute; each one readable by another site without a session.
    expect(carro?.fotos.length).toBe(1);
    for (const f of carro?.fotos ?? []) {
      expect(f.url).not.toMatch(/original\./);
      const foto = await amb.app.inject({ method: 'GET', url: caminho(f.url) });
      expect(foto.statusCode).toBe(200);
      expect(foto.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(foto.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('never publishes an original, and the original next to a feed photo is refused without a session', async () => {
    const [foto] = await amb.banco.db.select().from(veiculoImagens).where(eq(veiculoImagens.veiculo_id, ids.estoque));
    expect(foto?.file_original).toMatch(/original\./);
    const r = await ler(config.json, novoIp());
    expect(r.body).not.toContain('original.');
    const original = await amb.app.inject({ method: 'GET', url: foto?.file_original ?? '' });
    expect(original.statusCode).toBe(404);
    const comSessao = await amb.app.inject({ method: 'GET', url: foto?.file_original ?? '', headers: cabecalhos(gestor) });
    expect(comSessao.statusCode).toBe(200);
  });

  it('XML carries the same vehicles', async () => {
    const r = await ler(config.xml, novoIp());
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/xml/);
    const xml = new XMLParser({ ignoreAttributes: false, isArray: (n) => ['veiculo', 'foto', 'opcional', 'telefone'].includes(n) }).parse(
      r.body,
    );
    const lista = xml.feed.veiculos.veiculo as { id: string; vendido: boolean; vendido_em?: string; fotos: { foto: unknown[] } }[];
    expect(lista.find((v) => v.id === ids.vendido10)?.vendido).toBe(true);
    expect(lista.some((v) => v.id === ids.oculto || v.id === ids.removido || v.id === ids.vendido31)).toBe(false);
    expect(lista.find((v) => v.id === ids.estoque)?.fotos.foto).toHaveLength(1);
  });

  it('answers 304 to its ETag and to If-Modified-Since, with CORS and CORP', async () => {
    const ip = novoIp();
    const r = await ler(config.json, ip);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['access-control-allow-methods']).toBe('GET');
    expect(r.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const etag = String(r.headers.etag);
    const modificado = String(r.headers['last-modified']);
    expect(etag).toMatch(/^".+"$/);
    expect(Date.parse(modificado)).not.toBeNaN();
    const porEtag = await ler(config.json, ip, { 'if-none-match': etag });
    expect(porEtag.statusCode).toBe(304);
    expect(porEtag.body).toBe('');
    expect(porEtag.headers['access-control-allow-origin']).toBe('*');
    expect((await ler(config.json, ip, { 'if-modified-since': modificado })).statusCode).toBe(304);
    expect((await ler(config.json, ip, { 'if-none-match': '"outro"' })).statusCode).toBe(200);
    const antes = new Date(Date.parse(modificado) - 1000).toUTCString();
    expect((await ler(config.json, ip, { 'if-modified-since': antes })).statusCode).toBe(200);
  });

  it('sends the compressed body the client accepts', async () => {
    const r = await ler(config.json, novoIp(), { 'accept-encoding': 'gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(feedDocumento.parse(JSON.parse(gunzipSync(r.rawPayload).toString())).veiculos.length).toBeGreaterThan(0);
  });

  it('limits requests per address (429 in Portuguese), another address still served', async () => {
    const ip = novoIp();
    for (let i = 0; i < LIMITE; i++) expect((await ler(config.json, ip)).statusCode).toBe(200);
    const r = await ler(config.json, ip);
    expect(r.statusCode).toBe(429);
    expect(r.json().data).toBe('Muitas requisições a este feed. Tente de novo em instantes.');
    expect((await ler(config.json, novoIp())).statusCode).toBe(200);
  });

  it('limits one address over every feed too: guessed addresses end in 429, never an endless count', async () => {
    const ip = novoIp();
    const falso = () => `http://x/feed/${Math.random().toString(36).slice(2).padEnd(24, 'x').slice(0, 24)}.json`;
    for (let i = 0; i < LIMITE * 10; i++) expect((await ler(falso(), ip)).statusCode).toBe(404);
    expect((await ler(falso(), ip)).statusCode).toBe(429);
    expect((await ler(config.json, ip)).statusCode).toBe(429);
  });

  it('a live change reaches the next request (the cache is dropped by the change event)', async () => {
    const ip = novoIp();
    expect((await ler(config.json, ip)).json().veiculos.some((v: { id: string }) => v.id === ids.estoque)).toBe(true);
    await amb.banco.db
      .update(veiculos)
      .set({ vevalor: '12345.00' })
      .where(and(eq(veiculos.id, ids.estoque)));
    let preco = 0;
    for (let i = 0; i < 50 && preco !== 12345; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      const r = await ler(config.json, novoIp());
      preco = r.json().veiculos.find((v: { id: string }) => v.id === ids.estoque)?.preco;
    }
    expect(preco).toBe(12345);
  });

  it('unknown, malformed and disabled addresses answer 404; a new address kills the old one', async () => {
    expect((await ler('http://x/feed/nada.json', novoIp())).statusCode).toBe(404);
    expect((await ler(config.json.replace('.json', '.csv'), novoIp())).statusCode).toBe(404);
    const novo = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/feed/novo-endereco`, gestor, {});
    expect(novo.statusCode, novo.body).toBe(200);
    const c = feedConfiguracao.parse(novo.json().data);
    expect(c.json).not.toBe(config.json);
    const velho = await ler(config.json, novoIp());
    expect(velho.statusCode).toBe(404);
    expect(velho.json().data).toBe('Feed não encontrado.');
    expect((await ler(c.json ?? '', novoIp())).statusCode).toBe(200);
    const off = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/feed`, gestor, { ativo: false });
    expect(off.json().data).toEqual({ ativo: false, json: null, xml: null });
    expect((await ler(c.json ?? '', novoIp())).statusCode).toBe(404);
    // Enabled again: the same address as before disabling.
    const on = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/feed`, gestor, { ativo: true });
    expect(on.json().data.json).toBe(c.json);
    expect((await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/feed`, gestor, { ativo: 'sim' })).statusCode).toBe(400);
  });
});
