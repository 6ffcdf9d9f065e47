import { postMobiauto } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRO, canalConfigurado, MOTO, nomeDaOpcao as nome, type sandboxesNoAr, valorOk } from '../../../test/ajuda/veiculo-canal.ts';
import { configurarKeycloak } from '../keycloak.ts';
import type { SessaoCanal } from '../publicacao.ts';
import { REALM_MOBIAUTO } from './client.ts';
import { publicacaoMobiauto as pub } from './publicacao.ts';

/**
 * Mobiauto adapter ↔ sandbox: cars only, draft, plans, create + photos + publish request, the asynchronous publish
 * confirmation (polled: in review, then published or blocked by moderation), delete, already removed, failures.
 */
let sb: Awaited<ReturnType<typeof sandboxesNoAr>>;
let sessao: SessaoCanal;
beforeAll(async () => {
  ({ s: sb, sessao } = await canalConfigurado('mobiauto', (ctx) => configurarKeycloak(ctx, REALM_MOBIAUTO, 'loja@autodemo.test', 's')));
});
afterAll(() => sb.fechar());

const ref = (chave: string) => ({ chave, veiculoId: CARRO.id });

async function postValido(com: Record<string, unknown> = {}) {
  const r = valorOk(await pub.rascunho(sb.ctx('mobiauto'), sessao, CARRO));
  const basico = r.retPlanos.find((p) => p.name === 'Básico')?.dealPlanId;
  return postMobiauto.parse({ ...r.veiculoData, planId: basico, ...com });
}

describe('Mobiauto publishing', () => {
  it('drafts a car with the channel codes, type used, not armoured, the car plans and the observations', async () => {
    const d = valorOk(await pub.rascunho(sb.ctx('mobiauto'), sessao, CARRO));
    expect(nome(d.retMarca, d.veiculoData.makeId)).toBe('Fiat');
    expect(nome(d.retModelo, d.veiculoData.modelId)).toBe('Argo');
    expect(nome(d.retVersaoFilter, d.veiculoData.trimId)).toBe('Drive 1.0 6V Flex 5p Mec.');
    expect(nome(d.retCores, d.veiculoData.colorId)).toBe('Branco');
    expect(nome(d.retTipoCombustivel, d.veiculoData.fuelId)).toBe('Flex');
    expect(nome(d.retTipoTransmissao, d.veiculoData.transmissionId)).toBe('Manual');
    expect(d.veiculoData).toMatchObject({ deal0km: '0', armored: '0', doors: '4', plate: 'FDA1B23', planId: '' });
    expect(d.retPlanos.map((p) => p.name)).toEqual(['Básico', 'Destaque', 'Premium']);
    expect(d.retObservacoes.filter((o) => o.checked).map((o) => o.nome)).toEqual(['IPVA pago']);
    expect(d.veiculoData.images).toHaveLength(2);
  });

  it('is for cars only', async () => {
    const r = await pub.rascunho(sb.ctx('mobiauto'), sessao, MOTO);
    expect(r.ok ? null : r.erro.mensagem).toBe('Operação não permitida para esse tipo de veículo');
  });

  it('creates, adds the photos, asks to publish on the plan; the publish check confirms at the second look; delete, then already removed', async () => {
    const r = valorOk(await pub.enviar(sb.ctx('mobiauto'), sessao, CARRO, await postValido({ armored: '1' }), ref('chave-mobi-1')));
    expect(r.confirmacao).toBe('pendente');
    expect(r.dados).toMatchObject({ id_anuncio_mobiauto: r.idAnuncio, published: false, armored: true, deal0km: false });
    const noCanal = (await sb.anuncios<Record<string, unknown>>('mobiauto')).find((a) => String(a.id) === r.idAnuncio);
    expect(noCanal).toMatchObject({
      vehicleType: 'CAR',
      stockKind: 'USED',
      externalId: 'chave-mobi-1',
      published: false,
      images: [
        { url: 'https://cdn.autodemo.test/o1.jpg', position: 1 },
        { url: 'https://cdn.autodemo.test/o2.jpg', position: 2 },
      ],
    });
    const porId = { ...ref('chave-mobi-1'), idAnuncio: r.idAnuncio };
    // First poll: still in review; second: published, with the portal's address.
    expect(await pub.consultar(sb.ctx('mobiauto'), sessao, porId)).toMatchObject({ ok: true, valor: { confirmacao: 'pendente' } });
    expect(valorOk(await pub.consultar(sb.ctx('mobiauto'), sessao, porId))).toMatchObject({
      idAnuncio: r.idAnuncio,
      confirmacao: 'imediata',
      urlAnuncio: `https://www.mobiauto.com.br/comprar/carros/${r.idAnuncio}`,
      dados: { published: true },
    });
    expect(await pub.excluir(sb.ctx('mobiauto'), sessao, r.idAnuncio)).toEqual({ ok: true, valor: 'removido' });
    expect(await pub.excluir(sb.ctx('mobiauto'), sessao, r.idAnuncio)).toEqual({ ok: true, valor: 'jaRemovido' });
  });

  it("a deal blocked by moderation is a refusal with the channel's reason", async () => {
    const r = await pub.enviar(sb.ctx('mobiauto'), sessao, CARRO, await postValido({ description: 'Texto para bloquear' }), ref('m-bloq'));
    if (!r.ok) throw new Error(JSON.stringify(r.erro));
    const porId = { ...ref('m-bloq'), idAnuncio: r.valor.idAnuncio };
    expect(await pub.consultar(sb.ctx('mobiauto'), sessao, porId)).toMatchObject({ ok: true, valor: { confirmacao: 'pendente' } });
    const bloqueado = await pub.consultar(sb.ctx('mobiauto'), sessao, porId);
    expect(bloqueado.ok ? null : bloqueado.erro).toMatchObject({
      tipo: 'rejected',
      mensagem: expect.stringContaining('moderação da Mobiauto'),
      // The blocked deal stays in the inventory: the framework is told which one to remove.
      recusadoNoCanal: r.valor.idAnuncio,
    });
    await pub.excluir(sb.ctx('mobiauto'), sessao, r.valor.idAnuncio);
  });

  it('a plan without slots is refused and leaves no deal behind', async () => {
    const antes = (await sb.anuncios<Record<string, unknown>>('mobiauto')).length;
    const r0 = await pub.rascunho(sb.ctx('mobiauto'), sessao, CARRO);
    const destaque = r0.ok ? r0.valor.retPlanos.find((p) => p.name === 'Destaque')?.dealPlanId : '';
    const r = await pub.enviar(sb.ctx('mobiauto'), sessao, CARRO, await postValido({ planId: destaque }), ref('chave-mobi-2'));
    expect(r.ok ? null : r.erro).toMatchObject({ tipo: 'quota', mensagem: 'O plano Destaque não tem anúncios disponíveis' });
    expect((await sb.anuncios<Record<string, unknown>>('mobiauto')).length).toBe(antes);
  });

  it('reconciliation by reference and by id; null when nothing was created', async () => {
    const post = await postValido();
    const r = valorOk(await pub.enviar(sb.ctx('mobiauto'), sessao, CARRO, post, ref('chave-mobi-3')));
    // By reference (the send's answer was lost): found in review, asked again (the same request), still pending.
    const porChave = await pub.consultar(sb.ctx('mobiauto'), sessao, { ...ref('chave-mobi-3'), post });
    expect(porChave.ok && porChave.valor).toMatchObject({ idAnuncio: r.idAnuncio, confirmacao: 'pendente' });
    const porId = await pub.consultar(sb.ctx('mobiauto'), sessao, { ...ref('x'), idAnuncio: r.idAnuncio });
    expect(porId.ok && porId.valor).toMatchObject({ confirmacao: 'imediata', dados: { id_anuncio_mobiauto: r.idAnuncio } });
    expect(await pub.consultar(sb.ctx('mobiauto'), sessao, ref('nunca-enviada'))).toEqual({ ok: true, valor: null });
    await pub.excluir(sb.ctx('mobiauto'), sessao, r.idAnuncio);
    expect(await pub.consultar(sb.ctx('mobiauto'), sessao, { ...ref('x'), idAnuncio: r.idAnuncio })).toEqual({
      ok: true,
      valor: null,
    });
  });

  it('reconciliation asks to publish a deal the interrupted send created but did not publish', async () => {
    const post = await postValido();
    // The send stopped after creating the deal (before the photos and the publish call).
    const criado = await fetch(`${sb.origem}/sandbox/mobiauto/api/dealer/98765/inventory/v1.0`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sessao.segredos.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        vehicleType: 'CAR',
        trimId: Number(post.trimId),
        colorId: Number(post.colorId),
        fuelId: Number(post.fuelId),
        transmissionId: Number(post.transmissionId),
        doors: 4,
        price: 1000,
        externalId: 'chave-mobi-4',
      }),
    });
    expect(criado.status).toBe(201);
    const r = await pub.consultar(sb.ctx('mobiauto'), sessao, { ...ref('chave-mobi-4'), post });
    expect(r.ok && r.valor).toMatchObject({ confirmacao: 'pendente', dados: { planId: Number(post.planId) } });
    const id = r.ok ? r.valor?.idAnuncio : '';
    expect(await pub.consultar(sb.ctx('mobiauto'), sessao, { ...ref('chave-mobi-4'), idAnuncio: id })).toMatchObject({
      ok: true,
      valor: { confirmacao: 'pendente' },
    });
    expect(await pub.consultar(sb.ctx('mobiauto'), sessao, { ...ref('chave-mobi-4'), idAnuncio: id })).toMatchObject({
      ok: true,
      valor: { confirmacao: 'imediata', dados: { published: true } },
    });
  });

  it("reports refusals and failures in the channel's words, creating nothing", async () => {
    const antes = (await sb.anuncios<Record<string, unknown>>('mobiauto')).length;
    const recusado = await pub.enviar(sb.ctx('mobiauto'), sessao, CARRO, await postValido({ description: 'recusar' }), ref('m1'));
    expect(recusado.ok ? null : recusado.erro).toMatchObject({ tipo: 'validation', mensagem: 'Descrição contém conteúdo não permitido' });
    const falhou = await pub.enviar(sb.ctx('mobiauto'), sessao, CARRO, await postValido({ description: 'falhar' }), ref('m2'));
    expect(falhou.ok ? null : falhou.erro.tipo).toBe('transient');
    const semSessao = await pub.rascunho(sb.ctx('mobiauto'), { segredos: {}, dados: {} }, CARRO);
    expect(semSessao.ok ? null : semSessao.erro.tipo).toBe('auth');
    expect((await sb.anuncios<Record<string, unknown>>('mobiauto')).length).toBe(antes);
  });

  it('gives up after its time limit when the channel does not answer', async () => {
    const travou = await pub.enviar(sb.ctx('mobiauto', 300), sessao, CARRO, await postValido({ description: 'travar' }), ref('m3'));
    expect(travou.ok ? null : travou.erro.mensagem).toContain('tempo esgotado');
  });
});

describe('Mobiauto sync (issue 24: PUT …/inventory/v1.0/{dealId} and the photos)', () => {
  type DealNoCanal = {
    id: number;
    price: number;
    km: number;
    description: string;
    colorId: number;
    featureIds: number[];
    conditionalsIds: number[];
    planId?: number;
    images: { id: number; url: string; position: number }[];
  };
  const noCanal = async (id: string) => (await sb.anuncios<DealNoCanal>('mobiauto')).find((a) => String(a.id) === id);
  const atualizar = pub.atualizar as NonNullable<typeof pub.atualizar>;
  const postAtualizado = pub.postAtualizado as NonNullable<typeof pub.postAtualizado>;
  const foto = (n: number) => ({ ...(CARRO.fotos[0] as (typeof CARRO.fotos)[number]), urlOriginal: `https://cdn.autodemo.test/o${n}.jpg` });
  const MUDADO = {
    ...CARRO,
    valor: 69900,
    km: 21000,
    observacao: 'Baixou o preço.',
    cor: 'Preto',
    ipvaPago: false,
    garantiaFabrica: true,
    opcionais: ['Alarme'],
    fotos: [foto(3), foto(1), foto(4)],
  };
  const ordem = (d?: DealNoCanal) => [...(d?.images ?? [])].sort((a, b) => a.position - b.position).map((i) => `${i.position} ${i.url}`);

  it('changes price, km, description, colour, options, observations and the photos in order; repeated, the same single deal', async () => {
    const d = valorOk(await pub.rascunho(sb.ctx('mobiauto'), sessao, CARRO));
    const licenciado = d.retObservacoes.find((o) => o.nome === 'Licenciado')?.id ?? '';
    const enviado = await postValido({ conditionalsIds: [...d.veiculoData.conditionalsIds, licenciado] });
    const r = valorOk(await pub.enviar(sb.ctx('mobiauto'), sessao, CARRO, enviado, ref('sync-mobiauto-1')));
    const total = (await sb.anuncios('mobiauto')).length;
    const post = postAtualizado(MUDADO, enviado);
    expect(post).toMatchObject({ price: 69900, km: 21000, description: 'Baixou o preço.', planId: enviado.planId, trimId: enviado.trimId });
    expect(valorOk(await atualizar(sb.ctx('mobiauto'), sessao, MUDADO, r.idAnuncio, post)).idAnuncio).toBe(r.idAnuncio);
    const deal = await noCanal(r.idAnuncio);
    expect(deal).toMatchObject({ price: 69900, km: 21000, description: 'Baixou o preço.', planId: Number(enviado.planId) });
    expect(nome(d.retCores, String(deal?.colorId))).toBe('Preto');
    expect(deal?.featureIds.map((e) => nome(d.retOpcionais, String(e)))).toEqual(['Alarme']);
    expect(deal?.conditionalsIds.map((e) => nome(d.retObservacoes, String(e))).sort()).toEqual(['Garantia de fábrica', 'Licenciado']);
    expect(ordem(deal)).toEqual([
      '1 https://cdn.autodemo.test/o3.jpg',
      '2 https://cdn.autodemo.test/o1.jpg',
      '3 https://cdn.autodemo.test/o4.jpg',
    ]);
    const imagens = deal?.images;
    valorOk(await atualizar(sb.ctx('mobiauto'), sessao, MUDADO, r.idAnuncio, post));
    expect((await noCanal(r.idAnuncio))?.images).toEqual(imagens);
    expect((await sb.anuncios('mobiauto')).length).toBe(total);
  });

  it('an unknown deal is a clear error and creates nothing; the channel errors are mapped', async () => {
    const enviado = await postValido();
    const r = valorOk(await pub.enviar(sb.ctx('mobiauto'), sessao, CARRO, enviado, ref('sync-mobiauto-2')));
    const total = (await sb.anuncios('mobiauto')).length;
    const post = postAtualizado(MUDADO, enviado);
    const editar = (p: typeof post, id = r.idAnuncio, s = sessao) => atualizar(sb.ctx('mobiauto'), s, MUDADO, id, p);
    const sumido = await editar(post, '999999999');
    expect(sumido.ok ? null : sumido.erro).toMatchObject({
      tipo: 'rejected',
      texto: expect.stringContaining('não existe mais em Mobiauto'),
    });
    const tipo = async (p: ReturnType<typeof editar>) => {
      const x = await p;
      return x.ok ? 'ok' : x.erro.tipo;
    };
    expect(await tipo(editar({ ...post, description: 'recusar' }))).toBe('validation');
    expect(await tipo(editar({ ...post, description: 'falhar' }))).toBe('transient');
    const limitado = await editar({ ...post, description: 'limitar' });
    expect(limitado.ok ? null : limitado.erro).toMatchObject({ tipo: 'transient', esperarSegundos: 2 });
    expect(await tipo(editar(post, r.idAnuncio, { segredos: { access_token: 'outro' }, dados: { dealer_id: 98765 } }))).toBe('auth');
    expect(await tipo(atualizar(sb.ctx('mobiauto'), sessao, MOTO, r.idAnuncio, post))).toBe('validation');
    expect((await sb.anuncios('mobiauto')).length).toBe(total);
  });
});

describe('Mobiauto bulk publish (issue 24 item 3: postPadrao from real drafts)', () => {
  const postPadrao = pub.postPadrao as NonNullable<typeof pub.postPadrao>;
  const rascunho = async (v = CARRO) => valorOk(await pub.rascunho(sb.ctx('mobiauto'), sessao, v));

  it("builds the Incluir screen's post with the reseller's plan and description template, accepted by the send schema", async () => {
    const d = await rascunho();
    const basico = d.retPlanos.find((p) => p.name === 'Básico')?.dealPlanId ?? '';
    const r = postPadrao(d, CARRO, { plano: basico, descricao: '{marca} {modelo} {ano} por {preco}' });
    if (!('post' in r)) throw new Error(JSON.stringify(r));
    const { images: _i, productionYear: _f, modelYear: _m, ...doRascunho } = d.veiculoData;
    expect(r.post).toMatchObject({
      ...doRascunho,
      planId: basico,
      description: expect.stringMatching(/^Fiat Argo 2022\/2023 por R\$\s72\.900,00$/),
    });
    expect(postMobiauto.safeParse(r.post).success).toBe(true);
  });

  it("a plan not defaulted (three plans) or not the dealer's, an ambiguous version or an unmatched colour go to review", async () => {
    const d = await rascunho();
    expect(postPadrao(d, CARRO, {})).toEqual({ revisao: ['Plano'] });
    expect(postPadrao(d, CARRO, { plano: '21' })).toEqual({ revisao: ['Plano'] });
    const onix = { ...CARRO, marca: 'Chevrolet', modelo: 'Onix', versao: 'LT 1.0', cor: 'Grafite' };
    const o = await rascunho(onix);
    const plano = o.retPlanos[0]?.dealPlanId;
    expect(postPadrao(o, onix, { plano })).toEqual({ revisao: ['Versão', 'Cor'] });
    const preto = o.retCores.find((c) => c.nome === 'Preto')?.id ?? '';
    const comVersao = { ...o, veiculoData: { ...o.veiculoData, trimId: o.retVersaoFilter[0]?.id ?? '' } };
    expect(postPadrao(comVersao, onix, { plano, escolhas: { colorId: preto } })).toMatchObject({ post: { colorId: preto } });
  });

  it('declares the defaults it reads', () => {
    expect(pub.camposPadrao?.map((c) => c.campo)).toEqual([
      'plano',
      'descricao',
      'escolhas.fuelId',
      'escolhas.colorId',
      'escolhas.doors',
      'escolhas.transmissionId',
    ]);
  });
});
