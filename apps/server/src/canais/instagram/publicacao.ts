import { type CampoPadrao, type PostInstagram, postInstagram, type RascunhoInstagram } from '@intermedio/contracts';
import { postOuRevisao, textoPadrao } from '../padroes.ts';
import type { AnuncioCanal, PublicacaoVeiculo } from '../publicacao.ts';
import { graph, postGraph } from '../social/graph.ts';
import { aguardarContainer } from '../social/publicar.ts';
import {
  comRespostaDoGraph,
  desdeDaTentativa,
  destinoSocial,
  imagensDoRascunho,
  MAX_FOTOS_SOCIAL,
  textoDoVeiculo,
} from '../social/veiculo.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';

/**
 * A vehicle on the reseller's Instagram account as a carousel (channels.md §10): one `is_carousel_item` container
 * per photo (up to 10), the CAROUSEL container with the caption, its status polled until FINISHED, then
 * `media_publish`. One photo: a single image container. The API takes no integrator reference, so the
 * reconciliation finds the media by its caption among the account's media since the attempt. Instagram offers no
 * delete through the API: Excluir forgets the advert and tells the user to remove the post in the app.
 */
const post = postGraph;

async function permalink(ctx: ContextoCanal, id: string, token: string): Promise<Resultado<AnuncioCanal | null>> {
  const r = await graph<{ id: string; permalink?: string }>(ctx, `/${encodeURIComponent(id)}?fields=permalink`, token);
  if (!r.ok) return /does not exist/i.test(r.erro.mensagem) ? ok(null) : r;
  return ok({ idAnuncio: id, ...(r.valor.permalink ? { urlAnuncio: r.valor.permalink } : {}), confirmacao: 'imediata' });
}

/** Bulk publish: the caption template. */
export const CAMPOS_PADRAO_INSTAGRAM: readonly CampoPadrao[] = [{ campo: 'descricao', rotulo: 'Descrição do anúncio' }];

export const publicacaoInstagram: PublicacaoVeiculo<RascunhoInstagram, PostInstagram> = {
  async rascunho(_ctx, _sessao, v) {
    return ok({ message: textoDoVeiculo(v), images: imagensDoRascunho(v) });
  },

  camposPadrao: CAMPOS_PADRAO_INSTAGRAM,

  /**
   * Bulk publish: the caption from the reseller's template (else the draft's text); a caption the screen would refuse
   * (over 2,200 characters) or a vehicle without photos (Instagram needs one) goes to review.
   */
  postPadrao(d, v, padroes) {
    const post = { ig_descricao: textoPadrao(padroes.descricao, v, d.message) };
    return postOuRevisao(
      postInstagram,
      post,
      { ig_descricao: 'Descrição do anúncio', imagens: 'Imagens' },
      d.images.length ? [] : ['imagens'],
    );
  },

  enviar: comRespostaDoGraph('Instagram', async (ctx, sessao, v, p) => {
    const destino = destinoSocial(sessao);
    if (!destino.ok) return destino;
    const { id: conta, token } = destino.valor;
    const fotos = v.fotos.slice(0, MAX_FOTOS_SOCIAL);
    if (fotos.length === 0) return falha('validation', 'o Instagram exige ao menos uma foto do veículo');
    const midia = `/${encodeURIComponent(conta)}/media`;
    let container: string;
    if (fotos.length === 1) {
      const r = await graph<{ id: string }>(ctx, midia, token, post({ image_url: fotos[0]?.urlOriginal ?? '', caption: p.ig_descricao }));
      if (!r.ok) return r;
      container = r.valor.id;
    } else {
      const filhos: string[] = [];
      for (const f of fotos) {
        const r = await graph<{ id: string }>(ctx, midia, token, post({ image_url: f.urlOriginal, is_carousel_item: 'true' }));
        if (!r.ok) return r;
        filhos.push(r.valor.id);
      }
      const r = await graph<{ id: string }>(
        ctx,
        midia,
        token,
        post({ media_type: 'CAROUSEL', children: filhos.join(','), caption: p.ig_descricao }),
      );
      if (!r.ok) return r;
      container = r.valor.id;
    }
    const pronto = await aguardarContainer(ctx, container, token);
    if (!pronto.ok) return pronto;
    const publicado = await graph<{ id: string }>(
      ctx,
      `/${encodeURIComponent(conta)}/media_publish`,
      token,
      post({ creation_id: container }),
    );
    if (!publicado.ok) return publicado;
    const lido = await permalink(ctx, publicado.valor.id, token);
    return ok({
      idAnuncio: publicado.valor.id,
      ...(lido.ok && lido.valor?.urlAnuncio ? { urlAnuncio: lido.valor.urlAnuncio } : {}),
      confirmacao: 'imediata',
    });
  }),

  async excluir() {
    return ok('manual');
  },

  async consultar(ctx, sessao, ref) {
    const destino = destinoSocial(sessao);
    if (!destino.ok) return destino;
    const { id: conta, token } = destino.valor;
    if (ref.idAnuncio) return permalink(ctx, ref.idAnuncio, token);
    const legenda = ref.post?.ig_descricao;
    if (!legenda) return ok(null);
    const r = await graph<{ data: { id: string; caption?: string; permalink?: string; timestamp?: string }[] }>(
      ctx,
      `/${encodeURIComponent(conta)}/media?fields=id,caption,permalink,timestamp`,
      token,
    );
    if (!r.ok) return r;
    const desde = desdeDaTentativa(ref) * 1000;
    const achado = r.valor.data.find((m) => m.caption === legenda && (!m.timestamp || Date.parse(m.timestamp) >= desde));
    if (!achado) return ok(null);
    return ok({ idAnuncio: achado.id, ...(achado.permalink ? { urlAnuncio: achado.permalink } : {}), confirmacao: 'imediata' });
  },
};
