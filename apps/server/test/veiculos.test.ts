import { existsSync } from 'node:fs';
import path from 'node:path';
import { MENSAGENS, PLACA_FORMATO, veiculoHistoricoResposta, veiculoLinha, veiculoListaResposta } from '@intermedio/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fipeCache,
  moderacao,
  opcionais,
  revendaLocaisAnuncio,
  revendas,
  veiculoAlteracoes,
  veiculoIntegracoes,
  veiculos,
} from '../src/db/schema/index.ts';
import { type Ambiente, type Credencial, criarAmbiente } from './ajuda/ambiente.ts';
import { chamarComo, fotoDaRevenda, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

let amb: Ambiente;
let admin: Credencial | null;
let gestorA: Credencial | null;
let gestorB: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let base: string;
beforeAll(async () => {
  amb = await criarAmbiente();
  chamar = chamarComo(amb);
  [admin, gestorA, gestorB] = await Promise.all([amb.entrar('admin'), amb.entrar('gestorA'), amb.entrar('gestorB')]);
  base = `/api/revendas/${amb.ids.revendaA}/veiculos`;
});
afterAll(() => amb.encerrar());

const incluir = async (extra: object = {}, c = gestorA) => {
  const r = await chamar('POST', base, c, { ...VEICULO_EXEMPLO, ...extra });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.id as string;
};
const ler = async (id: string, c = gestorA) => {
  const r = await chamar('GET', `${base}/${id}`, c);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
};
const arquivo = (url: string) => path.join(amb.config.dataDir, 'arquivos', url.replace(/^\/arquivos\//, ''));
const filaDe = async (idVeiculo: string) =>
  (await amb.banco.db.select().from(moderacao).where(eq(moderacao.veiculo_id, idVeiculo))).map((m) => m.fila).sort();

describe('demo stock (issue 8 item 10)', () => {
  // First: later tests change the stock (cleanups).
  it('Auto Demo Veículos starts with a dozen vehicles of the three types, with photos on disk, one sold and one removed', async () => {
    const { veiculoImagens } = await import('../src/db/schema/index.ts');
    const demo = (await amb.banco.db.select().from(veiculos).where(eq(veiculos.revenda_id, amb.ids.revendaA))).filter((v) =>
      v.vecodigo_interno?.startsWith('AD-'),
    );
    expect(demo).toHaveLength(12);
    expect(new Set(demo.map((v) => v.vetipoveiculo))).toEqual(new Set(['carro', 'moto', 'caminhao']));
    expect(demo.filter((v) => v.vevendido === 1)).toHaveLength(1);
    const removido = demo.find((v) => v.veremovido === 1);
    expect(removido).toMatchObject({ veremovido_usuario_nome: 'Gestor Auto Demo' });
    expect(demo.every((v) => v.opcionais.length > 0)).toBe(true);
    // Every demo plate passes the plate format check (issue 23 item 20).
    for (const v of demo) if (v.veiplaca) expect(PLACA_FORMATO.test(v.veiplaca), v.veiplaca).toBe(true);
    expect(demo.some((v) => v.locais_anuncio.length > 0)).toBe(true);
    for (const v of demo) {
      const fotos = await amb.banco.db.select().from(veiculoImagens).where(eq(veiculoImagens.veiculo_id, v.id));
      expect(fotos.length, v.vefipe_marca).toBeGreaterThanOrEqual(2);
      for (const f of fotos) expect(existsSync(arquivo(f.file_thumb ?? '')), f.file_thumb ?? '').toBe(true);
    }
  });
});

describe('include (spec 2 §4, §5)', () => {
  it('refuses each missing field with "Preenchimento obrigatório" and stores nothing', async () => {
    const antes = (await amb.banco.db.select().from(veiculos)).length;
    const r = await chamar('POST', base, gestorA, { vetipoveiculo: 'carro', veveiculonovo: 0, vequilometragem: '12a' });
    expect(r.statusCode).toBe(400);
    const campos = r.json().campos;
    for (const c of [
      'vefipe_marca',
      've_modelo',
      've_versao',
      'veano_fabricacao',
      'vefipe_ano_modelo',
      'vevalor',
      'vecor',
      'vecambio',
      'veportas',
    ]) {
      expect(campos[c], c).toBe(MENSAGENS.preenchimentoObrigatorio);
    }
    expect((await amb.banco.db.select().from(veiculos)).length).toBe(antes);
  });

  it('checks km, plate and body of a used car, and years from 1950 (model year up to next year)', async () => {
    const ano = new Date().getFullYear();
    const r = await chamar('POST', base, gestorA, {
      ...VEICULO_EXEMPLO,
      vequilometragem: '-5',
      veiplaca: 'AB12',
      vecarroceria: '',
      veano_fabricacao: ano + 1,
      vefipe_ano_modelo: 1949,
    });
    expect(r.json().campos).toMatchObject({
      vequilometragem: 'Km inválido',
      veiplaca: MENSAGENS.preenchimentoObrigatorio,
      vecarroceria: MENSAGENS.preenchimentoObrigatorio,
      veano_fabricacao: MENSAGENS.preenchimentoObrigatorio,
      vefipe_ano_modelo: MENSAGENS.preenchimentoObrigatorio,
    });
    // A 7-character plate in no Brazilian format (every channel refuses it): 400 "Placa inválida".
    const placa = await chamar('POST', base, gestorA, { ...VEICULO_EXEMPLO, veiplaca: 'P000A00' });
    expect(placa.statusCode).toBe(400);
    expect(placa.json().campos).toEqual({ veiplaca: 'Placa inválida' });
    const vevalor = (await chamar('POST', base, gestorA, { ...VEICULO_EXEMPLO, vevalor: '0,50' })).json().campos.vevalor;
    expect(vevalor).toBe(MENSAGENS.preenchimentoObrigatorio);
    // A new motorcycle needs no km, plate nor body; the model year may be next year.
    await incluir({
      vetipoveiculo: 'moto',
      veveiculonovo: 1,
      vequilometragem: '',
      veiplaca: '',
      vecarroceria: null,
      vefipe_ano_modelo: ano + 1,
    });
  });

  it('saves every flag 0, a new vehicle with km 0, the model and version joined, and an "incluidos" entry', async () => {
    const id = await incluir({ veveiculonovo: 1, vequilometragem: '1500', veiplaca: 'abc-1d23' });
    const v = await ler(id);
    expect(v).toMatchObject({
      vefipe_name: 'Argo Drive 1.0 Flex',
      vequilometragem: '0',
      vevalor: '72900.00',
      veiplaca: 'ABC1D23',
      vefipe_combustivel: 'flex',
      veexibir_site: true,
    });
    for (const f of [
      'vedestaque',
      'vealterado',
      'vevendido',
      'veremovido',
      'vevalidacaoincluido',
      'vevalidacaoalterado',
      'vevalidacaovendido',
      'vevalidacaoremovido',
    ]) {
      expect(v[f], f).toBe(0);
    }
    expect(await filaDe(id)).toEqual(['incluidos']);
    const [entrada] = await amb.banco.db.select().from(moderacao).where(eq(moderacao.veiculo_id, id));
    expect(entrada).toMatchObject({ revenda: 'Auto Demo Veículos', revenda_id: amb.ids.revendaA });
    expect(entrada?.dados).toMatchObject({ veiculo: { vefipe_marca: 'Fiat', vefipe_name: 'Argo Drive 1.0 Flex', veano_fabricacao: 2022 } });
  });

  it('takes optionals from the catalogue and ad locations from the reseller, refusing unknown ids', async () => {
    const [op] = await amb.banco.db.select().from(opcionais).limit(1);
    const [local] = await amb.banco.db
      .insert(revendaLocaisAnuncio)
      .values({ revenda_id: amb.ids.revendaA, id_local: op?.id ?? '', descricao: 'Vitrine', ordenacao: 1 })
      .returning();
    const [localB] = await amb.banco.db
      .insert(revendaLocaisAnuncio)
      .values({ revenda_id: amb.ids.revendaB, id_local: op?.id ?? '', descricao: 'Outra loja', ordenacao: 1 })
      .returning();
    const id = await incluir({ opcionais: [op?.id], locais_anuncio: [{ id: local?.id, codigoVersao: '123' }] });
    const v = await ler(id);
    expect(v.opcionais).toEqual([{ id: op?.id, descricao: op?.descricao, ordenacao: op?.ordenacao }]);
    expect(v.locais_anuncio).toMatchObject([{ id: local?.id, descricao: 'Vitrine', codigoVersao: '123' }]);
    const falso = '00000000-0000-4000-8000-000000000000';
    // The version's name is stored with its code (issue 23 item 14); no code, no name.
    const comNome = await incluir({
      locais_anuncio: [{ id: local?.id, codigoVersao: '005015-5', versao: 'Highline 200 TSI 1.0 Flex Aut.' }],
    });
    expect((await ler(comNome)).locais_anuncio).toMatchObject([{ codigoVersao: '005015-5', versao: 'Highline 200 TSI 1.0 Flex Aut.' }]);
    const semCodigo = await incluir({ locais_anuncio: [{ id: local?.id, codigoVersao: null, versao: 'Sem código' }] });
    expect((await ler(semCodigo)).locais_anuncio).toMatchObject([{ codigoVersao: null, versao: null }]);
    expect((await chamar('POST', base, gestorA, { ...VEICULO_EXEMPLO, opcionais: [falso] })).statusCode).toBe(400);
    const r = await chamar('POST', base, gestorA, { ...VEICULO_EXEMPLO, locais_anuncio: [{ id: localB?.id }] });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos.locais_anuncio).toBe('Local de anúncio não cadastrado para esta revenda.');
  });

  it('honours veexibir_site only when the reseller has site_revenda', async () => {
    expect((await ler(await incluir({ veexibir_site: false }))).veexibir_site).toBe(true);
    const [r] = await amb.banco.db.select().from(revendas).where(eq(revendas.id, amb.ids.revendaA));
    await amb.banco.db
      .update(revendas)
      .set({ recursos: { ...r?.recursos, site_revenda: true } })
      .where(eq(revendas.id, amb.ids.revendaA));
    expect((await ler(await incluir({ veexibir_site: false }))).veexibir_site).toBe(false);
    await amb.banco.db.update(revendas).set({ recursos: r?.recursos }).where(eq(revendas.id, amb.ids.revendaA));
  });
});

describe('photos', () => {
  it('keeps the list order and refuses addresses that are not this reseller’s stored files', async () => {
    const f1 = await fotoDaRevenda(amb, amb.ids.revendaA, 'um');
    const f2 = await fotoDaRevenda(amb, amb.ids.revendaA, 'dois');
    const id = await incluir({ imagens: [f2, f1] });
    expect((await ler(id)).imagens.map((i: { fileName: string }) => i.fileName)).toEqual(['dois.jpg', 'um.jpg']);
    const deB = await fotoDaRevenda(amb, amb.ids.revendaB, 'alheia');
    for (const ruim of [deB, { ...f1, fileUrl: 'https://exemplo.com/x.jpg' }, { ...f1, fileOriginal: '/arquivos/logos/x.png' }]) {
      const r = await chamar('POST', base, gestorA, { ...VEICULO_EXEMPLO, imagens: [ruim] });
      expect(r.statusCode).toBe(400);
      expect(r.json().campos.imagens).toBe('Imagem inválida: envie as fotos pelo formulário.');
    }
  });

  it('removing a photo on change removes its files; the others stay', async () => {
    const f1 = await fotoDaRevenda(amb, amb.ids.revendaA, 'fica');
    const f2 = await fotoDaRevenda(amb, amb.ids.revendaA, 'sai');
    const id = await incluir({ imagens: [f1, f2] });
    const v = await ler(id);
    const r = await chamar('PUT', `${base}/${id}`, gestorA, { ...VEICULO_EXEMPLO, imagens: [f1], versao: v.versao });
    expect(r.statusCode, r.body).toBe(200);
    for (const u of [f2.fileUrl, f2.fileThumb, f2.fileOriginal]) expect(existsSync(arquivo(u)), u).toBe(false);
    for (const u of [f1.fileUrl, f1.fileThumb, f1.fileOriginal]) expect(existsSync(arquivo(u)), u).toBe(true);
    const depois = await ler(id);
    expect(depois.imagens).toHaveLength(1);
    expect(new Date(depois.updated_at).getTime()).toBeGreaterThan(new Date(v.updated_at).getTime());
  });
});

describe('list and one row (issue 18 pattern)', () => {
  it('lists active vehicles, unsold first, most recently changed first, with stock days and the first photo', async () => {
    const foto = await fotoDaRevenda(amb, amb.ids.revendaA, 'capa');
    const antigo = await incluir({ vefipe_marca: 'Antigo', imagens: [foto, await fotoDaRevenda(amb, amb.ids.revendaA, 'segunda')] });
    const vendido = await incluir({ vefipe_marca: 'Vendido' });
    const novo = await incluir({ vefipe_marca: 'Novo' });
    await amb.banco.db.update(veiculos).set({ vevendido: 1 }).where(eq(veiculos.id, vendido));
    await amb.banco.db
      .update(veiculos)
      .set({ created_at: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(veiculos.id, antigo));
    const resposta = (await chamar('GET', base, gestorA)).json();
    // The database builds this answer's JSON (no serializer pass): it must still be exactly the route's schema.
    expect(veiculoListaResposta.safeParse(resposta).error).toBeUndefined();
    const lista = resposta.data as { id: string; vevendido: number; updated_at: string }[];
    for (const l of lista) expect(Object.keys(l).sort()).toEqual(Object.keys(veiculoLinha.shape).sort());
    const pos = (id: string) => lista.findIndex((l) => l.id === id);
    expect(pos(novo)).toBeLessThan(pos(antigo));
    expect(pos(antigo)).toBeLessThan(pos(vendido));
    for (let i = 1; i < lista.length; i++) {
      const [a, b] = [lista[i - 1], lista[i]];
      if (a && b && a.vevendido === b.vevendido) expect(a.updated_at >= b.updated_at).toBe(true);
      if (a && b) expect(a.vevendido).toBeLessThanOrEqual(b.vevendido);
    }
    const linha = lista[pos(antigo)];
    expect(linha).toMatchObject({ vefipe_marca: 'Antigo', dias_estoque: 10, miniatura: foto.fileThumb });
    expect(Object.keys(linha ?? {})).not.toContain('veobservacao');
    const uma = await chamar('GET', `${base}/lista/${antigo}`, gestorA);
    expect(uma.json().data).toEqual(linha);
  });

  it("each row carries its adverts' states (issue 24: badges and filters), the one-row answer too", async () => {
    const com = await incluir({ vefipe_marca: 'Anunciado' });
    const sem = await incluir({ vefipe_marca: 'Sem anúncio' });
    const r = { veiculo_id: com, revenda_id: amb.ids.revendaA };
    await amb.banco.db.insert(veiculoIntegracoes).values([
      { ...r, canal: 'webmotors', status: true, estado: 'publicado', id_anuncio: '1' },
      { ...r, canal: 'olx', status: true, estado: 'publicado', id_anuncio: '2', desatualizado: true },
      { ...r, canal: 'autoscar', status: true, estado: 'publicado', id_anuncio: '3', desatualizado: true, operacao: 'alterar' },
      { ...r, canal: 'icarros', status: false, estado: 'pendente' },
      { ...r, canal: 'mobiauto', status: false, estado: 'falhou', ultimo_erro: 'recusado' },
    ]);
    const lista = (await chamar('GET', base, gestorA)).json().data as { id: string; anuncios: unknown }[];
    const esperado = [
      { canal: 'autoscar', estado: 'atualizando' },
      { canal: 'icarros', estado: 'pendente' },
      { canal: 'mobiauto', estado: 'falhou' },
      { canal: 'olx', estado: 'desatualizado' },
      { canal: 'webmotors', estado: 'publicado' },
    ];
    expect(lista.find((l) => l.id === com)?.anuncios).toEqual(esperado);
    expect(lista.find((l) => l.id === sem)?.anuncios).toEqual([]);
    expect((await chamar('GET', `${base}/lista/${com}`, gestorA)).json().data.anuncios).toEqual(esperado);
    expect((await chamar('GET', `${base}/lista/${sem}`, gestorA)).json().data.anuncios).toEqual([]);
  });

  it('each row carries its price vs the cached FIPE price in % (issue 25 item 3), null when none is cached', async () => {
    const carro = async (vefipe_codigo: string | null, vefipe_ano_modelo: number, vevalor: string) => {
      const id = await incluir({ vefipe_marca: 'vs FIPE' });
      await amb.banco.db.update(veiculos).set({ vefipe_codigo, vefipe_ano_modelo, vevalor }).where(eq(veiculos.id, id));
      return id;
    };
    const acima10 = await carro('925001-1', 2023, '88000.00'); // 88.000 ÷ 80.000 (newest reference) = +10 %
    const abaixo = await carro('925001-1', 2023, '72000.00'); // 72.000 ÷ 80.000 = −10 %
    const acima = await carro('925002-2', 2022, '112500.00'); // 112.500 ÷ 100.000 = +12,5 %
    const outroAno = await carro('925001-1', 2021, '50000.00'); // no cached price for that model year
    const semCodigo = await carro(null, 2023, '50000.00');
    const detalhe = (codeFipe: string, modelYear: number, price: string) => ({ codeFipe, modelYear, price, brand: 'Fiat' });
    await amb.banco.db.insert(fipeCache).values([
      { chave: 'vs|321|a', referencia: '321', resposta: detalhe('925001-1', 2023, 'R$ 80.000,00') },
      { chave: 'vs|300|a', referencia: '300', resposta: detalhe('925001-1', 2023, 'R$ 40.000,00') }, // older month: ignored
      { chave: 'vs|321|b', referencia: '321', resposta: detalhe('925002-2', 2022, 'R$ 100.000,00') },
      { chave: 'vs|321|marcas', referencia: '321', resposta: [{ code: '21', name: 'Fiat' }] },
    ]);
    const resposta = (await chamar('GET', base, gestorA)).json();
    expect(veiculoListaResposta.safeParse(resposta).error).toBeUndefined();
    const vs = (id: string) => (resposta.data as { id: string; vs_fipe: number | null }[]).find((l) => l.id === id)?.vs_fipe;
    expect([vs(acima10), vs(abaixo), vs(acima), vs(outroAno), vs(semCodigo)]).toEqual([10, -10, 12.5, null, null]);
    expect((await chamar('GET', `${base}/lista/${acima}`, gestorA)).json().data.vs_fipe).toBe(12.5);
  });

  it('one row answers 404 once the vehicle left the list; the history row then answers', async () => {
    const id = await incluir();
    expect((await chamar('DELETE', `${base}/${id}`, gestorA)).json().data).toEqual({ definitiva: false });
    expect((await chamar('GET', `${base}/lista/${id}`, gestorA)).statusCode).toBe(404);
    const h = await chamar('GET', `${base}/historico/lista/${id}`, gestorA);
    expect(h.json().data).toMatchObject({ id, veremovido_usuario_nome: 'Gestor Auto Demo', vevalidacaoremovido: 0 });
  });
});

describe('change (spec 2 §4) with the change log and the optimistic lock', () => {
  it('sets vealterado=1 / vevalidacaoalterado=0 and logs each changed field old → new with date and user', async () => {
    const id = await incluir();
    await amb.banco.db.update(veiculos).set({ vevalidacaoalterado: 1 }).where(eq(veiculos.id, id));
    const v = await ler(id);
    const r = await chamar('PUT', `${base}/${id}`, gestorA, { ...VEICULO_EXEMPLO, vevalor: '70000', vecor: 'Preto', versao: v.versao });
    expect(r.statusCode, r.body).toBe(200);
    const depois = await ler(id);
    expect(depois).toMatchObject({ vealterado: 1, vevalidacaoalterado: 0, vecor: 'Preto', vevalor: '70000.00' });
    const log = await amb.banco.db.select().from(veiculoAlteracoes).where(eq(veiculoAlteracoes.veiculo_id, id));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      veusuarioalterou: 'Gestor Auto Demo',
      usuario_id: amb.ids.gestorA,
      campos: { vevalor: { antiga: 'R$ 72.900,00', nova: 'R$ 70.000,00' }, vecor: { antiga: 'Branco', nova: 'Preto' } },
    });
    expect(Object.keys(log[0]?.campos ?? {})).toHaveLength(2);
    expect(await filaDe(id)).toEqual(['alterados', 'incluidos']);
  });

  it('answers 409 over a newer version and changes nothing', async () => {
    const id = await incluir();
    const v = await ler(id);
    expect((await chamar('PUT', `${base}/${id}`, gestorA, { ...VEICULO_EXEMPLO, vecor: 'Azul', versao: v.versao })).statusCode).toBe(200);
    const r = await chamar('PUT', `${base}/${id}`, admin, { ...VEICULO_EXEMPLO, vecor: 'Verde', versao: v.versao });
    expect(r.statusCode).toBe(409);
    expect(r.json().data).toBe('Estes dados foram alterados por outra pessoa. Recarregue a página para ver a versão atual.');
    expect((await ler(id)).vecor).toBe('Azul');
    expect(await amb.banco.db.select().from(veiculoAlteracoes).where(eq(veiculoAlteracoes.veiculo_id, id))).toHaveLength(1);
  });

  it('a failing moderation write undoes the change (one transaction)', async () => {
    const id = await incluir();
    const v = await ler(id);
    // Break the queue for this vehicle: the constraint makes the "alterados" write fail inside the transaction.
    await amb.banco.db.execute(
      `alter table moderacao add constraint teste_sem_alterados check (fila <> 'alterados' or veiculo_id <> '${id}')` as never,
    );
    const r = await chamar('PUT', `${base}/${id}`, gestorA, { ...VEICULO_EXEMPLO, vecor: 'Roxo', versao: v.versao });
    await amb.banco.db.execute('alter table moderacao drop constraint teste_sem_alterados' as never);
    expect(r.statusCode).toBe(500);
    const depois = await ler(id);
    expect(depois).toMatchObject({ vecor: 'Branco', vealterado: 0, versao: v.versao });
    expect(await amb.banco.db.select().from(veiculoAlteracoes).where(eq(veiculoAlteracoes.veiculo_id, id))).toHaveLength(0);
  });
});

describe('view (spec 2 §2, spec 3 §2.1)', () => {
  it('answers the integrations table from the reseller configuration and the vehicle advert', async () => {
    const id = await incluir();
    const { revendaIntegracoes, veiculoIntegracoes } = await import('../src/db/schema/index.ts');
    await amb.banco.db.insert(revendaIntegracoes).values([
      { revenda_id: amb.ids.revendaA, canal: 'webmotors', descricao: 'Webmotors', status: true },
      { revenda_id: amb.ids.revendaA, canal: 'olx', descricao: 'Olx', status: false },
    ]);
    await amb.banco.db
      .insert(veiculoIntegracoes)
      .values({ veiculo_id: id, canal: 'webmotors', revenda_id: amb.ids.revendaA, status: true, id_anuncio: 'WM-1' });
    const v = await ler(id);
    expect(v.integracoes).toHaveLength(10);
    const canal = (c: string) => v.integracoes.find((i: { canal: string }) => i.canal === c);
    expect(canal('webmotors')).toMatchObject({ configurada: true, status_configuracao: true, publicado: true, id_anuncio: 'WM-1' });
    expect(canal('olx')).toMatchObject({ configurada: true, status_configuracao: false, publicado: false });
    expect(canal('icarros')).toMatchObject({ configurada: false, publicado: false, descricao: 'iCarros' });
  });
});

describe('isolation', () => {
  it("a gestor of another reseller gets 403 or 404 on every vehicle route of reseller A's vehicle", async () => {
    const id = await incluir();
    const v = await ler(id);
    const urls: ['GET' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', `${base}/${id}`],
      ['GET', `${base}/lista/${id}`],
      ['PUT', `${base}/${id}`, { ...VEICULO_EXEMPLO, versao: v.versao }],
      ['DELETE', `${base}/${id}`],
    ];
    for (const [m, url, corpo] of urls) {
      expect((await chamar(m, url, gestorB, corpo)).statusCode, url).toBe(403);
      // Through its own reseller's address the vehicle does not exist.
      const proprio = url.replace(amb.ids.revendaA, amb.ids.revendaB);
      expect((await chamar(m, proprio, gestorB, corpo)).statusCode, proprio).toBe(404);
    }
    expect((await ler(id)).veremovido).toBe(0);
  });
});

describe('delete, history and cleanup (spec 2 §4, §9)', () => {
  it('a gestor removes softly (who and when, "removidos" entry with the snapshot); the view is then admin-only', async () => {
    const foto = await fotoDaRevenda(amb, amb.ids.revendaA, 'removido');
    const id = await incluir({ imagens: [foto] });
    const r = await chamar('DELETE', `${base}/${id}`, gestorA);
    expect(r.json()).toEqual({ status: 'success', data: { definitiva: false } });
    const [v] = await amb.banco.db.select().from(veiculos).where(eq(veiculos.id, id));
    expect(v).toMatchObject({ veremovido: 1, vevalidacaoremovido: 0, imagens_verificado: 0, veremovido_usuario: amb.ids.gestorA });
    expect(v?.vedataremovido).toBeInstanceOf(Date);
    const [m] = await amb.banco.db
      .select()
      .from(moderacao)
      .where(and(eq(moderacao.veiculo_id, id), eq(moderacao.fila, 'removidos')));
    expect(m?.vedataremovido).toBeInstanceOf(Date);
    expect(m?.dados).toMatchObject({ veiculo: { imagens: [{ fileThumb: foto.fileThumb }], vefipe_marca: 'Fiat' } });
    expect((await chamar('GET', `${base}/${id}`, gestorA)).statusCode).toBe(403);
    expect((await chamar('GET', `${base}/${id}`, admin)).statusCode).toBe(200);
    const versao = (await chamar('GET', `${base}/${id}`, admin)).json().data.versao;
    const alterado = await chamar('PUT', `${base}/${id}`, admin, { ...VEICULO_EXEMPLO, versao });
    expect([alterado.statusCode, alterado.json().data]).toEqual([409, 'Veículo removido: não pode ser alterado.']);
    const respostaHist = (await chamar('GET', `${base}/historico`, gestorA)).json();
    expect(veiculoHistoricoResposta.safeParse(respostaHist).error).toBeUndefined();
    const hist = respostaHist.data as { id: string; veremovido_usuario_nome: string }[];
    expect(hist.find((h) => h.id === id)?.veremovido_usuario_nome).toBeTruthy();
    expect(existsSync(arquivo(foto.fileOriginal))).toBe(true);
  });

  it('an admin removes permanently: the row, its queue entries and its files are gone', async () => {
    const foto = await fotoDaRevenda(amb, amb.ids.revendaA, 'definitivo');
    const id = await incluir({ imagens: [foto] });
    expect((await chamar('DELETE', `${base}/${id}`, admin)).json().data).toEqual({ definitiva: true });
    expect(await amb.banco.db.select().from(veiculos).where(eq(veiculos.id, id))).toHaveLength(0);
    expect(await filaDe(id)).toEqual([]);
    for (const u of [foto.fileUrl, foto.fileThumb, foto.fileOriginal]) expect(existsSync(arquivo(u))).toBe(false);
  });

  it('cleanup removes at most 50 vehicles removed more than 59 days ago or without date, and answers the count', async () => {
    const db = amb.banco.db;
    const { revendaB } = amb.ids;
    const linha = (dias: number | null) => ({
      revenda_id: revendaB,
      vetipoveiculo: 'moto' as const,
      vefipe_marca: 'Honda',
      vefipe_name: 'CG 160 Fan',
      ve_modelo: 'CG 160',
      ve_versao: 'Fan',
      veano_fabricacao: 2020,
      vefipe_ano_modelo: 2020,
      vevalor: '12000.00',
      veremovido: 1,
      vedataremovido: dias === null ? null : new Date(Date.now() - dias * 86_400_000),
    });
    await db
      .insert(veiculos)
      .values([...Array.from({ length: 48 }, () => linha(70)), linha(null), linha(null), linha(61), linha(58), linha(10)]);
    await db.insert(veiculos).values({ ...linha(90), veremovido: 0 });
    const limpar = () => chamar('POST', `/api/revendas/${revendaB}/veiculos/historico/limpar`, admin);
    expect((await limpar()).json().data).toEqual({ veiculos: 50 });
    expect((await limpar()).json().data).toEqual({ veiculos: 1 });
    expect((await limpar()).json().data).toEqual({ veiculos: 0 });
    expect(await db.select().from(veiculos).where(eq(veiculos.revenda_id, revendaB))).toHaveLength(3);
  });

  it('image cleanup keeps only the first photo of history vehicles and removes the other files', async () => {
    const fotos = [await fotoDaRevenda(amb, amb.ids.revendaA, 'p1'), await fotoDaRevenda(amb, amb.ids.revendaA, 'p2')];
    const id = await incluir({ imagens: fotos });
    const ativo = await incluir({
      imagens: [await fotoDaRevenda(amb, amb.ids.revendaA, 'a1'), await fotoDaRevenda(amb, amb.ids.revendaA, 'a2')],
    });
    await chamar('DELETE', `${base}/${id}`, gestorA);
    const r = await chamar('POST', `${base}/historico/limpar-imagens`, admin);
    expect(r.json().data.veiculos).toBeGreaterThanOrEqual(1);
    expect((await ler(id, admin)).imagens.map((i: { fileName: string }) => i.fileName)).toEqual(['p1.jpg']);
    expect(existsSync(arquivo(fotos[1]?.fileOriginal ?? ''))).toBe(false);
    expect(existsSync(arquivo(fotos[0]?.fileOriginal ?? ''))).toBe(true);
    expect((await ler(ativo)).imagens).toHaveLength(2);
    expect((await chamar('POST', `${base}/historico/limpar-imagens`, admin)).json().data.veiculos).toBe(0);
  });

  it('a reseller user deleting from the history deletes permanently', async () => {
    const id = await incluir();
    await chamar('DELETE', `${base}/${id}`, gestorA);
    expect((await chamar('DELETE', `${base}/${id}`, gestorA)).json().data).toEqual({ definitiva: true });
    expect(await amb.banco.db.select().from(veiculos).where(eq(veiculos.id, id))).toHaveLength(0);
  });

  it('the cleanups are admin-only', async () => {
    expect((await chamar('POST', `${base}/historico/limpar`, gestorA)).statusCode).toBe(403);
    expect((await chamar('POST', `${base}/historico/limpar-imagens`, gestorA)).statusCode).toBe(403);
  });
});
