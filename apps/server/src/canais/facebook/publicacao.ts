import { type CampoPadrao, enderecoDoSite, type PostFacebook, postFacebook, type RascunhoFacebook } from '@intermedio/contracts';
import { anuncioInexistente, limiteComoTransitorio } from '../edicao.ts';
import { postOuRevisao, textoPadrao } from '../padroes.ts';
import type { AnuncioCanal, PublicacaoVeiculo } from '../publicacao.ts';
import { graph, postGraph } from '../social/graph.ts';
import {
  comRespostaDoGraph,
  desdeDaTentativa,
  destinoSocial,
  imagensDoRascunho,
  MAX_FOTOS_SOCIAL,
  textoDoVeiculo,
} from '../social/veiculo.ts';
import { type ContextoCanal, ok, type Resultado } from '../tipos.ts';

/**
 * A vehicle on the reseller's Facebook page (channels.md §9): each photo uploaded unpublished
 * (`/{page}/photos published=false`), then one feed post with the text, the link and the photos (`attached_media`).
 * The Graph API takes no integrator reference, so the reconciliation finds the post by its text among the page's
 * posts published since the attempt. Delete: `DELETE /{post-id}`; "Unsupported delete request … does not exist"
 * means it is already gone (spec 3 §4). Sync: `POST /{post-id}` with the new message; the Graph API edits no
 * attached photos, so a post keeps the photos it was published with (Excluir + Incluir to change them).
 */
const post = postGraph;

async function permalink(ctx: ContextoCanal, id: string, token: string): Promise<Resultado<AnuncioCanal | null>> {
  const r = await graph<{ id: string; permalink_url?: string }>(ctx, `/${encodeURIComponent(id)}?fields=permalink_url`, token);
  if (!r.ok) return /does not exist/i.test(r.erro.mensagem) ? ok(null) : r;
  const url = r.valor.permalink_url ? new URL(r.valor.permalink_url, 'https://www.facebook.com').toString() : undefined;
  return ok({ idAnuncio: id, ...(url ? { urlAnuncio: url } : {}), confirmacao: 'imediata' });
}

/** Bulk publish: the description template and a link for resellers without a site of their own. */
export const CAMPOS_PADRAO_FACEBOOK: readonly CampoPadrao[] = [
  { campo: 'descricao', rotulo: 'Descrição do anúncio' },
  { campo: 'escolhas.face_link', rotulo: 'Link anúncio' },
];

export const publicacaoFacebook: PublicacaoVeiculo<RascunhoFacebook, PostFacebook> = {
  async rascunho(_ctx, _sessao, v) {
    return ok({ veiculoPost: { message: textoDoVeiculo(v), link: enderecoDoSite(v.revenda.site) ?? '', images: imagensDoRascunho(v) } });
  },

  camposPadrao: CAMPOS_PADRAO_FACEBOOK,

  /**
   * Bulk publish: the description from the reseller's template (else the draft's text), the link from the reseller's
   * site (else the default link); a description or link the screen would refuse goes to review.
   */
  postPadrao(d, v, padroes) {
    const post = {
      face_descricao: textoPadrao(padroes.descricao, v, d.veiculoPost.message),
      face_link: d.veiculoPost.link || (padroes.escolhas?.face_link ?? ''),
    };
    return postOuRevisao(postFacebook, post, { face_descricao: 'Descrição do anúncio', face_link: 'Link anúncio' });
  },

  enviar: comRespostaDoGraph('Facebook', async (ctx, sessao, v, p) => {
    const destino = destinoSocial(sessao);
    if (!destino.ok) return destino;
    const { id: pagina, token } = destino.valor;
    const fotos: string[] = [];
    for (const f of v.fotos.slice(0, MAX_FOTOS_SOCIAL)) {
      const r = await graph<{ id: string }>(
        ctx,
        `/${encodeURIComponent(pagina)}/photos`,
        token,
        post({ url: f.urlOriginal, published: 'false' }),
      );
      if (!r.ok) return r;
      fotos.push(r.valor.id);
    }
    const campos: Record<string, string> = { message: p.face_descricao, link: p.face_link };
    if (fotos.length) campos.attached_media = JSON.stringify(fotos.map((media_fbid) => ({ media_fbid })));
    const criado = await graph<{ id: string }>(ctx, `/${encodeURIComponent(pagina)}/feed`, token, post(campos));
    if (!criado.ok) return criado;
    const lido = await permalink(ctx, criado.valor.id, token);
    return ok({
      idAnuncio: criado.valor.id,
      ...(lido.ok && lido.valor?.urlAnuncio ? { urlAnuncio: lido.valor.urlAnuncio } : {}),
      confirmacao: 'imediata',
    });
  }),

  /** Sync: the text is the vehicle's current one (price, km, options, notes…); the link is kept. */
  postAtualizado(v, enviado) {
    return { ...enviado, face_descricao: textoDoVeiculo(v) };
  },

  /** Sync (channels.md §9): `POST /{post-id}` with the new message; a post the page no longer has is an error. */
  atualizar: comRespostaDoGraph('Facebook', async (ctx, sessao, _v, idAnuncio, p) => {
    const destino = destinoSocial(sessao);
    if (!destino.ok) return destino;
    const { token } = destino.valor;
    const r = await graph<{ success?: boolean }>(ctx, `/${encodeURIComponent(idAnuncio)}`, token, post({ message: p.face_descricao }));
    if (!r.ok)
      return /does not exist/i.test(r.erro.mensagem) ? anuncioInexistente('Facebook', idAnuncio) : limiteComoTransitorio('O Facebook', r);
    const lido = await permalink(ctx, idAnuncio, token);
    return ok({ idAnuncio, ...(lido.ok && lido.valor?.urlAnuncio ? { urlAnuncio: lido.valor.urlAnuncio } : {}), confirmacao: 'imediata' });
  }),

  async excluir(ctx, sessao, idAnuncio) {
    const destino = destinoSocial(sessao);
    if (!destino.ok) return destino;
    const r = await graph<{ success?: boolean }>(ctx, `/${encodeURIComponent(idAnuncio)}`, destino.valor.token, { method: 'DELETE' });
    if (r.ok) return ok('removido');
    return /Unsupported delete request.*does not exist/i.test(r.erro.mensagem) ? ok('jaRemovido') : r;
  },

  async consultar(ctx, sessao, ref) {
    const destino = destinoSocial(sessao);
    if (!destino.ok) return destino;
    const { id: pagina, token } = destino.valor;
    if (ref.idAnuncio) return permalink(ctx, ref.idAnuncio, token);
    const texto = ref.post?.face_descricao;
    if (!texto) return ok(null);
    const r = await graph<{ data: { id: string; message?: string; permalink_url?: string }[] }>(
      ctx,
      `/${encodeURIComponent(pagina)}/published_posts?fields=id,message,permalink_url&since=${desdeDaTentativa(ref)}`,
      token,
    );
    if (!r.ok) return r;
    const achado = r.valor.data.find((p) => p.message === texto);
    if (!achado) return ok(null);
    const url = achado.permalink_url ? new URL(achado.permalink_url, 'https://www.facebook.com').toString() : undefined;
    return ok({ idAnuncio: achado.id, ...(url ? { urlAnuncio: url } : {}), confirmacao: 'imediata' });
  },
};
