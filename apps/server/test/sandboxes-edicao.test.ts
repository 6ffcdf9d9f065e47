import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operarAutoline } from '../src/canais/autoline/client.ts';
import { modeloAutoline, publicacaoAutoline } from '../src/canais/autoline/publicacao.ts';
import { REALM_ICARROS } from '../src/canais/icarros/client.ts';
import { configurarKeycloak } from '../src/canais/keycloak.ts';
import { REALM_MOBIAUTO } from '../src/canais/mobiauto/client.ts';
import { CARRO, referencia, sandboxesNoAr, valorOk } from './ajuda/veiculo-canal.ts';

/**
 * The sandboxes' edit operations (issue 24 item 1), called as the public contracts describe them (channels.md §4, §5,
 * §6, §9): validation, an unknown advert, and the stored advert changed where the inspection route shows it.
 */
let sb: Awaited<ReturnType<typeof sandboxesNoAr>>;
beforeAll(async () => {
  sb = await sandboxesNoAr();
});
afterAll(() => sb.fechar());

type Chamada = { status: number; corpo: Record<string, unknown> };
async function chamar(url: string, metodo: string, token: string, corpo?: unknown): Promise<Chamada> {
  const r = await fetch(`${sb.origem}${url}`, {
    method: metodo,
    headers: { authorization: `Bearer ${token}`, ...(corpo === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
  });
  const texto = await r.text();
  return { status: r.status, corpo: texto ? (JSON.parse(texto) as Record<string, unknown>) : {} };
}

describe('iCarros sandbox: PUT /deals/{id}, its price and images calls', () => {
  const base = '/sandbox/icarros/pj/v1/core';
  let token = '';
  let deal: Record<string, unknown> = {};
  beforeAll(async () => {
    token = valorOk(await configurarKeycloak(sb.ctx('icarros'), REALM_ICARROS, 'loja@autodemo.test', 's')).segredos.access_token ?? '';
    const lista = async (c: string) => ((await chamar(`${base}/database/${c}`, 'GET', token)).corpo as unknown as { id: number }[])[0]?.id;
    const marca = ((await chamar(`${base}/database/makes?categoryId=1`, 'GET', token)).corpo as unknown as { id: number }[])[0]?.id;
    const modelo = ((await chamar(`${base}/database/models?makeId=${marca}`, 'GET', token)).corpo as unknown as { id: number }[])[0]?.id;
    const versao = (
      (await chamar(`${base}/database/trims?makeId=${marca}&modelId=${modelo}`, 'GET', token)).corpo as unknown as { id: number }[]
    )[0]?.id;
    deal = {
      dealerId: 4321,
      makeId: marca,
      modelId: modelo,
      trimId: versao,
      colorId: await lista('colors'),
      fuelId: await lista('fuels'),
      transmissionId: await lista('transmissions'),
      doors: 4,
      km: 1000,
      price: 50000,
      priority: 3,
      text: 'Original',
    };
  });
  const noCanal = async (id: unknown) => (await sb.anuncios<Record<string, unknown>>('icarros')).find((a) => a.id === id);

  it('edits the deal (the price only through its own call), replaces and orders the photos; unknown deal 404; bad data 422', async () => {
    const { corpo: criado } = await chamar(`${base}/deals`, 'POST', token, deal);
    const id = criado.id;
    for (const n of [1, 2, 3]) await chamar(`${base}/deals/${id}/images`, 'POST', token, { photo: `https://f.test/${n}.jpg` });
    const editado = await chamar(`${base}/deals/${id}`, 'PUT', token, { ...deal, id, km: 2000, price: 1, text: 'Editado' });
    expect(editado.status).toBe(200);
    expect(await noCanal(id)).toMatchObject({ km: 2000, price: 50000, text: 'Editado' });
    expect((await chamar(`${base}/deals/${id}/price`, 'PUT', token, { id, price: 45000 })).status).toBe(200);
    expect(await noCanal(id)).toMatchObject({ price: 45000 });
    expect((await chamar(`${base}/deals/${id}/price`, 'PUT', token, { id, price: 0 })).status).toBe(422);
    expect((await chamar(`${base}/deals/${id}/images/2`, 'DELETE', token)).status).toBe(204);
    expect((await chamar(`${base}/deals/${id}/images/2`, 'DELETE', token)).status).toBe(404);
    await chamar(`${base}/deals/${id}/images`, 'POST', token, { photo: 'https://f.test/4.jpg' });
    expect(
      (await chamar(`${base}/deals/${id}/orderImages`, 'PUT', token, { array_photos: '4_1', dealId: id, dealerId: 4321 })).status,
    ).toBe(400);
    expect(
      (await chamar(`${base}/deals/${id}/orderImages`, 'PUT', token, { array_photos: '4_1_3', dealId: id, dealerId: 4321 })).status,
    ).toBe(200);
    expect(((await noCanal(id))?.images as { photo: string }[] | undefined)?.map((i) => i.photo)).toEqual([
      'https://f.test/4.jpg',
      'https://f.test/1.jpg',
      'https://f.test/3.jpg',
    ]);
    expect((await chamar(`${base}/deals/${id}/images`, 'DELETE', token)).status).toBe(204);
    expect((await noCanal(id))?.images).toEqual([]);
    expect((await chamar(`${base}/deals/${id}`, 'PUT', token, { ...deal, colorId: 1 })).status).toBe(422);
    expect((await chamar(`${base}/deals/1`, 'PUT', token, deal)).status).toBe(404);
    expect((await chamar(`${base}/deals/1/price`, 'PUT', token, { price: 10 })).status).toBe(404);
    expect((await chamar(`${base}/deals/${id}`, 'PUT', 'outro', deal)).status).toBe(401);
  });
});

describe('Mobiauto sandbox: PUT …/inventory/v1.0/{dealId} and the deal photos', () => {
  const base = '/sandbox/mobiauto/api';
  const inventario = `${base}/dealer/98765/inventory/v1.0`;
  let token = '';
  let deal: Record<string, unknown> = {};
  beforeAll(async () => {
    token = valorOk(await configurarKeycloak(sb.ctx('mobiauto'), REALM_MOBIAUTO, 'loja@autodemo.test', 's')).segredos.access_token ?? '';
    const primeiro = async (c: string) =>
      ((await chamar(`${base}/vehicle/v1.0/${c}`, 'GET', token)).corpo as unknown as { id: number }[])[0]?.id;
    const marca = await primeiro('makes/CAR');
    const modelo = await primeiro(`models/CAR/${marca}`);
    deal = {
      vehicleType: 'CAR',
      trimId: await primeiro(`trims/CAR/${modelo}`),
      colorId: await primeiro('colors'),
      fuelId: await primeiro('fuels'),
      transmissionId: await primeiro('transmissions'),
      doors: 4,
      km: 1000,
      price: 50000,
      description: 'Original',
    };
  });
  const noCanal = async (id: unknown) => (await sb.anuncios<Record<string, unknown>>('mobiauto')).find((a) => a.id === id);

  it('edits the deal keeping its photos and publishing; lists and deletes photos; unknown deal 404; bad data 400', async () => {
    const { corpo: criado } = await chamar(inventario, 'POST', token, { ...deal, externalId: 'ref-1' });
    const id = criado.id;
    await chamar(`${inventario}/${id}/image`, 'POST', token, [
      { url: 'https://f.test/1.jpg', position: 1 },
      { url: 'https://f.test/2.jpg', position: 2 },
    ]);
    const editado = await chamar(`${inventario}/${id}`, 'PUT', token, { ...deal, id, price: 45000, km: 2000, description: 'Editado' });
    expect(editado.status).toBe(200);
    expect(await noCanal(id)).toMatchObject({ price: 45000, km: 2000, description: 'Editado', externalId: 'ref-1', published: false });
    const imagens = (await chamar(`${inventario}/${id}/image`, 'GET', token)).corpo as unknown as { id: number; position: number }[];
    expect(imagens.map((i) => i.position)).toEqual([1, 2]);
    expect((await chamar(`${inventario}/${id}/image/${imagens[0]?.id}`, 'DELETE', token)).status).toBe(204);
    expect((await chamar(`${inventario}/${id}/image/${imagens[0]?.id}`, 'DELETE', token)).status).toBe(404);
    expect(((await noCanal(id))?.images as unknown[] | undefined)?.length).toBe(1);
    expect((await chamar(`${inventario}/${id}`, 'PUT', token, { ...deal, colorId: 1 })).status).toBe(400);
    expect((await chamar(`${inventario}/${id}`, 'PUT', token, { ...deal, id: 5 })).status).toBe(400);
    expect((await chamar(`${inventario}/1`, 'PUT', token, deal)).status).toBe(404);
    expect((await chamar(`${inventario}/1/image`, 'GET', token)).status).toBe(404);
    expect((await chamar(`${base}/dealer/1/inventory/v1.0/${id}`, 'PUT', token, deal)).status).toBe(403);
  });
});

describe('Autoline sandbox: AlterarAnuncioCarro(idAnuncio, model)', () => {
  const login = { email: 'edicao@autodemo.test', senha: 's' };
  const sessao = { segredos: { senha_autoline: 's' }, dados: { email_autoline: login.email } };

  it('replaces the advert data keeping its reference; validates the model; unknown or cancelled adverts refused', async () => {
    const ctx = sb.ctx('autoline');
    const d = valorOk(await publicacaoAutoline.rascunho(ctx, sessao, CARRO)).veiculoPost;
    const post = {
      MakeId: d.CodigoMarca,
      ModelId: d.CodigoModelo,
      ModelVersionId: d.CodigoVersao,
      FuelTypeId: d.CodigoCombustivel,
      ColorId: d.CodigoCor,
      DoorNumberId: d.CodigoPortas,
      BodyTypeId: d.CodigoCategoria,
      TransmissionId: d.CodigoCambio,
    };
    const ref = referencia('autoline');
    const { idAnuncio } = valorOk(await publicacaoAutoline.enviar(ctx, sessao, CARRO, post, ref));
    const model = valorOk(modeloAutoline({ ...CARRO, valor: 60000 }, post, { userId: '7001', plano: '1', referencia: '' }));
    const alterar = (id: string, extra: Record<string, string | number>) =>
      operarAutoline(ctx, login, 'AlterarAnuncioCarro', { idAnuncio: id, model: { ...model, AdId: id, ...extra } });
    expect(valorOk(await alterar(idAnuncio, { AdPublishStatusId: 1, EnableField: 1 }))).toContain(`<AdId>${idAnuncio}</AdId>`);
    const noCanal = async () => (await sb.anuncios<Record<string, unknown>>('autoline')).find((a) => a.AdId === idAnuncio);
    expect(await noCanal()).toMatchObject({ Price: '60000.00', OperatorCode: ref.chave, Status: 'Ativo', alteracoes: 1 });
    const invalido = await alterar(idAnuncio, { AdPublishStatusId: 9, EnableField: 1, ColorId: '0' });
    expect(invalido.ok ? null : invalido.erro).toMatchObject({ tipo: 'validation', detalhe: 'VALIDACAO' });
    expect(invalido.ok ? '' : invalido.erro.mensagem).toMatch(/Cor inválido.*AdPublishStatusId inválido/);
    const desconhecido = await alterar('1', { AdPublishStatusId: 1, EnableField: 1 });
    expect(desconhecido.ok ? null : desconhecido.erro.detalhe).toBe('ANUNCIO_INEXISTENTE');
    valorOk(await publicacaoAutoline.excluir(ctx, sessao, idAnuncio));
    const cancelado = await alterar(idAnuncio, { AdPublishStatusId: 1, EnableField: 1 });
    expect(cancelado.ok ? null : cancelado.erro.detalhe).toBe('ANUNCIO_CANCELADO');
    expect(await noCanal()).toMatchObject({ alteracoes: 1 });
  });
});

describe('Graph sandbox: POST /{post-id} with a new message (Facebook)', () => {
  const PAGINA = '100000000000001';
  const token = `sbxpage.${PAGINA}`;
  const form = async (url: string, campos: Record<string, string>, t = token) => {
    const r = await fetch(`${sb.ctx('facebook').base}/v20.0${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(campos).toString(),
    });
    return { status: r.status, corpo: (await r.json()) as { id?: string; success?: boolean; error?: { code: number; message: string } } };
  };
  const posts = async () =>
    (
      (await (await fetch(`${sb.origem}/sandbox/facebook/_anuncios`)).json()) as {
        data: { id: string; legenda: string; editado?: number }[];
      }
    ).data;

  it("edits the post's text; an unknown post, another page's token or no message refused", async () => {
    const { corpo } = await form(`/${PAGINA}/feed`, { message: 'Texto original do anúncio', link: 'https://autodemo.test' });
    const id = corpo.id ?? '';
    expect(await form(`/${id}`, { message: 'Texto novo do anúncio' })).toEqual({ status: 200, corpo: { success: true } });
    expect((await posts()).find((p) => p.id === id)).toMatchObject({ legenda: 'Texto novo do anúncio', editado: 1 });
    const desconhecido = await form(`/${PAGINA}_1`, { message: 'x' });
    expect(desconhecido.corpo.error).toMatchObject({ code: 100, message: expect.stringContaining('does not exist') });
    expect((await form(`/${id}`, { message: 'x' }, 'sbxpage.100000000000003')).corpo.error?.code).toBe(100);
    expect((await form(`/${id}`, {})).corpo.error?.code).toBe(100);
    expect((await form(`/${id}`, { message: 'limitar' })).corpo.error?.code).toBe(32);
    expect((await posts()).find((p) => p.id === id)).toMatchObject({ legenda: 'Texto novo do anúncio', editado: 1 });
  });
});
