import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { acoesCanalModeracao, MENSAGENS_MODERACAO, type ModeracaoVeiculoLinha } from '@intermedio/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderacao, revendaIntegracoes, veiculoIntegracoes, veiculos } from '../src/db/schema/index.ts';
import { type Ambiente, type Credencial, criarAmbiente } from './ajuda/ambiente.ts';
import { chamarComo, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

let amb: Ambiente;
let admin: Credencial | null;
let gestorA: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let base: string;
beforeAll(async () => {
  amb = await criarAmbiente();
  chamar = chamarComo(amb);
  [admin, gestorA] = await Promise.all([amb.entrar('admin'), amb.entrar('gestorA')]);
  base = `/api/revendas/${amb.ids.revendaA}/veiculos`;
});
afterAll(() => amb.encerrar());

const incluir = async (extra: object = {}) => {
  const r = await chamar('POST', base, gestorA, { ...VEICULO_EXEMPLO, ...extra });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.id as string;
};
const alterar = async (id: string, extra: object) => {
  const v = (await chamar('GET', `${base}/${id}`, gestorA)).json().data;
  const r = await chamar('PUT', `${base}/${id}`, gestorA, { ...VEICULO_EXEMPLO, ...extra, versao: v.versao });
  expect(r.statusCode, r.body).toBe(200);
};
const fila = async (f: string): Promise<ModeracaoVeiculoLinha[]> => {
  const r = await chamar('GET', `/api/moderacao/veiculos/${f}`, admin);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
};
const doVeiculo = async (f: string, idVeiculo: string) => (await fila(f)).find((e) => e.idVeiculo === idVeiculo);
const linhasNoBanco = async (f: string) => (await amb.banco.db.select().from(moderacao).where(eq(moderacao.fila, f))).length;
const validar = (f: string, ids: string[]) => chamar('POST', `/api/moderacao/${f}/validar`, admin, { ids });

/** A file in this server's storage, as an upload leaves it. */
function arquivo(nome: string) {
  const chave = `revendas/${amb.ids.revendaA}/banners/${nome}`;
  const destino = path.join(amb.config.dataDir, 'arquivos', chave);
  mkdirSync(path.dirname(destino), { recursive: true });
  writeFileSync(destino, Buffer.from('conteudo'));
  return { fileUrl: `/arquivos/${chave}`, fileThumb: `/arquivos/${chave}`, fileName: nome };
}

describe('vehicle queues: listing (spec 2 §2, §3)', () => {
  it('an included vehicle is in incluidos with the reseller, headline, years, date and each channel S.I. / S.A. read live', async () => {
    const id = await incluir({ vefipe_marca: 'Chevrolet', ve_modelo: 'Onix', ve_versao: 'LT 1.0', veano_fabricacao: 2021 });
    let e = await doVeiculo('incluidos', id);
    expect(e).toMatchObject({
      fila: 'incluidos',
      idRevenda: amb.ids.revendaA,
      revenda: 'Auto Demo Veículos',
      veiculo: { vefipe_marca: 'Chevrolet', vefipe_name: 'Onix LT 1.0', veano_fabricacao: 2021, vefipe_ano_modelo: 2023 },
      alteracoes: [],
      vedataremovido: null,
    });
    expect(e?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // The reseller configures Webmotors (active) and Autoline (inactive); the vehicle gets a Webmotors advert.
    await amb.banco.db.delete(revendaIntegracoes).where(eq(revendaIntegracoes.revenda_id, amb.ids.revendaA));
    await amb.banco.db.insert(revendaIntegracoes).values([
      { revenda_id: amb.ids.revendaA, canal: 'webmotors', descricao: 'Webmotors', status: true },
      { revenda_id: amb.ids.revendaA, canal: 'autoline', descricao: 'Autoline', status: false },
      { revenda_id: amb.ids.revendaA, canal: 'facebook', descricao: 'Facebook', status: true },
    ]);
    await amb.banco.db
      .insert(veiculoIntegracoes)
      .values({ veiculo_id: id, canal: 'webmotors', revenda_id: amb.ids.revendaA, status: true, id_anuncio: 'WM-1' });
    e = await doVeiculo('incluidos', id);
    expect(e?.integracao_revenda).toEqual({ webmotors: { status: true }, autoline: { status: false }, facebook: { status: true } });
    expect(e?.integracao_veiculo).toEqual({ webmotors: { status: true, id_anuncio: 'WM-1' } });
    if (!e) throw new Error('sem entrada');
    // Blocks: Alterar / Excluir with an advert, Incluir without, Facebook only Excluir, nothing without configuration.
    expect(acoesCanalModeracao('webmotors', e)).toEqual(['alterar', 'excluir']);
    expect(acoesCanalModeracao('autoline', e)).toEqual(['incluir']);
    expect(acoesCanalModeracao('facebook', e)).toEqual([]);
    expect(acoesCanalModeracao('olx', e)).toEqual([]);
  });

  it('the single-row endpoint answers the same row; 404 for an entry of another queue or none', async () => {
    const id = await incluir();
    const e = await doVeiculo('incluidos', id);
    const r = await chamar('GET', `/api/moderacao/veiculos/incluidos/lista/${e?.id}`, admin);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual(e);
    const outra = await chamar('GET', `/api/moderacao/veiculos/alterados/lista/${e?.id}`, admin);
    expect(outra.statusCode).toBe(404);
    expect(outra.json().data).toBe(MENSAGENS_MODERACAO.naoEncontrada);
  });

  it('the rows endpoint answers several entries in the list shape in one request, without those that left the queue', async () => {
    const [a, b] = [await incluir(), await incluir()];
    const [ea, eb] = [await doVeiculo('incluidos', a), await doVeiculo('incluidos', b)];
    if (!ea || !eb) throw new Error('sem entradas');
    expect((await validar('incluidos', [eb.id])).statusCode).toBe(200);
    const r = await chamar('POST', '/api/moderacao/veiculos/incluidos/linhas', admin, { ids: [ea.id, eb.id, ea.id] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual([ea]);
    // An entry of another queue is not this queue's row.
    const outra = await chamar('POST', '/api/moderacao/veiculos/alterados/linhas', admin, { ids: [ea.id] });
    expect(outra.json().data).toEqual([]);
    const vazio = await chamar('POST', '/api/moderacao/veiculos/incluidos/linhas', admin, { ids: [] });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().data).toMatch(/Informe ao menos uma entrada|inválid/);
    const demais = Array.from({ length: 1001 }, () => ea.id);
    expect((await chamar('POST', '/api/moderacao/veiculos/incluidos/linhas', admin, { ids: demais })).statusCode).toBe(400);
    expect((await chamar('POST', '/api/moderacao/veiculos/incluidos/linhas', admin, { ids: ['x'] })).statusCode).toBe(400);
  });

  it('alterados lists each field change since the entry was queued (old → new, who, when)', async () => {
    const id = await incluir({ vecor: 'Branco', vevalor: '50.000,00' });
    await alterar(id, { vecor: 'Preto', vevalor: '50.000,00' });
    await alterar(id, { vecor: 'Azul', vevalor: '48.000,00' });
    const e = await doVeiculo('alterados', id);
    expect(e?.alteracoes).toHaveLength(2);
    expect(e?.alteracoes[0]?.campos.vecor).toEqual({ antiga: 'Branco', nova: 'Preto' });
    expect(e?.alteracoes[1]?.campos.vecor).toEqual({ antiga: 'Preto', nova: 'Azul' });
    expect(e?.alteracoes[1]?.campos.vevalor).toBeDefined();
    expect(e?.alteracoes[0]?.veusuarioalterou).toBe('Gestor Auto Demo');
    // After validation a new change starts a new entry with only that change.
    expect((await validar('alterados', [e?.id ?? ''])).statusCode).toBe(200);
    await alterar(id, { vecor: 'Verde', vevalor: '48.000,00' });
    const nova = await doVeiculo('alterados', id);
    expect(nova?.alteracoes.map((a) => a.campos.vecor)).toEqual([{ antiga: 'Azul', nova: 'Verde' }]);
  });

  it('Data incluído of an alterados entry is when the vehicle was included, not when it changed (issue 23 item 15)', async () => {
    const id = await incluir();
    await amb.banco.db
      .update(veiculos)
      .set({ created_at: new Date('2025-01-02T03:04:05.000Z') })
      .where(eq(veiculos.id, id));
    await alterar(id, { vecor: 'Vinho' });
    const e = await doVeiculo('alterados', id);
    expect(e?.vedataincluido).toBe('2025-01-02T03:04:05.000Z');
    expect(e?.created_at).not.toBe('2025-01-02T03:04:05.000Z');
    expect((await doVeiculo('incluidos', id))?.vedataincluido).toBe('2025-01-02T03:04:05.000Z');
  });

  it('a vehicle removed by a gestor is in removidos with its removal date', async () => {
    const id = await incluir();
    expect((await chamar('DELETE', `${base}/${id}`, gestorA)).statusCode).toBe(200);
    const e = await doVeiculo('removidos', id);
    expect(e?.vedataremovido).toMatch(/Z$/);
    expect(e?.veiculo.vefipe_marca).toBe('Fiat');
  });
});

describe('validation (spec 2 §4, §8)', () => {
  it('validating one entry deletes it and sets the vehicle flag without reordering the stock list; a second time is 404', async () => {
    const id = await incluir();
    const e = await doVeiculo('incluidos', id);
    const [antes] = await amb.banco.db.select().from(veiculos).where(eq(veiculos.id, id));
    const r = await chamar('POST', `/api/moderacao/incluidos/${e?.id}/validar`, admin);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ validados: 1 });
    expect(await doVeiculo('incluidos', id)).toBeUndefined();
    const [depois] = await amb.banco.db.select().from(veiculos).where(eq(veiculos.id, id));
    expect(depois?.vevalidacaoincluido).toBe(1);
    expect(depois?.updated_at.getTime()).toBe(antes?.updated_at.getTime());
    const de2 = await chamar('POST', `/api/moderacao/incluidos/${e?.id}/validar`, admin);
    expect(de2.statusCode).toBe(404);
    // An entry is validated only in its own queue.
    const outro = await incluir();
    const eOutro = await doVeiculo('incluidos', outro);
    expect((await chamar('POST', `/api/moderacao/removidos/${eOutro?.id}/validar`, admin)).statusCode).toBe(404);
    expect(await doVeiculo('incluidos', outro)).toBeDefined();
  });

  it('validating a removal sets vevalidacaoremovido (the view then hides Alterar)', async () => {
    const id = await incluir();
    await chamar('DELETE', `${base}/${id}`, gestorA);
    const e = await doVeiculo('removidos', id);
    expect((await chamar('POST', `/api/moderacao/removidos/${e?.id}/validar`, admin)).statusCode).toBe(200);
    const [v] = await amb.banco.db.select().from(veiculos).where(eq(veiculos.id, id));
    expect(v?.vevalidacaoremovido).toBe(1);
  });

  it('bulk: the checked entries leave the queue in one request; unknown ids are skipped; others stay', async () => {
    const ids = [await incluir(), await incluir(), await incluir(), await incluir()];
    const entradas = await Promise.all(ids.map((i) => doVeiculo('incluidos', i)));
    const marcadas = entradas.slice(0, 3).map((e) => e?.id ?? '');
    const r = await validar('incluidos', [...marcadas, marcadas[0] ?? '', '00000000-0000-4000-8000-000000000000']);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ validados: 3 });
    const restantes = (await fila('incluidos')).map((e) => e.idVeiculo);
    for (const i of ids.slice(0, 3)) expect(restantes).not.toContain(i);
    expect(restantes).toContain(ids[3]);
    const flags = await amb.banco.db.select({ id: veiculos.id, f: veiculos.vevalidacaoincluido }).from(veiculos);
    expect(flags.filter((f) => ids.slice(0, 3).includes(f.id)).every((f) => f.f === 1)).toBe(true);
  });

  it('refuses bad input with a Portuguese message and changes nothing', async () => {
    await incluir();
    const antes = await linhasNoBanco('incluidos');
    const vazio = await validar('incluidos', []);
    expect(vazio.statusCode).toBe(400);
    expect(vazio.body).toContain('Marque ao menos uma entrada');
    const invalido = await validar('incluidos', ['nao-e-um-id']);
    expect(invalido.statusCode).toBe(400);
    expect(invalido.body).toContain('Identificador inválido');
    expect((await chamar('POST', '/api/moderacao/outra/validar', admin, { ids: [] })).statusCode).toBe(400);
    expect((await chamar('GET', '/api/moderacao/veiculos/banners', admin)).statusCode).toBe(400);
    expect(await linhasNoBanco('incluidos')).toBe(antes);
  });
});

describe('orphans (spec 2 §4)', () => {
  it('entries whose vehicle, banner or sold item no longer exists are deleted when their list loads', async () => {
    const nenhum = '00000000-0000-4000-8000-0000000000aa';
    await amb.banco.db.insert(moderacao).values([
      { fila: 'incluidos', revenda_id: amb.ids.revendaA, veiculo_id: nenhum, revenda: 'Auto Demo Veículos' },
      { fila: 'banners', revenda_id: amb.ids.revendaA, banner_id: nenhum, revenda: 'Auto Demo Veículos' },
      { fila: 'vendidos', revenda_id: amb.ids.revendaA, vendido_id: nenhum, revenda: 'Auto Demo Veículos' },
    ]);
    const orfa = (f: string) =>
      amb.banco.db
        .select()
        .from(moderacao)
        .where(and(eq(moderacao.fila, f), eq(moderacao.revenda, 'Auto Demo Veículos')));
    const contar = async (f: string, col: 'veiculo_id' | 'banner_id' | 'vendido_id') =>
      (await orfa(f)).filter((m) => m[col] === nenhum).length;
    expect(await contar('incluidos', 'veiculo_id')).toBe(1);
    const contadores = (await chamar('GET', '/api/dashboard/contadores', admin)).json().data;
    await fila('incluidos');
    expect(await contar('incluidos', 'veiculo_id')).toBe(0);
    expect(await contar('banners', 'banner_id')).toBe(1); // only the loaded queue is cleaned
    expect((await chamar('GET', '/api/moderacao/publicacoes/banners', admin)).statusCode).toBe(200);
    expect((await chamar('GET', '/api/moderacao/publicacoes/vendidos', admin)).statusCode).toBe(200);
    expect(await contar('banners', 'banner_id')).toBe(0);
    expect(await contar('vendidos', 'vendido_id')).toBe(0);
    const depois = (await chamar('GET', '/api/dashboard/contadores', admin)).json().data;
    expect(depois.incluidos).toBe(contadores.incluidos - 1);
    expect(depois.banners).toBe(contadores.banners - 1);
  });
});

describe('banner and sold queues', () => {
  it('a new banner is listed with its image, text and targets; bulk validation empties what was checked', async () => {
    const r = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/banners`, gestorA, {
      imagem: [arquivo('promo.jpg')],
      peblocotextobanners: 'Feirão de sábado',
      ig_stories: true,
      ig_feed: false,
      fb_feed: true,
    });
    expect(r.statusCode, r.body).toBe(200);
    const idBanner = r.json().data.id as string;
    const lista = (await chamar('GET', '/api/moderacao/publicacoes/banners', admin)).json().data as { id: string; idItem: string }[];
    const e = lista.find((l) => l.idItem === idBanner);
    expect(e).toMatchObject({
      fila: 'banners',
      revenda: 'Auto Demo Veículos',
      texto: 'Feirão de sábado',
      imagem: { fileName: 'promo.jpg' },
      ig_stories: true,
      ig_feed: false,
      fb_feed: true,
      valida_stories: false,
    });
    const linha = await chamar('GET', `/api/moderacao/publicacoes/banners/lista/${e?.id}`, admin);
    expect(linha.json().data).toEqual(e);
    const linhas = await chamar('POST', '/api/moderacao/publicacoes/banners/linhas', admin, { ids: [e?.id] });
    expect(linhas.json().data).toEqual([e]);
    expect((await chamar('POST', '/api/moderacao/publicacoes/vendidos/linhas', admin, { ids: [e?.id] })).json().data).toEqual([]);
    const v = await validar('banners', [e?.id ?? '']);
    expect(v.json().data).toEqual({ validados: 1 });
    expect((await chamar('GET', `/api/moderacao/publicacoes/banners/lista/${e?.id}`, admin)).statusCode).toBe(404);
  });

  it('a new sold item is in vendidos', async () => {
    const r = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/vendidos`, gestorA, {
      imagem: [arquivo('vendido.jpg')],
      peblocotextovendidos: 'Mais um vendido!',
    });
    expect(r.statusCode, r.body).toBe(200);
    const lista = (await chamar('GET', '/api/moderacao/publicacoes/vendidos', admin)).json().data as { idItem: string; texto: string }[];
    expect(lista.find((l) => l.idItem === r.json().data.id)?.texto).toBe('Mais um vendido!');
  });
});

describe('access (admin only)', () => {
  it('a gestor gets 403 on lists and validation and validates nothing', async () => {
    const id = await incluir();
    const e = await doVeiculo('incluidos', id);
    expect((await chamar('GET', '/api/moderacao/veiculos/incluidos', gestorA)).statusCode).toBe(403);
    expect((await chamar('GET', '/api/moderacao/publicacoes/vendidos', gestorA)).statusCode).toBe(403);
    expect((await chamar('POST', `/api/moderacao/incluidos/${e?.id}/validar`, gestorA)).statusCode).toBe(403);
    expect((await chamar('POST', '/api/moderacao/incluidos/validar', gestorA, { ids: [e?.id] })).statusCode).toBe(403);
    expect((await chamar('POST', '/api/moderacao/veiculos/incluidos/linhas', gestorA, { ids: [e?.id] })).statusCode).toBe(403);
    expect((await chamar('POST', '/api/moderacao/publicacoes/banners/linhas', gestorA, { ids: [e?.id] })).statusCode).toBe(403);
    expect(await doVeiculo('incluidos', id)).toBeDefined();
  });
});
