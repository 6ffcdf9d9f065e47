import { randomUUID } from 'node:crypto';
import type { PostMercadoLivre, RascunhoMercadoLivre } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRO, canalConfigurado, type sandboxesNoAr, valorOk } from '../../../test/ajuda/veiculo-canal.ts';
import type { SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import type { ContextoCanal } from '../tipos.ts';
import { mercadolivre } from './adapter.ts';
import { publicacaoMercadoLivre as pub } from './publicacao.ts';

/** The Mercado Livre publishing adapter against its sandbox: attributes, items, description, delete, token rotation. */
let s: Awaited<ReturnType<typeof sandboxesNoAr>>;
const veiculoDemo = (extra: Partial<VeiculoParaCanal> = {}): VeiculoParaCanal => ({ ...CARRO, ...extra });
let ctx: ContextoCanal;
let sessao: SessaoCanal;
type ItemSandbox = {
  id: string;
  status: string;
  deleted?: boolean;
  title: string;
  seller_custom_field: string;
  attributes: { id: string; value_id?: string; value_name?: string }[];
  pictures: { source: string }[];
  location: { zip_code: string; address_line: string };
  descricao: string | null;
};
const itens = () => s.anuncios<ItemSandbox>('mercadolivre');
const ref = () => ({ chave: randomUUID(), veiculoId: veiculoDemo().id });

beforeAll(async () => {
  ({ s, ctx, sessao } = await canalConfigurado('mercadolivre', (ctx) => mercadolivre.configurar(ctx, { code_ml: 'codigo-teste' })));
});
afterAll(() => s.fechar());

const rascunho = async (extra = {}) => valorOk(await pub.rascunho(ctx, sessao, veiculoDemo(extra)));
const postDe = (r: RascunhoMercadoLivre, extra: Partial<PostMercadoLivre> = {}): PostMercadoLivre => ({
  ml_titulo_anuncio: r.veiculoPost.title,
  ml_descricao_anuncio: r.veiculoPost.description.plain_text,
  ml_attributes: r.ml_values,
  ml_veiculo_post: { location: r.veiculoPost.location },
  ...extra,
});
const nomeDoValor = (r: RascunhoMercadoLivre, atributo: string) =>
  [...r.requiredAtributos, ...r.newAtributos].find((a) => a.id === atributo)?.values.find((v) => v.id === r.ml_values[atributo])?.name;

describe('Mercado Livre draft', () => {
  it('car: required and optional attributes of MLB1744 by type, prefilled from the vehicle', async () => {
    const r = await rascunho();
    expect(r.requiredAtributos.map((a) => a.id).sort()).toEqual(
      ['BRAND', 'COLOR', 'DOORS', 'FUEL_TYPE', 'KILOMETERS', 'MODEL', 'TRANSMISSION', 'TRIM', 'VEHICLE_YEAR'].sort(),
    );
    expect(new Set([...r.requiredAtributos, ...r.newAtributos].map((a) => a.value_type))).toEqual(
      new Set(['string', 'number', 'number_unit', 'list', 'boolean']),
    );
    // COLOR is a list (a select on the screen).
    expect(r.requiredAtributos.find((a) => a.id === 'COLOR')?.value_type).toBe('list');
    expect([nomeDoValor(r, 'BRAND'), nomeDoValor(r, 'COLOR'), nomeDoValor(r, 'FUEL_TYPE'), nomeDoValor(r, 'TRANSMISSION')]).toEqual([
      'Fiat',
      'Branco',
      'Gasolina e álcool',
      'Manual',
    ]);
    expect(r.ml_values).toMatchObject({
      MODEL: 'Argo',
      TRIM: 'Drive 1.0 6V Flex 5p Mec.',
      VEHICLE_YEAR: '2023',
      KILOMETERS: '18500 km',
      DOORS: '4',
      LICENSE_PLATE: 'FDA1B23',
    });
    expect(nomeDoValor(r, 'HAS_AIR_CONDITIONING')).toBe('Sim');
    expect(nomeDoValor(r, 'ARMORED')).toBe('Não');
    expect(r.veiculoPost).toMatchObject({
      title: 'FIAT ARGO DRIVE 1.0 6V FLEX 5P MEC. 2023',
      price: 72900,
      location: { zip_code: '01310100', address_line: 'Avenida Paulista' },
    });
    expect(r.veiculoPost.description.plain_text).toContain('Opcionais: Ar-condicionado');
    expect(r.veiculoPost.pictures).toHaveLength(2);
  });

  it('motorcycle: MLB1763 attributes (displacement); other types are not permitted', async () => {
    const r = await rascunho({ tipo: 'moto', marca: 'Honda', modelo: 'CG', versao: '160 Fan', portas: null });
    expect(r.requiredAtributos.map((a) => a.id)).not.toContain('DOORS');
    expect(r.ml_values.ENGINE_DISPLACEMENT).toBe('160 cc');
    expect(nomeDoValor(r, 'BRAND')).toBe('Honda');
    const caminhao = await pub.rascunho(ctx, sessao, veiculoDemo({ tipo: 'caminhao' }));
    expect(caminhao.ok ? null : caminhao.erro.texto).toBe('Operação não permitida para esse tipo de veículo.');
  });
});

describe('Mercado Livre item', () => {
  it('creates the item with attributes, pictures, our key and the description', async () => {
    const r = await rascunho();
    const referencia = ref();
    const enviado = await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r, { ml_titulo_anuncio: 'Argo impecável' }), referencia);
    if (!enviado.ok) throw new Error(JSON.stringify(enviado));
    expect(enviado.valor).toMatchObject({ idAnuncio: expect.stringMatching(/^MLB\d+$/), confirmacao: 'imediata' });
    expect(enviado.valor.urlAnuncio).toMatch(/^https:\/\/carro\.mercadolivre\.com\.br\/MLB-/);
    const item = (await itens()).find((i) => i.id === enviado.valor.idAnuncio);
    expect(item).toMatchObject({
      title: 'ARGO IMPECÁVEL',
      seller_custom_field: referencia.chave,
      status: 'active',
      location: { zip_code: '01310100' },
      descricao: r.veiculoPost.description.plain_text,
    });
    expect(item?.pictures.map((p) => p.source)).toEqual(veiculoDemo().fotos.map((f) => f.urlOriginal));
    expect(item?.attributes).toContainEqual({ id: 'COLOR', value_id: '52055' });
    expect(item?.attributes).toContainEqual({ id: 'KILOMETERS', value_name: '18500 km' });
    // Reconciliation by the key, and by the advert id.
    const porChave = await pub.consultar(ctx, sessao, referencia);
    expect(porChave.ok && porChave.valor?.idAnuncio).toBe(enviado.valor.idAnuncio);
    expect(await pub.consultar(ctx, sessao, ref())).toEqual({ ok: true, valor: null });
  });

  it('a required attribute left empty is refused before calling the channel, one message per line', async () => {
    const r = await rascunho();
    const antes = (await itens()).length;
    const e = await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r, { ml_attributes: { ...r.ml_values, COLOR: '', TRIM: ' ' } }), ref());
    expect(e.ok ? null : e.erro).toMatchObject({ tipo: 'validation', texto: "'Cor' é obrigatório.\n'Versão' é obrigatório." });
    expect((await itens()).length).toBe(antes);
  });

  it("the channel's refusals keep ML's error body (shown as JSON); a failure is transient", async () => {
    const r = await rascunho();
    const semFotos = await pub.enviar(ctx, sessao, veiculoDemo({ fotos: [] }), postDe(r), ref());
    expect(semFotos.ok ? null : semFotos.erro.tipo).toBe('validation');
    const corpo = JSON.parse(semFotos.ok ? '{}' : (semFotos.erro.detalhe ?? '{}')) as { error: string; cause: { code: string }[] };
    expect(corpo.error).toBe('validation_error');
    expect(corpo.cause.map((c) => c.code)).toContain('item.pictures.required');
    expect(semFotos.ok ? '' : semFotos.erro.texto).toContain('"item.pictures.required"');
    const semPacote = await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r, { ml_titulo_anuncio: 'Argo recusar' }), ref());
    expect(semPacote.ok ? null : semPacote.erro.tipo).toBe('auth');
    expect(semPacote.ok ? '' : semPacote.erro.texto).toContain('seller.unable_to_list');
    const falhou = await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r, { ml_titulo_anuncio: 'Argo falhar' }), ref());
    expect(falhou.ok ? null : falhou.erro.tipo).toBe('transient');
    const vencido = await pub.enviar(ctx, { segredos: { access_token: 'x' }, dados: {} }, veiculoDemo(), postDe(r), ref());
    expect(vencido.ok ? null : vencido.erro.tipo).toBe('auth');
  });

  it('delete closes then deletes; again is "already removed"', async () => {
    const r = await rascunho();
    const enviado = await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r), ref());
    if (!enviado.ok) throw new Error(JSON.stringify(enviado));
    expect(await pub.excluir(ctx, sessao, enviado.valor.idAnuncio)).toEqual({ ok: true, valor: 'removido' });
    expect((await itens()).find((i) => i.id === enviado.valor.idAnuncio)).toMatchObject({ status: 'closed', deleted: true });
    expect(await pub.excluir(ctx, sessao, enviado.valor.idAnuncio)).toEqual({ ok: true, valor: 'jaRemovido' });
    expect(await pub.consultar(ctx, sessao, { ...ref(), idAnuncio: enviado.valor.idAnuncio })).toEqual({ ok: true, valor: null });
  });

  it('an item closed at ML (by hand) is only deleted', async () => {
    const r = await rascunho();
    const enviado = await pub.enviar(ctx, sessao, veiculoDemo(), postDe(r), ref());
    if (!enviado.ok) throw new Error(JSON.stringify(enviado));
    await fetch(`${s.origem}/sandbox/mercadolivre/items/${enviado.valor.idAnuncio}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${sessao.segredos.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'closed' }),
    });
    expect(await pub.excluir(ctx, sessao, enviado.valor.idAnuncio)).toEqual({ ok: true, valor: 'removido' });
  });
});

describe('Mercado Livre update (issue 24 item 1: PUT /items/{id} and its description)', () => {
  const { atualizar, postAtualizado } = pub as Required<typeof pub>;
  const foto = (n: number) => ({ ...CARRO.fotos[0], urlOriginal: `https://cdn.autodemo.test/o${n}.jpg` }) as (typeof CARRO.fotos)[0];
  /** The Argo after the dealer's edit: price, km, notes, colour and photos (a new one first, the old ones swapped). */
  const editado = veiculoDemo({
    valor: 69900,
    km: 20100,
    observacao: 'Revisado na concessionária.',
    cor: 'Preto',
    fotos: [foto(3), foto(2), foto(1)],
  });
  type ItemEditado = ItemSandbox & { price: number; alteracoes?: number };
  const item = async (id: string) => (await itens()).find((i) => i.id === id) as ItemEditado | undefined;
  async function publicado(titulo = 'Argo impecável') {
    const r = await rascunho();
    const post = postDe(r, { ml_titulo_anuncio: titulo });
    const referencia = ref();
    return { post, referencia, anuncio: valorOk(await pub.enviar(ctx, sessao, veiculoDemo(), post, referencia)) };
  }

  it('changes price, km, colour, pictures in order and the description on the same item; twice leaves it as once', async () => {
    const { post, referencia, anuncio } = await publicado();
    const novo = postAtualizado(editado, post);
    expect(novo).toMatchObject({ ml_titulo_anuncio: 'Argo impecável', ml_attributes: { KILOMETERS: '20100 km', COLOR: 'Preto' } });
    expect(novo.ml_descricao_anuncio).toContain('Revisado na concessionária.');
    const r = valorOk(await atualizar(ctx, sessao, editado, anuncio.idAnuncio, novo));
    expect(r).toMatchObject({ idAnuncio: anuncio.idAnuncio, urlAnuncio: anuncio.urlAnuncio, confirmacao: 'imediata' });
    const esperado = {
      title: 'ARGO IMPECÁVEL',
      price: 69900,
      status: 'active',
      seller_custom_field: referencia.chave,
      descricao: novo.ml_descricao_anuncio,
      pictures: [3, 2, 1].map((n) => expect.objectContaining({ source: `https://cdn.autodemo.test/o${n}.jpg` })),
    };
    const cor = (await rascunho({ cor: 'Preto' })).ml_values.COLOR;
    const depois = await item(anuncio.idAnuncio);
    expect(depois).toMatchObject({ ...esperado, alteracoes: 1 });
    expect(depois?.attributes).toContainEqual({ id: 'KILOMETERS', value_name: '20100 km' });
    // The colour by its name, sent as the category's value id; brand and model as chosen at the send.
    expect(depois?.attributes).toContainEqual({ id: 'COLOR', value_id: cor });
    expect(depois?.attributes.filter((a) => a.id === 'COLOR')).toHaveLength(1);
    expect(depois?.attributes).toContainEqual({ id: 'MODEL', value_name: 'Argo' });

    valorOk(await atualizar(ctx, sessao, editado, anuncio.idAnuncio, novo));
    expect(await item(anuncio.idAnuncio)).toMatchObject({ ...esperado, alteracoes: 2 });
    expect((await itens()).filter((i) => i.seller_custom_field === referencia.chave)).toHaveLength(1);
    expect((await item(anuncio.idAnuncio))?.pictures).toHaveLength(3);
  });

  it('an unknown or closed item is a clear error and creates nothing', async () => {
    const { post, anuncio } = await publicado();
    const antes = (await itens()).length;
    const desconhecido = await atualizar(ctx, sessao, editado, 'MLB1', postAtualizado(editado, post));
    expect(desconhecido.ok ? null : desconhecido.erro).toMatchObject({
      tipo: 'rejected',
      texto: 'O anúncio MLB1 não existe mais no Mercado Livre (foi removido no canal).',
    });
    expect(await pub.excluir(ctx, sessao, anuncio.idAnuncio)).toEqual({ ok: true, valor: 'removido' });
    const removido = await atualizar(ctx, sessao, editado, anuncio.idAnuncio, postAtualizado(editado, post));
    expect(removido.ok ? null : removido.erro.tipo).toBe('rejected');
    expect((await itens()).length).toBe(antes);
  });

  it("maps ML's errors: refused data (JSON body), failure, rate limit (transient with the wait) on the item or the description", async () => {
    const { post, anuncio } = await publicado();
    const novo = postAtualizado(editado, post);
    const semFotos = await atualizar(ctx, sessao, veiculoDemo({ ...editado, fotos: [] }), anuncio.idAnuncio, novo);
    expect(semFotos.ok ? null : semFotos.erro).toMatchObject({
      tipo: 'validation',
      texto: expect.stringContaining('item.pictures.required'),
    });
    const falhou = await atualizar(ctx, sessao, editado, anuncio.idAnuncio, { ...novo, ml_titulo_anuncio: 'Argo falhar' });
    expect(falhou.ok ? null : falhou.erro.tipo).toBe('transient');
    const limitado = await atualizar(ctx, sessao, editado, anuncio.idAnuncio, { ...novo, ml_titulo_anuncio: 'Argo limitar' });
    expect(limitado.ok ? null : limitado.erro).toMatchObject({ tipo: 'transient', esperarSegundos: 2 });
    expect(await item(anuncio.idAnuncio)).not.toHaveProperty('alteracoes');
    const descricao = await atualizar(ctx, sessao, editado, anuncio.idAnuncio, { ...novo, ml_descricao_anuncio: 'Veja em www.loja.test' });
    expect(descricao.ok ? null : descricao.erro).toMatchObject({
      tipo: 'validation',
      texto: expect.stringContaining('item.description.invalid'),
    });
    const semAtributo = await atualizar(ctx, sessao, editado, anuncio.idAnuncio, {
      ...novo,
      ml_attributes: { ...novo.ml_attributes, TRIM: '' },
    });
    expect(semAtributo.ok ? null : semAtributo.erro).toMatchObject({ tipo: 'validation', texto: "'Versão' é obrigatório." });
  });
});

describe('Mercado Livre token rotation', () => {
  it('each refresh answers a new pair; the spent refresh token is refused, the new access token publishes', async () => {
    const renovar = mercadolivre.renovar;
    if (!renovar) throw new Error('Mercado Livre renova tokens');
    const novo = await renovar(ctx, sessao.segredos, sessao.dados);
    if (!novo.ok) throw new Error(JSON.stringify(novo));
    expect(novo.valor.segredos.refresh_token).not.toBe(sessao.segredos.refresh_token);
    const denovo = await renovar(ctx, sessao.segredos, sessao.dados);
    expect(denovo.ok ? null : denovo.erro.tipo).toBe('auth');
    const r = await pub.rascunho(ctx, { segredos: novo.valor.segredos, dados: novo.valor.dados }, veiculoDemo());
    expect(r.ok).toBe(true);
  });
});
