import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRO, referencia, sandboxesNoAr, valorOk } from '../../../test/ajuda/veiculo-canal.ts';
import type { SessaoCanal } from '../publicacao.ts';
import { textoDoVeiculo } from '../social/veiculo.ts';
import { publicacaoFacebook } from './publicacao.ts';

/** The Facebook draft's link (spec 3 §3.11; §5: "Link anúncio" is required and must be an http(s) address). */
describe('Facebook draft link', () => {
  const link = async (site?: string) => {
    const r = await publicacaoFacebook.rascunho(
      {} as never,
      { segredos: {}, dados: {} },
      { ...CARRO, revenda: { ...CARRO.revenda, ...(site === undefined ? {} : { site }) } },
    );
    return r.ok ? r.valor.veiculoPost.link : null;
  };

  it("is the reseller's site, with https:// when the panel has it without a scheme", async () => {
    expect(await link('www.autodemo.test')).toBe('https://www.autodemo.test');
    expect(await link('  autodemo.test/estoque ')).toBe('https://autodemo.test/estoque');
    expect(await link('http://autodemo.test')).toBe('http://autodemo.test');
    expect(await link('HTTPS://autodemo.test')).toBe('HTTPS://autodemo.test');
    expect(await link('')).toBe('');
    expect(await link(undefined)).toBe('');
  });
});

/** Facebook sync against the Graph sandbox (issue 24: `POST /{post-id}` with the new message). */
describe('Facebook sync', () => {
  let sb: Awaited<ReturnType<typeof sandboxesNoAr>>;
  beforeAll(async () => {
    sb = await sandboxesNoAr();
  });
  afterAll(() => sb.fechar());
  const PAGINA = '100000000000001';
  const sessao: SessaoCanal = { segredos: { page_token: `sbxpage.${PAGINA}` }, dados: { page_id: PAGINA } };
  const atualizar = publicacaoFacebook.atualizar as NonNullable<typeof publicacaoFacebook.atualizar>;
  const postAtualizado = publicacaoFacebook.postAtualizado as NonNullable<typeof publicacaoFacebook.postAtualizado>;
  type Post = { id: string; legenda: string; link?: string; fotos?: string[]; editado?: number };
  const posts = async () => ((await (await fetch(`${sb.origem}/sandbox/facebook/_anuncios`)).json()) as { data: Post[] }).data;
  const MUDADO = { ...CARRO, valor: 69900, km: 21000, observacao: 'Baixou o preço.', opcionais: ['Alarme'] };
  const enviado = { face_descricao: textoDoVeiculo(CARRO), face_link: 'https://www.autodemo.test' };

  it("edits the post's text to the vehicle's current data on the same post; repeated, still one post", async () => {
    const r = valorOk(await publicacaoFacebook.enviar(sb.ctx('facebook'), sessao, CARRO, enviado, referencia('facebook')));
    const total = (await posts()).length;
    const post = postAtualizado(MUDADO, enviado);
    expect(post).toEqual({ face_descricao: textoDoVeiculo(MUDADO), face_link: enviado.face_link });
    expect(post.face_descricao).toContain('69.900,00');
    expect(post.face_descricao).toContain('21.000 km');
    const a = valorOk(await atualizar(sb.ctx('facebook'), sessao, MUDADO, r.idAnuncio, post));
    expect(a).toMatchObject({ idAnuncio: r.idAnuncio, urlAnuncio: r.urlAnuncio });
    valorOk(await atualizar(sb.ctx('facebook'), sessao, MUDADO, r.idAnuncio, post));
    const noCanal = (await posts()).find((p) => p.id === r.idAnuncio);
    expect(noCanal).toMatchObject({ legenda: post.face_descricao, link: enviado.face_link, editado: 2 });
    expect(noCanal?.fotos).toHaveLength(2);
    expect((await posts()).length).toBe(total);
  });

  it('an unknown post is a clear error; refusals, outages and the rate limit mapped', async () => {
    const r = valorOk(await publicacaoFacebook.enviar(sb.ctx('facebook'), sessao, CARRO, enviado, referencia('facebook')));
    const total = (await posts()).length;
    const erro = async (id: string, message: string) => {
      const x = await atualizar(sb.ctx('facebook'), sessao, MUDADO, id, { ...enviado, face_descricao: message });
      return x.ok ? null : x.erro;
    };
    expect(await erro(`${PAGINA}_1`, 'Texto novo do anúncio')).toMatchObject({
      tipo: 'rejected',
      texto: expect.stringContaining('não existe mais em Facebook'),
    });
    expect(await erro(r.idAnuncio, 'recusar este texto')).toMatchObject({
      tipo: 'validation',
      texto: expect.stringContaining('O Facebook recusou a operação: {'),
    });
    expect((await erro(r.idAnuncio, 'falhar este texto'))?.tipo).toBe('transient');
    expect(await erro(r.idAnuncio, 'limitar este texto')).toMatchObject({ tipo: 'transient', esperarSegundos: 60 });
    const semToken = await atualizar(sb.ctx('facebook'), { segredos: {}, dados: {} }, MUDADO, r.idAnuncio, enviado);
    expect(semToken.ok ? null : semToken.erro.tipo).toBe('auth');
    expect((await posts()).length).toBe(total);
  });
});

describe('Facebook bulk publish (issue 24 item 3: postPadrao from the draft)', () => {
  const postPadrao = publicacaoFacebook.postPadrao as NonNullable<typeof publicacaoFacebook.postPadrao>;
  const rascunho = async (v = CARRO) => valorOk(await publicacaoFacebook.rascunho({} as never, { segredos: {}, dados: {} }, v));
  const comSite = { ...CARRO, revenda: { ...CARRO.revenda, site: 'www.autodemo.test' } };

  it("the draft's text and the reseller's site, or the description template; accepted by the send schema", async () => {
    const d = await rascunho(comSite);
    expect(postPadrao(d, comSite, {})).toEqual({
      post: { face_descricao: textoDoVeiculo(comSite), face_link: 'https://www.autodemo.test' },
    });
    const r = postPadrao(d, comSite, { descricao: 'Oferta: {marca} {modelo} {ano} por {preco}!' });
    expect('post' in r && r.post.face_descricao).toMatch(/^Oferta: Fiat Argo 2022\/2023 por R\$\s72\.900,00!$/);
  });

  it('no site and no default link, or a description too short, goes to review by the screen labels', async () => {
    const d = await rascunho(CARRO);
    expect(postPadrao(d, CARRO, {})).toEqual({ revisao: ['Link anúncio'] });
    expect(postPadrao(d, CARRO, { escolhas: { face_link: 'https://loja.autodemo.test' } })).toMatchObject({
      post: { face_link: 'https://loja.autodemo.test' },
    });
    expect(postPadrao(d, CARRO, { descricao: '{marca}', escolhas: { face_link: 'ftp://x.test/abc' } })).toEqual({
      revisao: ['Descrição do anúncio', 'Link anúncio'],
    });
    expect(publicacaoFacebook.camposPadrao?.map((c) => c.campo)).toEqual(['descricao', 'escolhas.face_link']);
  });
});
