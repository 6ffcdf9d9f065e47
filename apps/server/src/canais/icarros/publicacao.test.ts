import { postIcarros } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRO, canalConfigurado, nomeDaOpcao as nome, type sandboxesNoAr, valorOk } from '../../../test/ajuda/veiculo-canal.ts';
import { configurarKeycloak } from '../keycloak.ts';
import type { SessaoCanal } from '../publicacao.ts';
import { REALM_ICARROS } from './client.ts';
import { planosDisponiveis, publicacaoIcarros as pub, TIMEOUT_ENVIO_ICARROS_S } from './publicacao.ts';

/** iCarros adapter ↔ sandbox: draft, cascades, plans filter, send, delete, already removed, failures, reconciliation. */
let sb: Awaited<ReturnType<typeof sandboxesNoAr>>;
let sessao: SessaoCanal;
beforeAll(async () => {
  ({ s: sb, sessao } = await canalConfigurado('icarros', (ctx) => configurarKeycloak(ctx, REALM_ICARROS, 'loja@autodemo.test', 's')));
});
afterAll(() => sb.fechar());

const ref = (chave: string) => ({ chave, veiculoId: CARRO.id });

describe('iCarros publishing', () => {
  it('drafts the vehicle with the channel codes, a single matching trim preselected and only usable plans', async () => {
    const d = valorOk(await pub.rascunho(sb.ctx('icarros'), sessao, CARRO));
    expect(nome(d.retMarca, d.veiculoPost.makeId)).toBe('Fiat');
    expect(nome(d.retModelo, d.veiculoPost.modelId)).toBe('Argo');
    expect(nome(d.retVersao, d.veiculoPost.trimId)).toBe('Drive 1.0 6V Flex 5p Mec.');
    expect(nome(d.retCores, d.veiculoPost.colorId)).toBe('Branco');
    expect(nome(d.retCombustivel, d.veiculoPost.fuelId)).toBe('Flex');
    expect(nome(d.retTransmissao, d.veiculoPost.transmissionId)).toBe('Manual');
    expect(d.veiculoPost).toMatchObject({ doors: '4', plate: 'FDA1B23', km: 18500, price: 72900, modelYear: 2023, productionYear: 2022 });
    // "Ar-condicionado" matches "Ar condicionado"; "Airbag" is "Air bag" there (a synonym since issue 23 item 10);
    // one option the channel lacks.
    expect(d.retOpcionais.filter((o) => o.checked).map((o) => o.nome)).toEqual(['Air bag', 'Ar condicionado']);
    // Sorted case-insensitively (spec 3 §2.1): "GM - Chevrolet" among the others.
    expect(d.retMarca.map((m) => m.nome)).toEqual([...d.retMarca.map((m) => m.nome)].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(d.planosRevenda.plans.map((p) => p.nome)).toEqual(['Comum', 'Destaque']);
    expect(d.planosRevendaZeroKm.plans.map((p) => p.nome)).toEqual(['Zero km comum']);
    expect(d.veiculoNovo).toBe(false);
  });

  it('keeps a plan only with free slots and an ad type', () => {
    const p = (livres: number, tipoAnuncioId: number) => ({ nome: `${livres}/${tipoAnuncioId}`, priority: 1, livres, tipoAnuncioId });
    expect(planosDisponiveis([p(1, 1), p(0, 1), p(1, 0), p(-1, 2), p(3, 2)]).map((x) => x.nome)).toEqual(['1/1', '3/2']);
  });

  it('a new vehicle gets no plate and the zero-km plan preselected (the only one)', async () => {
    const r = valorOk(await pub.rascunho(sb.ctx('icarros'), sessao, { ...CARRO, novo: true, km: 0, placa: '' }));
    expect(r.veiculoPost).toMatchObject({ plate: '', priority: '3' });
    expect(r.veiculoNovo).toBe(true);
  });

  it('cascades: models of a make, trims of a model for the model year', async () => {
    const marcas = await pub.rascunho(sb.ctx('icarros'), sessao, CARRO);
    if (!marcas.ok) throw new Error('rascunho');
    const chevrolet = marcas.valor.retMarca.find((m) => m.nome === 'GM - Chevrolet');
    const modelos = await pub.modelos?.(sb.ctx('icarros'), sessao, CARRO, chevrolet?.id ?? '');
    expect(modelos?.ok && modelos.valor.map((m) => m.nome)).toEqual(['Onix', 'Tracker']);
    const onix = modelos?.ok ? modelos.valor.find((m) => m.nome === 'Onix') : undefined;
    const versoes = await pub.versoes?.(sb.ctx('icarros'), sessao, CARRO, chevrolet?.id ?? '', onix?.id ?? '');
    expect(versoes?.ok && versoes.valor.map((m) => m.nome)).toEqual(['LT 1.0 Flex 5p Mec.', 'LT 1.0 Turbo Flex 5p Aut.']);
  });

  async function postValido() {
    const r = await pub.rascunho(sb.ctx('icarros'), sessao, CARRO);
    if (!r.ok) throw new Error('rascunho');
    const p = r.valor.veiculoPost;
    // What the screen sends back, through the same schema the route uses.
    return postIcarros.parse({ ...p, priority: '3', text: 'Revisado' });
  }

  it('sends the deal with the fixed fields, the photos and the reference; delete, then already removed', async () => {
    const post = await postValido();
    const r = valorOk(await pub.enviar(sb.ctx('icarros'), sessao, CARRO, post, ref('chave-icarros-1')));
    expect(r.urlAnuncio).toBe(`https://www.icarros.com.br/anuncio/${r.idAnuncio}`);
    const noCanal = (await sb.anuncios<Record<string, unknown>>('icarros')).find((a) => String(a.id) === r.idAnuncio);
    expect(noCanal).toMatchObject({
      dealerId: 4321,
      externalId: 'chave-icarros-1',
      spotlight: false,
      usePhotosFromIcarrosGallery: false,
      priority: 3,
      doors: 4,
      modelYear: 2023,
      productionYear: 2022,
      images: [
        { id: 1, photo: 'https://cdn.autodemo.test/o1.jpg' },
        { id: 2, photo: 'https://cdn.autodemo.test/o2.jpg' },
      ],
    });
    expect(await pub.excluir(sb.ctx('icarros'), sessao, r.idAnuncio)).toEqual({ ok: true, valor: 'removido' });
    expect(await pub.excluir(sb.ctx('icarros'), sessao, r.idAnuncio)).toEqual({ ok: true, valor: 'jaRemovido' });
  });

  it('reconciliation finds the deal by our reference or by its id, and answers null when nothing was created', async () => {
    const r = valorOk(await pub.enviar(sb.ctx('icarros'), sessao, CARRO, await postValido(), ref('chave-icarros-2')));
    const porChave = await pub.consultar(sb.ctx('icarros'), sessao, ref('chave-icarros-2'));
    expect(porChave.ok && porChave.valor?.idAnuncio).toBe(r.idAnuncio);
    const porId = await pub.consultar(sb.ctx('icarros'), sessao, { ...ref('x'), idAnuncio: r.idAnuncio });
    expect(porId.ok && porId.valor?.idAnuncio).toBe(r.idAnuncio);
    expect(await pub.consultar(sb.ctx('icarros'), sessao, ref('chave-que-nunca-foi-enviada'))).toEqual({ ok: true, valor: null });
    await pub.excluir(sb.ctx('icarros'), sessao, r.idAnuncio);
    expect(await pub.consultar(sb.ctx('icarros'), sessao, { ...ref('x'), idAnuncio: r.idAnuncio })).toEqual({
      ok: true,
      valor: null,
    });
  });

  it("reports the channel's refusals and failures in its words, creating nothing", async () => {
    const antes = (await sb.anuncios<Record<string, unknown>>('icarros')).length;
    const post = await postValido();
    const recusado = await pub.enviar(sb.ctx('icarros'), sessao, CARRO, { ...post, text: 'recusar' }, ref('r1'));
    expect(recusado.ok ? null : recusado.erro).toMatchObject({
      tipo: 'validation',
      mensagem: expect.stringContaining('termos não permitidos'),
    });
    const semPlano = await pub.enviar(sb.ctx('icarros'), sessao, CARRO, { ...post, priority: '1' }, ref('r2'));
    expect(semPlano.ok ? null : semPlano.erro).toMatchObject({ tipo: 'quota', mensagem: expect.stringContaining('Plano sem anúncios') });
    const falhou = await pub.enviar(sb.ctx('icarros'), sessao, CARRO, { ...post, text: 'falhar' }, ref('r3'));
    expect(falhou.ok ? null : falhou.erro.tipo).toBe('transient');
    const semToken = await pub.enviar(
      sb.ctx('icarros'),
      { segredos: { access_token: 'outro' }, dados: { dealer_id: 4321 } },
      CARRO,
      post,
      ref('r4'),
    );
    expect(semToken.ok ? null : semToken.erro.tipo).toBe('auth');
    expect((await sb.anuncios<Record<string, unknown>>('icarros')).length).toBe(antes);
  });

  it('waits for a slow send beyond the usual limit (360 s for iCarros)', async () => {
    expect(TIMEOUT_ENVIO_ICARROS_S).toBe(360);
    // The sandbox answers after 2 s; the other calls' limit is 1 s, the send's is not.
    const r = await pub.enviar(sb.ctx('icarros', 1000), sessao, CARRO, { ...(await postValido()), text: 'lento' }, ref('lento'));
    expect(r.ok).toBe(true);
  });
});

describe('iCarros sync (issue 24: PUT /deals/{id}, its price and images calls)', () => {
  type DealNoCanal = {
    id: number;
    price: number;
    km: number;
    text: string;
    colorId: number;
    equipments: number[];
    images: { id: number; photo: string }[];
  };
  const noCanal = async (id: string) => (await sb.anuncios<DealNoCanal>('icarros')).find((a) => String(a.id) === id);
  const foto = (n: number) => ({ ...(CARRO.fotos[0] as (typeof CARRO.fotos)[number]), urlOriginal: `https://cdn.autodemo.test/o${n}.jpg` });
  const atualizar = pub.atualizar as NonNullable<typeof pub.atualizar>;
  const postAtualizado = pub.postAtualizado as NonNullable<typeof pub.postAtualizado>;
  async function postEnviado() {
    const r = valorOk(await pub.rascunho(sb.ctx('icarros'), sessao, CARRO));
    return postIcarros.parse({ ...r.veiculoPost, priority: '3', text: 'Revisado' });
  }
  const MUDADO = {
    ...CARRO,
    valor: 69900,
    km: 21000,
    observacao: 'Baixou o preço.',
    cor: 'Preto',
    opcionais: ['Alarme', 'Ar-condicionado'],
    fotos: [foto(3), foto(1), foto(4)],
  };

  it('changes price, km, text, colour, options and the photos in order; repeated, the same single deal', async () => {
    const enviado = await postEnviado();
    const r = valorOk(await pub.enviar(sb.ctx('icarros'), sessao, CARRO, enviado, ref('sync-icarros-1')));
    const total = (await sb.anuncios('icarros')).length;
    const post = postAtualizado(MUDADO, enviado);
    expect(post).toMatchObject({ price: 69900, km: 21000, text: 'Baixou o preço.', priority: enviado.priority, trimId: enviado.trimId });
    const a = valorOk(await atualizar(sb.ctx('icarros'), sessao, MUDADO, r.idAnuncio, post));
    expect(a).toMatchObject({ idAnuncio: r.idAnuncio, urlAnuncio: r.urlAnuncio });
    const d = valorOk(await pub.rascunho(sb.ctx('icarros'), sessao, MUDADO));
    const deal = await noCanal(r.idAnuncio);
    expect(deal).toMatchObject({ price: 69900, km: 21000, text: 'Baixou o preço.', colorId: Number(d.veiculoPost.colorId) });
    expect(nome(d.retCores, String(deal?.colorId))).toBe('Preto');
    expect(deal?.equipments.map((e) => nome(d.retOpcionais, String(e))).sort()).toEqual(['Alarme', 'Ar condicionado']);
    expect(deal?.images.map((i) => i.photo)).toEqual([
      'https://cdn.autodemo.test/o3.jpg',
      'https://cdn.autodemo.test/o1.jpg',
      'https://cdn.autodemo.test/o4.jpg',
    ]);
    const imagens = deal?.images;
    valorOk(await atualizar(sb.ctx('icarros'), sessao, MUDADO, r.idAnuncio, post));
    expect((await noCanal(r.idAnuncio))?.images).toEqual(imagens);
    expect((await sb.anuncios('icarros')).length).toBe(total);
    // Only the order changes: the same photos (ids) reordered, none added.
    const reordenado = { ...MUDADO, fotos: [foto(4), foto(3), foto(1)] };
    valorOk(await atualizar(sb.ctx('icarros'), sessao, reordenado, r.idAnuncio, postAtualizado(reordenado, enviado)));
    expect((await noCanal(r.idAnuncio))?.images).toEqual([imagens?.[2], imagens?.[0], imagens?.[1]]);
  });

  it('an unknown deal is a clear error and creates nothing; the channel errors are mapped', async () => {
    const enviado = await postEnviado();
    const r = valorOk(await pub.enviar(sb.ctx('icarros'), sessao, CARRO, enviado, ref('sync-icarros-2')));
    const total = (await sb.anuncios('icarros')).length;
    const editar = (post: typeof enviado, id = r.idAnuncio, s = sessao) => atualizar(sb.ctx('icarros'), s, MUDADO, id, post);
    const post = postAtualizado(MUDADO, enviado);
    const sumido = await editar(post, '999999999');
    expect(sumido.ok ? null : sumido.erro).toMatchObject({
      tipo: 'rejected',
      texto: expect.stringContaining('não existe mais em iCarros'),
    });
    const erro = async (p: Promise<{ ok: boolean; erro?: { tipo: string } }>) => ((await p) as { erro?: { tipo: string } }).erro?.tipo;
    expect(await erro(editar({ ...post, text: 'recusar' }))).toBe('validation');
    expect(await erro(editar({ ...post, text: 'falhar' }))).toBe('transient');
    const limitado = await editar({ ...post, text: 'limitar' });
    expect(limitado.ok ? null : limitado.erro).toMatchObject({ tipo: 'transient', esperarSegundos: 2 });
    expect(await erro(editar(post, r.idAnuncio, { segredos: { access_token: 'outro' }, dados: { dealer_id: 4321 } }))).toBe('auth');
    expect((await sb.anuncios('icarros')).length).toBe(total);
  });
});

describe('iCarros bulk publish (issue 24 item 3: postPadrao from real drafts)', () => {
  const postPadrao = pub.postPadrao as NonNullable<typeof pub.postPadrao>;
  const rascunho = async (v = CARRO) => valorOk(await pub.rascunho(sb.ctx('icarros'), sessao, v));

  it("builds the Incluir screen's post with the reseller's plan and description template, accepted by the send schema", async () => {
    const d = await rascunho();
    const r = postPadrao(d, CARRO, { plano: '3', descricao: '{marca} {modelo} {versao} {ano}, {km}, por {preco}. {observacao}' });
    if (!('post' in r)) throw new Error(JSON.stringify(r));
    const { dealerId: _d, productionYear: _f, modelYear: _m, ...doRascunho } = d.veiculoPost;
    expect(r.post).toMatchObject({ ...doRascunho, text: expect.any(String), priority: '3', plate: 'FDA1B23' });
    expect(r.post.text).toMatch(/^Fiat Argo Drive 1\.0 6V Flex 5p Mec\. 2022\/2023, 18\.500 km, por R\$\s72\.900,00\. Único dono\.$/);
    expect(postIcarros.safeParse(r.post).success).toBe(true);
    // No template: the draft's text, as the screen prefills it.
    const semModelo = postPadrao(d, CARRO, { plano: '2' });
    expect('post' in semModelo && semModelo.post).toMatchObject({ priority: '2', text: 'Único dono.' });
  });

  it('a plan neither defaulted nor the only one, or one without free slots, goes to review as "Anúncio"', async () => {
    const d = await rascunho();
    expect(postPadrao(d, CARRO, {})).toEqual({ revisao: ['Anúncio'] });
    expect(postPadrao(d, CARRO, { plano: '1' })).toEqual({ revisao: ['Anúncio'] });
    // A zero-km vehicle: its own plans (the only one is preselected; the used plans' codes do not apply).
    const novo = { ...CARRO, novo: true, km: 0, placa: '' };
    expect(postPadrao(await rascunho(novo), novo, { plano: '2' })).toMatchObject({ post: { priority: '3', plate: '' } });
  });

  it('an ambiguous version or an unmatched colour is never guessed; a default colour among the options fills it', async () => {
    const onix = { ...CARRO, marca: 'Chevrolet', modelo: 'Onix', versao: 'LT 1.0', cor: 'Grafite' };
    const d = await rascunho(onix);
    expect(d.veiculoPost.trimId).toBe('');
    expect(d.retVersao.length).toBeGreaterThan(1);
    expect(postPadrao(d, onix, { plano: '3' })).toEqual({ revisao: ['Versão', 'Cor'] });
    const preto = d.retCores.find((c) => c.nome === 'Preto')?.id ?? '';
    const comVersao = { ...d, veiculoPost: { ...d.veiculoPost, trimId: d.retVersao[0]?.id ?? '' } };
    expect(postPadrao(comVersao, onix, { plano: '3', escolhas: { colorId: preto } })).toMatchObject({ post: { colorId: preto } });
    expect(postPadrao(comVersao, onix, { plano: '3', escolhas: { colorId: '999999' } })).toEqual({ revisao: ['Cor'] });
    const semMarca = { ...CARRO, marca: 'Marca Inexistente' };
    expect(postPadrao(await rascunho(semMarca), semMarca, { plano: '3' })).toEqual({ revisao: ['Marca', 'Modelo', 'Versão'] });
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
