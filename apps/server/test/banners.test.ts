import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, moderacao, publicacoesSociais, vendidos } from '../src/db/schema/index.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente, ouvir } from './ajuda/ambiente.ts';
import { configurarRedesSociais } from './ajuda/social.ts';

let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let cliente: Credencial | null;
let gestorB: Credencial | null;
let admin: Credencial | null;

type Resposta = { status: number; corpo: { status: string; data: never; campos?: Record<string, string> } };
async function chamar(metodo: string, url: string, c: Credencial | null, corpo?: unknown): Promise<Resposta> {
  const r = await fetch(base + url, {
    method: metodo,
    headers: { ...cabecalhos(c), ...(corpo ? { 'content-type': 'application/json' } : {}) } as Record<string, string>,
    body: corpo ? JSON.stringify(corpo) : undefined,
  });
  return { status: r.status, corpo: (await r.json()) as Resposta['corpo'] };
}

/** A file in this server's storage, as an upload leaves it (key under the reseller's folder). */
function arquivo(idRevenda: string, nome: string) {
  const chave = `revendas/${idRevenda}/banners/${nome}`;
  const destino = path.join(amb.config.dataDir, 'arquivos', chave);
  mkdirSync(path.dirname(destino), { recursive: true });
  writeFileSync(destino, Buffer.from('conteudo'));
  return { fileUrl: `/arquivos/${chave}`, fileThumb: `/arquivos/${chave}`, fileName: nome };
}

const listaBanners = (id = amb.ids.revendaA) => `/api/revendas/${id}/banners`;
const listaVendidos = (id = amb.ids.revendaA) => `/api/revendas/${id}/vendidos`;
/** What the Graph sandbox (one backend for both networks) published to that network's pages / accounts. */
const publicadas = async (canal: 'facebook' | 'instagram') =>
  (
    (await (await fetch(`${base}/sandbox/${canal}/_publicacoes`)).json()) as {
      data: { id: string; destino: string; tipo: string; legenda: string; url: string }[];
    }
  ).data.filter((p) => (canal === 'instagram') === p.destino.startsWith('1784'));

beforeAll(async () => {
  amb = await criarAmbiente({ CANAIS_TIMEOUT_MS: '2000' });
  base = await ouvir(amb);
  gestor = await amb.entrar('gestorA');
  // A client holds no panel session (issue 10 item 3): the reseller's second signed-in user is another gestor session.
  cliente = await amb.entrar('gestorA');
  gestorB = await amb.entrar('gestorB');
  admin = await amb.entrar('admin');
});
afterAll(() => amb.encerrar());

describe('banners and sold items: include and list (spec 2 §2, §3, §5)', () => {
  it('includes a banner with the spec defaults, newest first, and queues it for moderation', async () => {
    const a = await chamar('POST', listaBanners(), gestor, {
      imagem: [arquivo(amb.ids.revendaA, 'a.jpg')],
      peblocotextobanners: '  Ofertas  ',
    });
    expect(a.status).toBe(200);
    const b = await chamar('POST', listaBanners(), cliente, {
      imagem: [arquivo(amb.ids.revendaA, 'b.jpg')],
      peblocotextobanners: 'Feirão',
      ig_feed: false,
    });
    expect(b.status).toBe(200);
    const item = b.corpo.data as {
      id: string;
      revenda: string;
      nome_revenda: string;
      ig_stories: boolean;
      ig_feed: boolean;
      fb_feed: boolean;
    };
    expect(item).toMatchObject({
      revenda: amb.ids.revendaA,
      nome_revenda: 'Auto Demo Veículos',
      ig_stories: true,
      ig_feed: false,
      fb_feed: true,
    });
    expect(b.corpo.data).toMatchObject({ valida_stories: false, valida_feed: false, fb_valida_feed: false, id_feed: null });

    const lista = await chamar('GET', listaBanners(), cliente);
    expect((lista.corpo.data as { peblocotextobanners: string }[]).map((i) => i.peblocotextobanners)).toEqual(['Feirão', 'Ofertas']);
    const fila = await amb.banco.db.select().from(moderacao).where(eq(moderacao.banner_id, item.id));
    expect(fila).toHaveLength(1);
    expect(fila[0]).toMatchObject({ fila: 'banners', revenda_id: amb.ids.revendaA, revenda: 'Auto Demo Veículos' });
  });

  it('refuses an empty text or no image with "Preenchimento obrigatório", storing nothing', async () => {
    const antes = (await amb.banco.db.select().from(banners)).length;
    const semTexto = await chamar('POST', listaBanners(), gestor, {
      imagem: [arquivo(amb.ids.revendaA, 'c.jpg')],
      peblocotextobanners: '   ',
    });
    expect(semTexto.status).toBe(400);
    expect(semTexto.corpo.campos?.peblocotextobanners).toBe('Preenchimento obrigatório');
    const semImagem = await chamar('POST', listaBanners(), gestor, { imagem: [], peblocotextobanners: 'Texto' });
    expect(semImagem.status).toBe(400);
    expect(semImagem.corpo.campos?.imagem).toBe('Preenchimento obrigatório');
    const urlVazia = await chamar('POST', listaVendidos(), gestor, {
      imagem: [{ fileUrl: ' ', fileName: 'x' }],
      peblocotextovendidos: 'Vendido',
    });
    expect(urlVazia.status).toBe(400);
    expect((await amb.banco.db.select().from(banners)).length).toBe(antes);
  });

  it('accepts only files this server stored for the reseller', async () => {
    const alheio = await chamar('POST', listaBanners(), gestor, {
      imagem: [{ fileUrl: 'https://exemplo.test/x.jpg', fileName: 'x.jpg' }],
      peblocotextobanners: 'Texto',
    });
    expect(alheio.status).toBe(400);
    expect(alheio.corpo.data).toBe('O arquivo informado não foi enviado por este painel.');
    const deOutraRevenda = await chamar('POST', listaBanners(), gestor, {
      imagem: [arquivo(amb.ids.revendaB, 'b.jpg')],
      peblocotextobanners: 'Texto',
    });
    expect(deOutraRevenda.status).toBe(400);
    // A file of another reseller whose name carries this reseller's id is still another reseller's file.
    const comONomeDesta = await chamar('POST', listaBanners(), gestor, {
      imagem: [arquivo(amb.ids.revendaB, `${amb.ids.revendaA}.jpg`)],
      peblocotextobanners: 'Texto',
    });
    expect([comONomeDesta.status, comONomeDesta.corpo.data]).toEqual([400, 'O arquivo informado não foi enviado por este painel.']);
    // Its own addresses with another reseller's upload keys beside them: the record would name that reseller's files.
    const antes = (await amb.banco.db.select().from(banners)).length;
    for (const chave of ['public_id', 'asset_id']) {
      const chaveAlheia = await chamar('POST', listaBanners(), gestor, {
        imagem: [{ ...arquivo(amb.ids.revendaA, 'a.jpg'), [chave]: `revendas/${amb.ids.revendaB}/banner/pasta-de-outra-revenda` }],
        peblocotextobanners: 'Texto',
      });
      expect([chave, chaveAlheia.status, chaveAlheia.corpo.data]).toEqual([
        chave,
        400,
        'O arquivo informado não foi enviado por este painel.',
      ]);
    }
    expect((await amb.banco.db.select().from(banners)).length).toBe(antes);
  });

  it('includes a sold item (single image) into the vendidos queue; another reseller sees neither list', async () => {
    const r = await chamar('POST', listaVendidos(), gestor, {
      imagem: [arquivo(amb.ids.revendaA, 'v.jpg')],
      peblocotextovendidos: 'Vendido!',
    });
    expect(r.status).toBe(200);
    const id = (r.corpo.data as { id: string }).id;
    expect(await amb.banco.db.select().from(moderacao).where(eq(moderacao.vendido_id, id))).toHaveLength(1);
    const dois = await chamar('POST', listaVendidos(), gestor, {
      imagem: [arquivo(amb.ids.revendaA, 'v1.jpg'), arquivo(amb.ids.revendaA, 'v2.jpg')],
      peblocotextovendidos: 'Dois',
    });
    expect(dois.status).toBe(400);
    expect((await chamar('GET', listaVendidos(), gestorB)).status).toBe(403);
    expect((await chamar('GET', listaBanners(), gestorB)).status).toBe(403);
    expect((await chamar('GET', listaVendidos(), admin)).corpo.data).toHaveLength(1);
  });

  it("answers one row of each list in the list's shape (live lists); 404 unknown or removed; other reseller refused", async () => {
    for (const [lista, tabela, texto] of [
      [listaBanners, banners, 'peblocotextobanners'],
      [listaVendidos, vendidos, 'peblocotextovendidos'],
    ] as const) {
      const r = await chamar('POST', lista(), gestor, { imagem: [arquivo(amb.ids.revendaA, `linha-${texto}.jpg`)], [texto]: 'Linha' });
      expect(r.status).toBe(200);
      const id = (r.corpo.data as { id: string }).id;
      const daLista = ((await chamar('GET', lista(), gestor)).corpo.data as { id: string }[]).find((i) => i.id === id);
      const linha = await chamar('GET', `${lista()}/lista/${id}`, gestor);
      expect(linha.status).toBe(200);
      expect(linha.corpo.data).toEqual(daLista);
      expect((await chamar('GET', `${lista()}/lista/${id}`, admin)).status).toBe(200);
      expect((await chamar('GET', `${lista()}/lista/${id}`, gestorB)).status).toBe(403);
      // The row under another reseller's address is not in that list.
      expect((await chamar('GET', `${lista(amb.ids.revendaB)}/lista/${id}`, admin)).status).toBe(404);
      expect((await chamar('GET', `${lista()}/lista/00000000-0000-4000-8000-000000000000`, gestor)).status).toBe(404);
      await amb.banco.db.delete(moderacao).where(eq(tabela === banners ? moderacao.banner_id : moderacao.vendido_id, id));
      await amb.banco.db.delete(tabela).where(eq(tabela.id, id));
      const removido = await chamar('GET', `${lista()}/lista/${id}`, gestor);
      expect(removido.status).toBe(404);
      expect(removido.corpo).toMatchObject({
        status: 'error',
        data: tabela === banners ? 'Banner não encontrado.' : 'Vendido não encontrado.',
      });
    }
  });
});

describe('publishing to Instagram and Facebook through the Graph sandbox (spec 3 §4, §7, §8.2)', () => {
  let banner: { id: string; revenda: string };
  let vendido: { id: string; revenda: string };

  beforeAll(async () => {
    const b = await chamar('POST', listaBanners(), gestor, {
      imagem: [arquivo(amb.ids.revendaA, 'pub.jpg')],
      peblocotextobanners: 'Banner para publicar',
    });
    banner = b.corpo.data;
    const v = await chamar('POST', listaVendidos(), gestor, {
      imagem: [arquivo(amb.ids.revendaA, 'pubv.jpg')],
      peblocotextovendidos: 'Vendido para publicar',
    });
    vendido = v.corpo.data;
  });

  it('refuses while the reseller has no active integration', async () => {
    const r = await chamar('POST', '/api/integracao/instagram/incluir-banner', gestor, {
      banner: { ...banner, ig_stories: true, ig_feed: false },
    });
    expect(r.status).toBe(422);
    expect(r.corpo.data).toBe('A integração com o Instagram não está ativa para esta revenda.');
  });

  it('Instagram stories: container → status until FINISHED → media_publish → permalink, merged into the banner', async () => {
    await configurarRedesSociais(amb, gestor);
    const r = await chamar('POST', '/api/integracao/instagram/incluir-banner', cliente, {
      api_key: 'ignorada',
      banner: { ...banner, ig_stories: true, ig_feed: false },
    });
    expect(r.status).toBe(200);
    expect(r.corpo.data).toMatchObject({ mensagem: 'Banner publicado no stories do instagram.', valida_stories: true });
    const dados = r.corpo.data as { id_stories: string; url_stories: string };
    expect(dados.url_stories).toMatch(/^https:\/\/www\.instagram\.com\/stories\/autodemoveiculos\//);
    const [salvo] = await amb.banco.db.select().from(banners).where(eq(banners.id, banner.id));
    expect(salvo).toMatchObject({
      valida_stories: true,
      id_stories: dados.id_stories,
      ig_stories: true,
      ig_feed: false,
      valida_feed: false,
    });
    const post = (await publicadas('instagram')).find((p) => p.id === dados.id_stories);
    expect(post).toMatchObject({ tipo: 'STORIES', legenda: 'Banner para publicar' });
    expect(post?.url).toMatch(/^http:\/\/.+\/arquivos\/revendas\/.+\/pub\.jpg$/);
  });

  it('Instagram feed and Facebook feed publish too; the three indicators end green', async () => {
    const feed = await chamar('POST', '/api/integracao/instagram/incluir-banner', gestor, {
      banner: { ...banner, ig_stories: false, ig_feed: true },
    });
    expect(feed.status).toBe(200);
    expect((feed.corpo.data as { mensagem: string }).mensagem).toBe('Banner publicado no feed do instagram.');
    const fb = await chamar('POST', '/api/integracao/facebook/incluir-banner', gestor, { banner: { ...banner, fb_feed: true } });
    expect(fb.status).toBe(200);
    expect(fb.corpo.data).toMatchObject({ mensagem: 'Banner publicado no feed do facebook.', fb_valida_feed: true });
    expect((fb.corpo.data as { fb_url_feed: string }).fb_url_feed).toMatch(/^https:\/\/www\.facebook\.com\/100000000000001\/posts\//);
    const [salvo] = await amb.banco.db.select().from(banners).where(eq(banners.id, banner.id));
    expect(salvo).toMatchObject({ valida_stories: true, valida_feed: true, fb_valida_feed: true });
    expect((await publicadas('facebook')).filter((p) => p.legenda === 'Banner para publicar')).toHaveLength(1);
  });

  it('a repeated publish (double click, retry) never creates a second post', async () => {
    const antes = (await publicadas('facebook')).length;
    const [a, b] = await Promise.all([
      chamar('POST', '/api/integracao/facebook/incluir-vendido', gestor, { vendido: { ...vendido, fb_feed: true } }),
      chamar('POST', '/api/integracao/facebook/incluir-vendido', gestor, { vendido: { ...vendido, fb_feed: true } }),
    ]);
    // One publishes; the other either waits its turn (409 "em andamento") or answers the stored result.
    expect([a.status, b.status].sort()).toEqual(expect.arrayContaining([200]));
    for (const r of [a, b]) expect([200, 409]).toContain(r.status);
    const again = await chamar('POST', '/api/integracao/facebook/incluir-vendido', gestor, { vendido: { ...vendido, fb_feed: true } });
    expect(again.status).toBe(200);
    expect(again.corpo.data).toMatchObject({ mensagem: 'Vendido publicado no feed do facebook.', fb_valida_feed: true });
    expect((await publicadas('facebook')).length).toBe(antes + 1);
    const [salvo] = await amb.banco.db.select().from(vendidos).where(eq(vendidos.id, vendido.id));
    expect(salvo?.fb_id_feed).toBe((again.corpo.data as { fb_id_feed: string }).fb_id_feed);
  });

  it('after a crash mid-publication the retry reuses the Instagram container and adopts the Facebook post', async () => {
    const v = await chamar('POST', listaVendidos(), gestor, {
      imagem: [arquivo(amb.ids.revendaA, 'crash.jpg')],
      peblocotextovendidos: 'Vendido interrompido',
    });
    const item = v.corpo.data as { id: string; revenda: string };
    // Instagram: a container was created, then the process died (lease expired, phase "container").
    const ct = await fetch(`${base}/sandbox/instagram/v20.0/17841400000000001/media`, {
      method: 'POST',
      headers: { authorization: 'Bearer sbx.demo.x', 'content-type': 'application/json' },
      body: JSON.stringify({ image_url: 'http://x.test/crash.jpg', caption: 'Vendido interrompido' }),
    });
    const container = ((await ct.json()) as { id: string }).id;
    await amb.banco.db.insert(publicacoesSociais).values({
      revenda_id: item.revenda,
      tipo: 'vendido',
      item_id: item.id,
      alvo: 'ig_feed',
      fase: 'container',
      container_id: container,
      trava_ate: new Date(Date.now() - 1000),
    });
    const ig = await chamar('POST', '/api/integracao/instagram/incluir-vendido', gestor, {
      vendido: { ...item, ig_feed: true, ig_stories: false },
    });
    expect(ig.status).toBe(200);
    expect(ig.corpo.data).toMatchObject({ mensagem: 'Vendido publicado no feed do instagram.', valida_feed: true });
    const doContainer = (await publicadas('instagram')).filter((p) => p.legenda === 'Vendido interrompido');
    expect(doContainer).toHaveLength(1);
    expect(doContainer[0]?.id).toBe((ig.corpo.data as { id_feed: string }).id_feed);

    // Facebook: the post call went out, then the process died before saving: the retry finds the post.
    const desde = new Date(Date.now() - 5000);
    const fb = await fetch(`${base}/sandbox/facebook/v20.0/100000000000001/photos`, {
      method: 'POST',
      headers: { authorization: 'Bearer sbxpage.100000000000001', 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://x.test/crash.jpg', caption: 'Vendido interrompido' }),
    });
    const postId = ((await fb.json()) as { post_id: string }).post_id;
    await amb.banco.db.insert(publicacoesSociais).values({
      revenda_id: item.revenda,
      tipo: 'vendido',
      item_id: item.id,
      alvo: 'fb_feed',
      fase: 'enviando_fb',
      updated_at: desde,
      trava_ate: new Date(Date.now() - 1000),
    });
    const antes = (await publicadas('facebook')).length;
    const r = await chamar('POST', '/api/integracao/facebook/incluir-vendido', gestor, { vendido: { ...item, fb_feed: true } });
    expect(r.status).toBe(200);
    expect((r.corpo.data as { fb_id_feed: string }).fb_id_feed).toBe(postId);
    expect((await publicadas('facebook')).length).toBe(antes);
  });

  it('a live lease (another request working) answers 409 without calling the network', async () => {
    const v = await chamar('POST', listaVendidos(), gestor, {
      imagem: [arquivo(amb.ids.revendaA, 'ocupado.jpg')],
      peblocotextovendidos: 'Ocupado',
    });
    const item = v.corpo.data as { id: string; revenda: string };
    await amb.banco.db.insert(publicacoesSociais).values({
      revenda_id: item.revenda,
      tipo: 'vendido',
      item_id: item.id,
      alvo: 'ig_stories',
      trava_ate: new Date(Date.now() + 60_000),
    });
    const r = await chamar('POST', '/api/integracao/instagram/incluir-vendido', gestor, {
      vendido: { ...item, ig_stories: true, ig_feed: false },
    });
    expect(r.status).toBe(409);
    expect(r.corpo.data).toBe('Esta publicação já está em andamento. Aguarde alguns instantes.');
  });

  it('failures answer the spec message with the reason; nothing is marked published and the hold is released', async () => {
    const v = await chamar('POST', listaVendidos(), gestor, {
      imagem: [arquivo(amb.ids.revendaA, 'f.jpg')],
      peblocotextovendidos: 'Texto com erro-midia',
    });
    const item = v.corpo.data as { id: string; revenda: string };
    const r = await chamar('POST', '/api/integracao/instagram/incluir-vendido', gestor, {
      vendido: { ...item, ig_stories: false, ig_feed: true },
    });
    expect(r.status).toBe(422);
    expect(r.corpo.data).toMatch(
      /^Erro ao publicar vendido no feed do instagram\. Instagram recusou a operação: o Instagram não processou a mídia/,
    );
    const f = await chamar('POST', listaBanners(), gestor, {
      imagem: [arquivo(amb.ids.revendaA, 'g.jpg')],
      peblocotextobanners: 'falhar agora',
    });
    const falho = f.corpo.data as { id: string; revenda: string };
    const fb = await chamar('POST', '/api/integracao/facebook/incluir-banner', gestor, { banner: { ...falho, fb_feed: true } });
    expect(fb.status).toBe(502);
    expect(fb.corpo.data).toMatch(/^Erro ao publicar banner no feed do facebook\. Facebook não respondeu/);
    const [salvo] = await amb.banco.db.select().from(banners).where(eq(banners.id, falho.id));
    expect(salvo?.fb_valida_feed).toBe(false);
    const [chave] = await amb.banco.db
      .select()
      .from(publicacoesSociais)
      .where(and(eq(publicacoesSociais.item_id, falho.id), eq(publicacoesSociais.alvo, 'fb_feed')));
    expect(chave?.trava_ate).toBeNull();
  });

  it('checks the reseller from the session: another reseller cannot publish or name a foreign item', async () => {
    const r = await chamar('POST', '/api/integracao/facebook/incluir-banner', gestorB, { banner: { ...banner, fb_feed: true } });
    expect(r.status).toBe(403);
    const trocado = await chamar('POST', '/api/integracao/facebook/incluir-banner', gestorB, {
      banner: { ...banner, revenda: amb.ids.revendaB, fb_feed: true },
    });
    expect(trocado.status).toBe(404);
    const semAlvo = await chamar('POST', '/api/integracao/instagram/incluir-banner', gestor, {
      banner: { ...banner, ig_stories: true, ig_feed: true },
    });
    expect(semAlvo.status).toBe(400);
  });
});
