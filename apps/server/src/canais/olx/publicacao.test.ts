import { randomUUID } from 'node:crypto';
import type { PostOlx, RascunhoOlx } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRO, canalConfigurado, type sandboxesNoAr, valorOk } from '../../../test/ajuda/veiculo-canal.ts';
import type { SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import type { ContextoCanal } from '../tipos.ts';
import { olx } from './adapter.ts';
import { idOlx, publicacaoOlx as pub } from './publicacao.ts';

/** The OLX publishing adapter against the OLX sandbox (autoupload: catalogue, import, status, delete). */
let s: Awaited<ReturnType<typeof sandboxesNoAr>>;
const veiculoDemo = (extra: Partial<VeiculoParaCanal> = {}): VeiculoParaCanal => ({ ...CARRO, ...extra });
let ctx: ContextoCanal;
let sessao: SessaoCanal;
type AnuncioSandbox = {
  id: string;
  status: string;
  list_id: number;
  ad: { subject: string; price: number; params: Record<string, unknown>; images: string[] };
};
const anuncios = () => s.anuncios<AnuncioSandbox>('olx');
const ref = () => ({ chave: randomUUID(), veiculoId: veiculoDemo().id });

beforeAll(async () => {
  ({ s, ctx, sessao } = await canalConfigurado('olx', (ctx) => olx.configurar(ctx, { code_olx: 'codigo-teste' })));
});
afterAll(() => s.fechar());

const rascunho = async (extra = {}) => valorOk(await pub.rascunho(ctx, sessao, veiculoDemo(extra)));
const postDe = (r: RascunhoOlx, extra: Partial<PostOlx> = {}): PostOlx => ({
  ...r.veiculoPost,
  financial_status: '1',
  car_steering: '1',
  ...extra,
});

describe('Olx draft', () => {
  it('maps the vehicle to OLX codes and resolves the catalogue cascade', async () => {
    const r = await rascunho();
    const marca = r.retMarca.find((m) => m.id === r.veiculoPost.vehicle_brand);
    expect(marca?.nome).toBe('FIAT');
    expect(r.retModelo.find((m) => m.id === r.veiculoPost.vehicle_model)?.nome).toBe('ARGO');
    // Exactly one OLX version matches the product's version: preselected.
    expect(r.retVersao.find((m) => m.id === r.veiculoPost.vehicle_version)?.nome).toBe('DRIVE 1.0 6V FLEX 5P MEC.');
    expect(r.veiculoPost).toMatchObject({
      subject: 'Fiat Argo Drive 1.0 6V Flex 5p Mec. 2023',
      phone: '11987654321',
      zipcode: '01310100',
      price: 72900,
      regdate: '2023',
      mileage: 18500,
      gearbox: '1',
      fuel: '3',
      doors: '2',
      end_tag: '4',
      vehicle_tag: 'FDA1B23',
      car_steering: '0',
      motorpower: '1',
      cartype: '9',
      carcolor: '2',
      financial_status: '0',
      financial: ['2'],
    });
    // "Airbag" is "Air bag" at OLX (a synonym since issue 23 item 10).
    expect(r.retOpcionais.filter((o) => o.checked).map((o) => o.nome)).toEqual(['Air bag', 'Ar condicionado']);
    expect(r.retEstadoFinanceiro.find((o) => o.checked)?.nome).toBe('IPVA pago');
    expect(r.images).toHaveLength(2);
    // Lists sorted case-insensitively (spec 3 §2.1): brands, and the options and financial state checklists too.
    for (const lista of [r.retMarca, r.retOpcionais, r.retEstadoFinanceiro]) {
      const nomes = lista.map((m) => m.nome);
      expect(nomes).toEqual([...nomes].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
    }
  });

  it('cascades: models of a brand, versions of a model', async () => {
    const r = await rascunho();
    const modelos = await pub.modelos?.(ctx, sessao, veiculoDemo(), r.veiculoPost.vehicle_brand);
    expect(modelos?.ok && modelos.valor.map((m) => m.nome).sort()).toEqual(['ARGO', 'MOBI']);
    const versoes = await pub.versoes?.(ctx, sessao, veiculoDemo(), r.veiculoPost.vehicle_brand, r.veiculoPost.vehicle_model);
    expect(versoes?.ok && versoes.valor.length).toBe(2);
  });

  it('a brand OLX does not know leaves the cascade for the user; motorcycles are not published', async () => {
    const r = await rascunho({ marca: 'Lada', modelo: 'Niva' });
    expect([r.veiculoPost.vehicle_brand, r.retModelo]).toEqual(['', []]);
    const moto = await pub.rascunho(ctx, sessao, veiculoDemo({ tipo: 'moto' }));
    expect(moto.ok ? null : moto.erro.texto).toBe('Operação não permitida para esse tipo de veículo.');
  });

  it('a token OLX does not accept is an authorisation error', async () => {
    const r = await pub.rascunho(ctx, { segredos: { access_token: 'vencido' }, dados: {} }, veiculoDemo());
    expect(r.ok ? null : r.erro.tipo).toBe('auth');
  });
});

describe('Olx asynchronous import', () => {
  it('sends the ad with our key as its id, pending until OLX processes it; the status poll then gives list_id and url', async () => {
    const r = await rascunho();
    const referencia = ref();
    const enviado = await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r), referencia);
    if (!enviado.ok) throw new Error(JSON.stringify(enviado));
    const id = idOlx(referencia.chave);
    expect(id).toMatch(/^[A-Za-z0-9_{}-]{1,19}$/);
    expect(enviado.valor).toMatchObject({ idAnuncio: id, confirmacao: 'pendente', dados: { token_importacao: expect.any(String) } });
    const noCanal = (await anuncios()).find((a) => a.id === id);
    expect(noCanal?.status).toBe('pending_review');
    expect(noCanal?.ad.params).toMatchObject({ vehicle_tag: 'FDA1B23', financial: ['2'], car_features: ['1', '5'], car_steering: '1' });
    // Optional params not chosen are not sent (OLX refuses empty or 0 params).
    expect(noCanal?.ad.params).not.toHaveProperty('exchange');
    expect(noCanal?.ad.images).toEqual(veiculoDemo().fotos.map((f) => f.urlOriginal));

    const comToken = { ...referencia, idAnuncio: id, dados: enviado.valor.dados };
    const primeira = await pub.consultar(ctx, sessao, comToken);
    expect(primeira.ok && primeira.valor?.confirmacao).toBe('pendente');
    const segunda = await pub.consultar(ctx, sessao, comToken);
    expect(segunda.ok && segunda.valor).toMatchObject({
      idAnuncio: id,
      confirmacao: 'imediata',
      urlAnuncio: `https://www.olx.com.br/vi/${noCanal?.list_id}.htm`,
      dados: { list_id: noCanal?.list_id },
    });
    expect((await anuncios()).find((a) => a.id === id)?.status).toBe('published');
  });

  it("price, model year and mileage (read-only on the screen) are the vehicle's own, whatever the post says", async () => {
    const r = await rascunho();
    const enviado = await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r, { price: 1, regdate: '1999', mileage: 3 }), ref());
    if (!enviado.ok) throw new Error(JSON.stringify(enviado));
    const noCanal = (await anuncios()).find((a) => a.id === enviado.valor.idAnuncio);
    expect(noCanal?.ad.price).toBe(72900);
    expect(noCanal?.ad.params).toMatchObject({ regdate: '2023', mileage: 18500 });
  });

  it('reconciles by our id in the published list when the import token was lost; a retry edits instead of duplicating', async () => {
    const r = await rascunho();
    const referencia = ref();
    await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r), referencia);
    const denovo = await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r, { subject: 'Argo revisado' }), referencia);
    expect(denovo.ok).toBe(true);
    const id = idOlx(referencia.chave);
    expect((await anuncios()).filter((a) => a.id === id).map((a) => a.ad.subject)).toEqual(['Argo revisado']);
    expect((await pub.consultar(ctx, sessao, referencia)).ok).toBe(true);
    const achado = await pub.consultar(ctx, sessao, referencia);
    expect(achado.ok && achado.valor).toMatchObject({ idAnuncio: id, confirmacao: 'imediata' });
    expect(await pub.consultar(ctx, sessao, ref())).toEqual({ ok: true, valor: null });
  });

  it('an ad OLX refuses after processing comes back as refused with the reason', async () => {
    const r = await rascunho();
    const referencia = ref();
    const enviado = await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r, { subject: 'Argo recusar' }), referencia);
    if (!enviado.ok) throw new Error(JSON.stringify(enviado));
    const comToken = { ...referencia, idAnuncio: enviado.valor.idAnuncio, dados: enviado.valor.dados };
    await pub.consultar(ctx, sessao, comToken);
    const r2 = await pub.consultar(ctx, sessao, comToken);
    expect(r2.ok ? null : r2.erro).toMatchObject({ tipo: 'rejected', texto: expect.stringContaining('A Olx recusou o anúncio') });
  });
});

describe('Olx failures at import', () => {
  it('an invalid ad cancels the batch (-4) with the reasons in Portuguese', async () => {
    const r = await rascunho();
    const semFotos = await pub.enviar(ctx, sessao, veiculoDemo({ fotos: [] }), postDe(r, { vehicle_version: '999' }), ref());
    expect(semFotos.ok ? null : semFotos.erro).toMatchObject({
      tipo: 'validation',
      mensagem: expect.stringContaining('o veículo não tem fotos'),
    });
    expect(semFotos.ok ? '' : semFotos.erro.mensagem).toContain('marca, modelo e versão não conferem com o catálogo da Olx');
  });

  it('unexpected error (-1) is transient, no slots (-7) is quota, no answer times out', async () => {
    const r = await rascunho();
    const falhou = await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r, { subject: 'Argo falhar' }), ref());
    expect(falhou.ok ? null : falhou.erro.tipo).toBe('transient');
    const semVaga = await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r, { subject: 'Argo semvaga' }), ref());
    expect(semVaga.ok ? null : semVaga.erro.tipo).toBe('quota');
    const travou = await pub.enviar(s.ctx('olx', 300), sessao, veiculoDemo(), postDe(r, { subject: 'Argo travar' }), ref());
    expect(travou.ok ? null : travou.erro.mensagem).toContain('tempo esgotado');
  });
});

describe('Olx delete', () => {
  it('deletes by our id; deleting again is "already removed"', async () => {
    const r = await rascunho();
    const enviado = await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r), ref());
    if (!enviado.ok) throw new Error(JSON.stringify(enviado));
    expect(await pub.excluir(ctx, sessao, enviado.valor.idAnuncio)).toEqual({ ok: true, valor: 'removido' });
    expect((await anuncios()).find((a) => a.id === enviado.valor.idAnuncio)?.status).toBe('deleted');
    expect(await pub.excluir(ctx, sessao, enviado.valor.idAnuncio)).toEqual({ ok: true, valor: 'jaRemovido' });
    expect(await pub.excluir(ctx, sessao, 'nunca-existiu')).toEqual({ ok: true, valor: 'jaRemovido' });
  });
});

describe('Olx update (issue 24 item 1: insert on the same id)', () => {
  const { atualizar, postAtualizado } = pub as Required<typeof pub>;
  const foto = (n: number) => ({ ...CARRO.fotos[0], urlOriginal: `https://cdn.autodemo.test/o${n}.jpg` }) as (typeof CARRO.fotos)[0];
  /** The Argo after the dealer's edit: price, km, notes, colour, options and photos (a new one first, the old ones swapped). */
  const editado = veiculoDemo({
    valor: 69900,
    km: 20100,
    observacao: 'Revisado na concessionária.',
    cor: 'Preto',
    opcionais: ['Alarme'],
    fotos: [foto(3), foto(2), foto(1)],
  });
  type Editado = AnuncioSandbox & { alteracoes: number; ad: AnuncioSandbox['ad'] & { body: string } };
  const doCanal = async (id: string) => (await anuncios()).filter((a) => a.id === id) as Editado[];
  async function publicado(extra: Partial<PostOlx> = {}) {
    const post = postDe(await rascunho(), extra);
    const enviado = valorOk(await pub.enviar(ctx, sessao, veiculoDemo(), post, ref()));
    return { post, id: enviado.idAnuncio };
  }

  it('edits price, km, description, colour, options and photos in order on the same ad; twice leaves one ad', async () => {
    const { post, id } = await publicado({ subject: 'Argo impecável', financial: ['2', '3'] });
    const novo = postAtualizado(editado, post);
    expect(novo).toMatchObject({
      subject: 'Argo impecável',
      body: 'Revisado na concessionária.',
      price: 69900,
      mileage: 20100,
      carcolor: '1',
      car_features: ['6'],
      financial: ['3', '2'],
      car_steering: '1',
      vehicle_brand: post.vehicle_brand,
    });
    const r = valorOk(await atualizar(ctx, sessao, editado, id, novo));
    // Asynchronous as the send: pending with the import token, which consultar polls until OLX accepts the edit.
    expect(r).toMatchObject({ idAnuncio: id, confirmacao: 'pendente', dados: { token_importacao: expect.any(String) } });
    const [noCanal] = await doCanal(id);
    const esperado = {
      subject: 'Argo impecável',
      body: 'Revisado na concessionária.',
      price: 69900,
      images: [3, 2, 1].map((n) => `https://cdn.autodemo.test/o${n}.jpg`),
    };
    expect(noCanal?.ad).toMatchObject(esperado);
    expect(noCanal?.ad.params).toMatchObject({ mileage: 20100, carcolor: '1', car_features: ['6'] });
    expect(noCanal?.alteracoes).toBe(1);
    const confirmacao = { chave: 'x', veiculoId: 'v1', idAnuncio: id, dados: r.dados };
    await pub.consultar(ctx, sessao, confirmacao);
    expect((await pub.consultar(ctx, sessao, confirmacao)).ok).toBe(true);
    expect((await doCanal(id))[0]?.status).toBe('published');

    valorOk(await atualizar(ctx, sessao, editado, id, novo));
    const denovo = await doCanal(id);
    expect(denovo).toHaveLength(1);
    expect(denovo[0]).toMatchObject({ list_id: noCanal?.list_id, alteracoes: 2, ad: esperado });
  });

  it('an ad OLX does not have, or deleted, is a clear error and is not imported (an insert would create it)', async () => {
    const { post, id } = await publicado();
    const antes = (await anuncios()).length;
    const desconhecido = await atualizar(ctx, sessao, editado, 'nunca-existiu', postAtualizado(editado, post));
    expect(desconhecido.ok ? null : desconhecido.erro).toMatchObject({
      tipo: 'rejected',
      texto: 'O anúncio nunca-existiu não existe mais na Olx (foi removido no canal).',
    });
    expect(await pub.excluir(ctx, sessao, id)).toEqual({ ok: true, valor: 'removido' });
    const removido = await atualizar(ctx, sessao, editado, id, postAtualizado(editado, post));
    expect(removido.ok ? null : removido.erro.tipo).toBe('rejected');
    expect((await anuncios()).length).toBe(antes);
    expect((await doCanal(id))[0]?.status).toBe('deleted');
  });

  it("maps OLX's answers: invalid ad (-4), failure (-1), too many requests (-2: transient, with a wait), bad token", async () => {
    const { post, id } = await publicado();
    const novo = postAtualizado(editado, post);
    const semFotos = await atualizar(ctx, sessao, veiculoDemo({ ...editado, fotos: [] }), id, novo);
    expect(semFotos.ok ? null : semFotos.erro).toMatchObject({ tipo: 'validation', mensagem: 'o veículo não tem fotos (images)' });
    const falhou = await atualizar(ctx, sessao, editado, id, { ...novo, subject: 'Argo falhar' });
    expect(falhou.ok ? null : falhou.erro.tipo).toBe('transient');
    const limitado = await atualizar(ctx, sessao, editado, id, { ...novo, subject: 'Argo limitar' });
    expect(limitado.ok ? null : limitado.erro).toMatchObject({ tipo: 'transient', esperarSegundos: 60 });
    expect((await doCanal(id))[0]?.alteracoes).toBe(0);
    const semToken = await atualizar(ctx, { segredos: { access_token: 'vencido' }, dados: {} }, editado, id, novo);
    expect(semToken.ok ? null : semToken.erro.tipo).toBe('auth');
  });
});
