import type { AddressInfo } from 'node:net';
import type { FipeAnoModelo, FipeOpcao, FipeVersao } from '@intermedio/contracts';
import { fipeSandboxRoutes, PREFIXO_SANDBOX_FIPE } from '@intermedio/sandbox/fipe/fipe.sandbox.routes.ts';
import { referencias } from '@intermedio/sandbox/fipe/gerador.ts';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fipeCache, fipeManual } from '../src/db/schema/index.ts';
import { criarClienteFipe, type TransporteFipe, transporteHttp } from '../src/modules/fipe/fipe.client.ts';
import { criarFipeService } from '../src/modules/fipe/fipe.service.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente } from './ajuda/ambiente.ts';

/** The FIPE sandbox alone on its own port, counting every request it answers (and the tokens it receives). */
async function sandboxContado() {
  const app = Fastify({ logger: false });
  const pedidos: { url: string; token: string | undefined }[] = [];
  app.addHook('onRequest', async (req) => {
    pedidos.push({ url: req.url, token: req.headers['x-subscription-token'] as string | undefined });
  });
  await app.register(fipeSandboxRoutes, { prefix: PREFIXO_SANDBOX_FIPE });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${PREFIXO_SANDBOX_FIPE}`;
  return { app, url, pedidos };
}

let amb: Ambiente;
let admin: Credencial | null;
let gestor: Credencial | null;
beforeAll(async () => {
  amb = await criarAmbiente(); // FIPE_API_URL unset: the built-in sandbox, in process
  admin = await amb.entrar('admin');
  gestor = await amb.entrar('gestorA');
});
afterAll(() => amb.encerrar());

const get = (a: Ambiente, url: string, c: Credencial | null) => a.app.inject({ method: 'GET', url, headers: cabecalhos(c) });
async function dados<T>(url: string, c: Credencial | null = gestor, a: Ambiente = amb): Promise<T> {
  const r = await get(a, url, c);
  expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
  return r.json().data as T;
}
const nomes = (l: { nome: string }[]) => l.map((x) => x.nome);

describe('the FIPE sandbox (parallelum v2 shape, public under /sandbox/fipe)', () => {
  it('serves references, brands, models, years and the price of a year', async () => {
    const ref = (await amb.app.inject({ method: 'GET', url: `${PREFIXO_SANDBOX_FIPE}/references` })).json();
    expect(ref[0]).toEqual(referencias()[0]);
    const marcas = (await amb.app.inject({ method: 'GET', url: `${PREFIXO_SANDBOX_FIPE}/cars/brands` })).json();
    expect(marcas).toContainEqual({ code: '21', name: 'Fiat' });
    const modelos = (await amb.app.inject({ method: 'GET', url: `${PREFIXO_SANDBOX_FIPE}/cars/brands/21/models` })).json();
    const drive = modelos.find((m: { name: string }) => m.name === 'Argo Drive 1.0 6V Flex 5p Mec.');
    expect(drive).toBeDefined();
    const anos = (await amb.app.inject({ method: 'GET', url: `${PREFIXO_SANDBOX_FIPE}/cars/brands/21/models/${drive.code}/years` })).json();
    expect(anos[0]).toEqual({ code: '2026-1', name: '2026 Gasolina' });
    const preco = (
      await amb.app.inject({ method: 'GET', url: `${PREFIXO_SANDBOX_FIPE}/cars/brands/21/models/${drive.code}/years/2024-1` })
    ).json();
    expect(preco).toMatchObject({
      brand: 'Fiat',
      model: 'Argo Drive 1.0 6V Flex 5p Mec.',
      modelYear: 2024,
      fuel: 'Gasolina',
      fuelAcronym: 'G',
      vehicleType: 1,
      referenceMonth: referencias()[0]?.month,
    });
    expect(preco.codeFipe).toMatch(/^001\d{3}-\d$/);
    expect(preco.price).toMatch(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/);
    expect(preco.priceHistory).toHaveLength(3);
    expect((await amb.app.inject({ method: 'GET', url: `${PREFIXO_SANDBOX_FIPE}/cars/brands/9999/models` })).statusCode).toBe(404);
    expect((await amb.app.inject({ method: 'GET', url: `${PREFIXO_SANDBOX_FIPE}/boats/brands` })).statusCode).toBe(404);
  });
});

describe('price lookup (spec 2 §5, §9): brands → models → model years → versions with FIPE code and price', () => {
  it('cars, motorcycles and trucks, by type 1, 2, 3', async () => {
    expect(nomes(await dados<FipeOpcao[]>('/api/fipe/1/marcas'))).toEqual(expect.arrayContaining(['Fiat', 'GM - Chevrolet', 'Toyota']));
    expect(nomes(await dados<FipeOpcao[]>('/api/fipe/2/marcas'))).toEqual(expect.arrayContaining(['Honda', 'Yamaha', 'Harley-Davidson']));
    expect(nomes(await dados<FipeOpcao[]>('/api/fipe/3/marcas'))).toEqual(expect.arrayContaining(['Scania', 'Volvo', 'Mercedes-Benz']));
    expect(nomes(await dados<FipeOpcao[]>('/api/fipe/1/marcas/23/modelos'))).toEqual(
      expect.arrayContaining(['Onix', 'Onix Plus', 'Tracker', 'S10', 'Spin', 'Montana']),
    );
    expect(nomes(await dados<FipeOpcao[]>('/api/fipe/2/marcas/80/modelos'))).toEqual(
      expect.arrayContaining(['CG 160', 'Biz 125', 'PCX 160', 'XRE 300']),
    );
  });

  it('model years newest first; versions of a year with FIPE code, decimal price and reference month', async () => {
    const anos = await dados<FipeAnoModelo[]>('/api/fipe/1/marcas/21/modelos/argo/anos');
    expect(anos.map((a) => a.ano)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018]);
    const versoes = await dados<FipeVersao[]>('/api/fipe/1/marcas/21/modelos/argo/anos/2019/versoes');
    expect(nomes(versoes)).toEqual([
      '1.0 6V Flex 5p Mec.',
      'Drive 1.0 6V Flex 5p Mec.',
      'HGT 1.8 16V Flex 5p Aut.',
      'Trekking 1.3 8V Flex 5p CVT',
    ]);
    const hgt = versoes.find((v) => v.nome.startsWith('HGT'));
    expect(hgt).toMatchObject({
      nome_fipe: 'Argo HGT 1.8 16V Flex 5p Aut.',
      combustivel: 'Gasolina',
      sigla_combustivel: 'G',
      ano_modelo: 2019,
      mes_referencia: referencias()[0]?.month,
      manual: false,
    });
    expect(hgt?.codigo_fipe).toMatch(/^001\d{3}-\d$/);
    expect(hgt?.preco).toMatch(/^\d+\.\d{2}$/);
    expect(Number(hgt?.preco)).toBeGreaterThan(30_000);
    const diesel = await dados<FipeVersao[]>('/api/fipe/3/marcas/112/modelos/r-540/anos/2020/versoes');
    expect(diesel[0]).toMatchObject({ nome: 'A 6x4 2p Diesel', combustivel: 'Diesel', sigla_combustivel: 'D' });
  });

  it('unknown brand, model or year: 404 in Portuguese; a bad type 400', async () => {
    const marca = await get(amb, '/api/fipe/1/marcas/9999/modelos', gestor);
    expect([marca.statusCode, marca.json().data]).toEqual([404, 'Marca não encontrada.']);
    const modelo = await get(amb, '/api/fipe/1/marcas/21/modelos/fusca/anos', gestor);
    expect([modelo.statusCode, modelo.json().data]).toEqual([404, 'Modelo não encontrado.']);
    expect(await dados<FipeVersao[]>('/api/fipe/1/marcas/21/modelos/argo/anos/1999/versoes')).toEqual([]);
    const tipo = await get(amb, '/api/fipe/9/marcas', gestor);
    expect([tipo.statusCode, tipo.json().campos]).toEqual([400, { tipo: 'Tipo inválido' }]);
    expect((await get(amb, '/api/fipe/1/marcas', null)).statusCode).toBe(401);
  });
});

describe('manual FIPE entries join the lookup of their type', () => {
  beforeAll(async () => {
    await amb.banco.db.delete(fipeManual);
    const incluir = async (tipo: number, marca_api: string, modelo_api: string, versao_api: string, anomod: string) => {
      const r = await amb.app.inject({
        method: 'POST',
        url: '/fipe-manual/incluir',
        headers: cabecalhos(admin),
        payload: { tipo, marca_api, modelo_api, versao_api, anomod },
      });
      expect(r.statusCode, r.body).toBe(200);
    };
    await incluir(1, 'Fiat', 'Argo', 'Drive 1.0 Edição Especial', '2024');
    await incluir(1, 'fiat', 'Argo', 'Trekking 1.3 Série Final', '2027');
    await incluir(1, 'Fiat', 'Grande Panda', 'Hybrid 1.2 Turbo Aut.', '2026');
    await incluir(1, 'Chevrolet', 'Onix', 'Midnight 1.0 Turbo', '2025');
    await incluir(1, 'Lecar', 'Lecar 459', 'Híbrido 1.5', '2026');
    await incluir(2, 'Lecar', 'Moto Teste', 'Única', '2026');
    await incluir(0, 'Agrale', 'Marruá', 'AM 200 CD 4x4', '2024');
  });

  it('a manual-only brand appears (marked manual) beside the FIPE ones; a known one is not repeated', async () => {
    const marcas = await dados<FipeOpcao[]>('/api/fipe/1/marcas');
    expect(marcas.filter((m) => m.nome.toLowerCase() === 'fiat')).toEqual([{ codigo: '21', nome: 'Fiat', manual: false }]);
    expect(marcas.filter((m) => /chevrolet/i.test(m.nome))).toEqual([{ codigo: '23', nome: 'GM - Chevrolet', manual: false }]);
    expect(marcas).toContainEqual({ codigo: 'm-lecar', nome: 'Lecar', manual: true });
    expect(nomes(await dados<FipeOpcao[]>('/api/fipe/1/marcas/m-lecar/modelos'))).toEqual(['Lecar 459']);
    const versoes = await dados<FipeVersao[]>('/api/fipe/1/marcas/m-lecar/modelos/lecar-459/anos/2026/versoes');
    expect(versoes).toEqual([
      expect.objectContaining({
        nome: 'Híbrido 1.5',
        nome_fipe: 'Lecar 459 Híbrido 1.5',
        preco: null,
        codigo_fipe: null,
        ano_modelo: 2026,
        manual: true,
      }),
    ]);
  });

  it('manual models, model years and versions merge with the FIPE ones of that brand', async () => {
    expect(await dados<FipeOpcao[]>('/api/fipe/1/marcas/21/modelos')).toContainEqual({
      codigo: 'grande-panda',
      nome: 'Grande Panda',
      manual: true,
    });
    const anos = await dados<FipeAnoModelo[]>('/api/fipe/1/marcas/21/modelos/argo/anos');
    expect(anos[0]).toEqual({ codigo: '2027', nome: '2027', ano: 2027, manual: true });
    expect(anos.filter((a) => a.codigo === '2024')).toEqual([{ codigo: '2024', nome: '2024', ano: 2024, manual: false }]);
    const versoes = await dados<FipeVersao[]>('/api/fipe/1/marcas/21/modelos/argo/anos/2024/versoes');
    expect(versoes.filter((v) => v.manual).map((v) => v.nome)).toEqual(['Drive 1.0 Edição Especial']);
    expect(versoes.filter((v) => !v.manual).length).toBeGreaterThanOrEqual(4);
    const onix = await dados<FipeVersao[]>('/api/fipe/1/marcas/23/modelos/onix/anos/2025/versoes');
    expect(onix.find((v) => v.manual)?.nome).toBe('Midnight 1.0 Turbo');
  });

  it('type 0 (outros) has only the manual table; other types do not see it', async () => {
    expect(await dados<FipeOpcao[]>('/api/fipe/0/marcas')).toEqual([{ codigo: 'm-agrale', nome: 'Agrale', manual: true }]);
    expect(nomes(await dados<FipeOpcao[]>('/api/fipe/0/marcas/m-agrale/modelos'))).toEqual(['Marruá']);
    expect(nomes(await dados<FipeOpcao[]>('/api/fipe/2/marcas/m-lecar/modelos'))).toEqual(['Moto Teste']);
    expect((await dados<FipeOpcao[]>('/api/fipe/3/marcas')).some((m) => m.manual)).toBe(false);
  });
});

describe('suggestions route', () => {
  const sugerir = (q: string) => dados<(FipeOpcao | FipeVersao)[]>(`/api/fipe/1/sugestoes?${q}`);

  it('brand and model by prefix, version by substring, ignoring case and accents; nothing for empty input', async () => {
    expect(nomes(await sugerir('campo=marca&q=chev'))).toEqual(['GM - Chevrolet']);
    expect(nomes(await sugerir('campo=marca&q=CITRO'))).toEqual(['Citroën']);
    expect(nomes(await sugerir('campo=marca&q=le'))).toEqual(['Lecar']);
    expect(nomes(await sugerir('campo=modelo&marca=23&q=on'))).toEqual(['Onix', 'Onix Plus']);
    expect(await sugerir('campo=modelo&marca=23&q=plus')).toEqual([]);
    const turbo = nomes(await sugerir('campo=versao&marca=23&modelo=onix&ano=2024&q=TURBO'));
    expect(turbo.length).toBeGreaterThanOrEqual(3);
    expect(turbo.every((n) => /turbo/i.test(n))).toBe(true);
    expect(nomes(await sugerir('campo=versao&marca=21&modelo=argo&ano=2024&q=edicao'))).toEqual(['Drive 1.0 Edição Especial']);
    expect(await sugerir('campo=marca&q=')).toEqual([]);
    expect(await sugerir('campo=marca&q=%20%20')).toEqual([]);
  });

  it('asks for what a level needs', async () => {
    const r = await get(amb, '/api/fipe/1/sugestoes?campo=versao&marca=21&modelo=argo&q=drive', gestor);
    expect([r.statusCode, r.json().campos]).toEqual([400, { ano: 'Preenchimento obrigatório' }]);
    expect((await get(amb, '/api/fipe/1/sugestoes?campo=cor&q=a', gestor)).statusCode).toBe(400);
  });
});

describe('cache: answers kept in fipe_cache per request and reference month', () => {
  let sandbox: Awaited<ReturnType<typeof sandboxContado>>;
  let outro: Ambiente;
  beforeAll(async () => {
    sandbox = await sandboxContado();
    outro = await criarAmbiente({ FIPE_API_URL: sandbox.url, FIPE_TOKEN: 'token-de-teste' });
  });
  afterAll(async () => {
    await outro.encerrar();
    await sandbox.app.close();
  });

  it('the first lookup asks the API (over HTTP, with the token); the second is served from fipe_cache', async () => {
    const c = await outro.entrar('gestorA');
    const primeira = await dados<FipeOpcao[]>('/api/fipe/2/marcas', c, outro);
    expect(sandbox.pedidos.map((p) => p.url)).toEqual([
      `${PREFIXO_SANDBOX_FIPE}/references`,
      `${PREFIXO_SANDBOX_FIPE}/motorcycles/brands?reference=${referencias()[0]?.code}`,
    ]);
    expect(sandbox.pedidos.every((p) => p.token === 'token-de-teste')).toBe(true);
    const segunda = await dados<FipeOpcao[]>('/api/fipe/2/marcas', c, outro);
    expect(segunda).toEqual(primeira);
    expect(sandbox.pedidos).toHaveLength(2);

    const linhas = await outro.banco.db.select().from(fipeCache);
    expect(linhas.map((l) => [l.chave, l.referencia])).toEqual(
      expect.arrayContaining([[`${sandbox.url}|${referencias()[0]?.code}|/motorcycles/brands`, referencias()[0]?.code]]),
    );

    const antes = sandbox.pedidos.length;
    const versoes = await dados<FipeVersao[]>('/api/fipe/2/marcas/80/modelos/cg-160/anos/2024/versoes', c, outro);
    const pedidosDaPrimeira = sandbox.pedidos.length - antes;
    expect(versoes.length).toBeGreaterThanOrEqual(4);
    expect(pedidosDaPrimeira).toBeGreaterThan(5); // models, the years of each version, the price of each
    expect(await dados<FipeVersao[]>('/api/fipe/2/marcas/80/modelos/cg-160/anos/2024/versoes', c, outro)).toEqual(versoes);
    expect(sandbox.pedidos.length - antes).toBe(pedidosDaPrimeira);
  });

  it('a failing API is 502 with a Portuguese message (refused, server error, not JSON, no connection)', { timeout: 60_000 }, async () => {
    const a = await criarAmbiente({ FIPE_API_URL: sandbox.url, FIPE_TOKEN: 'falhar' });
    try {
      const r = await get(a, '/api/fipe/1/marcas', await a.entrar('gestorA'));
      expect([r.statusCode, r.json()]).toEqual([502, { status: 'error', data: 'Tabela FIPE indisponível no momento.' }]);
    } finally {
      await a.encerrar();
    }
    const servico = (url: string, token: string) =>
      criarFipeService(amb.banco.db, { consultar: criarClienteFipe(transporteHttp(url, 2000), { token }), origem: `falha-${token}` });
    for (const [url, token] of [
      [sandbox.url, 'recusar'],
      [sandbox.url, 'corromper'],
      ['http://127.0.0.1:9/api/v2', 'sem-conexao'],
    ] as const) {
      await expect(servico(url, token).marcas(3), token).rejects.toMatchObject({
        statusCode: 502,
        message: 'Tabela FIPE indisponível no momento.',
      });
    }
  });
});

describe('cache across reference months (service with a scripted API)', () => {
  it('a new month asks for the references again; a new reference drops the older answers', async () => {
    let referencia = '338';
    let agora = new Date('2026-10-20T12:00:00Z');
    const pedidos: string[] = [];
    const transporte: TransporteFipe = async (caminho) => {
      pedidos.push(caminho);
      if (caminho === '/references') return { status: 200, corpo: JSON.stringify([{ code: referencia, month: `mês ${referencia}` }]) };
      return { status: 200, corpo: JSON.stringify([{ code: '1', name: `Marca da referência ${referencia}` }]) };
    };
    const fipe = criarFipeService(amb.banco.db, { consultar: criarClienteFipe(transporte), origem: 'roteiro', agora: () => agora });
    const chaves = async () =>
      (await amb.banco.db.select().from(fipeCache).where(sql`${fipeCache.chave} like 'roteiro|%'`)).map((l) => l.chave).sort();

    expect(nomes(await fipe.marcas(3))).toEqual(['Marca da referência 338']);
    expect(nomes(await fipe.marcas(3))).toEqual(['Marca da referência 338']);
    expect(pedidos).toEqual(['/references', '/trucks/brands?reference=338']);

    agora = new Date('2026-11-05T12:00:00Z');
    referencia = '339';
    expect(nomes(await fipe.marcas(3))).toEqual(['Marca da referência 339']);
    expect(pedidos.slice(2)).toEqual(['/references', '/trucks/brands?reference=339']);
    expect(await chaves()).toEqual(['roteiro|339|/trucks/brands', 'roteiro|referencias|2026-11']);
  });
});

describe('a failing price service (issue 11 item 5): 502 "Tabela FIPE indisponível no momento." unless the cache has it', () => {
  /** A scripted service: `modo` decides how the next calls answer. */
  function roteiro(origem: string) {
    let modo: 'ok' | '500' | 'estranho' | 'fora' | '404' = 'ok';
    let agora = new Date('2026-10-20T12:00:00Z');
    const pedidos: string[] = [];
    const transporte: TransporteFipe = async (caminho) => {
      pedidos.push(caminho);
      if (modo === 'fora') throw new Error('connect ECONNREFUSED');
      if (modo === '500') return { status: 500, corpo: '{"error":"Internal Server Error"}' };
      if (modo === '404') return { status: 404, corpo: '{"error":"Not Found"}' };
      if (caminho === '/references')
        return {
          status: 200,
          corpo: modo === 'estranho' ? '{"mensagem":"manutenção"}' : JSON.stringify([{ code: '338', month: 'outubro/2026' }]),
        };
      if (modo === 'estranho') return { status: 200, corpo: '{"erro":"?"}' };
      return { status: 200, corpo: JSON.stringify([{ code: '1', name: 'Marca Roteiro' }]) };
    };
    const fipe = criarFipeService(amb.banco.db, { consultar: criarClienteFipe(transporte), origem, agora: () => agora });
    return {
      fipe,
      pedidos,
      definir: (m: typeof modo) => {
        modo = m;
      },
      mudarMes: () => {
        agora = new Date('2026-11-03T12:00:00Z');
      },
    };
  }
  /** The API's brands only (the manual table of earlier tests joins the lookup). */
  const daApi = (l: FipeOpcao[]) => l.filter((o) => !o.manual).map((o) => o.nome);
  const indisponivel = { statusCode: 502, message: 'Tabela FIPE indisponível no momento.' };

  it.each(['500', 'estranho', 'fora'] as const)('reference-month call failing (%s): 502 with an empty cache', async (modo) => {
    const r = roteiro(`vazio-${modo}`);
    r.definir(modo);
    await expect(r.fipe.marcas(1)).rejects.toMatchObject(indisponivel);
    expect(r.pedidos).toEqual(['/references']);
  });

  it.each(['500', 'estranho', 'fora'] as const)('service failing (%s) in a new month: the cached answers are served', async (modo) => {
    const r = roteiro(`guardado-${modo}`);
    expect(daApi(await r.fipe.marcas(1))).toEqual(['Marca Roteiro']);
    r.mudarMes();
    r.definir(modo);
    // The reference list of October and its answers stand in for the service.
    expect(daApi(await r.fipe.marcas(1))).toEqual(['Marca Roteiro']);
    // Something the cache never had is still a 502, never a "not found".
    await expect(r.fipe.marcas(2)).rejects.toMatchObject(indisponivel);
    // The fallback is not remembered: once the service is back, the new month's list is asked for.
    r.definir('ok');
    const antes = r.pedidos.length;
    expect(daApi(await r.fipe.marcas(2))).toEqual(['Marca Roteiro']);
    expect(r.pedidos.slice(antes)).toEqual(['/references', '/motorcycles/brands?reference=338']);
  });

  it('"Não encontrado na tabela FIPE." only when the service says the item does not exist', async () => {
    const r = roteiro('nao-existe');
    await r.fipe.marcas(1);
    r.definir('404');
    await expect(r.fipe.modelos(1, '1')).rejects.toMatchObject({ statusCode: 404, message: 'Não encontrado na tabela FIPE.' });
    // A 404 on the brand list of a type (always exists) or on the reference list is the service failing.
    await expect(r.fipe.marcas(3)).rejects.toMatchObject(indisponivel);
  });
});
