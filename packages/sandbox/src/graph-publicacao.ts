import type { FastifyInstance, FastifyRequest } from 'fastify';
import { aplicarChaves, PUBLICO } from './comum.ts';
import { CONTAS, CONTAS_IG, erroGraph, quem } from './graph.ts';

/**
 * The publishing side of the Graph sandbox (channels.md §9, §10). It keeps what was published (in memory, per
 * sandbox: `GET /sandbox/{facebook|instagram}/_publicacoes` lists it) and fails on demand through the caption:
 * "falhar" → HTTP 500, "recusar" → 400 invalid parameter, "erro-midia" → the Instagram container ends in ERROR,
 * "lento" → answers after 2 s. An image container reports IN_PROGRESS once before FINISHED, a video twice.
 * A container is published at most once: publishing it again answers the same media.
 * A Facebook post is edited with `POST /{post-id}` and a new `message` (channels.md §9; issue 24): "limitar" in it
 * answers the page rate limit (code 32), an unknown post or an Instagram media the "does not exist" error.
 */
type Container = {
  id: string;
  conta: string;
  tipo: string;
  url: string;
  legenda: string;
  consultas: number;
  erro: boolean;
  midia?: string;
  /** A carousel's children (container ids), in order. */
  filhos?: string[];
  itemCarrossel?: boolean;
};
type Publicado = {
  id: string;
  destino: string;
  tipo: string;
  url: string;
  legenda: string;
  permalink: string;
  criado: number;
  /** A vehicle post: the link and the photos it carries (feed with attached_media, Instagram carousel). */
  link?: string;
  fotos?: string[];
  /** How many times the text was edited (`POST /{post-id}`), for tests. */
  editado?: number;
};

const NAO_EXISTE = (operacao: string, id: string) =>
  `Unsupported ${operacao} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`;

/** `attached_media` as Graph takes it: a JSON list, or form fields attached_media[0]={"media_fbid":"…"}. */
function midiasAnexadas(c: Record<string, string | undefined>): string[] {
  const brutos = c.attached_media
    ? [c.attached_media]
    : Object.keys(c)
        .filter((k) => /^attached_media\[\d+\]$/.test(k))
        .sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')))
        .map((k) => c[k] ?? '');
  return brutos.flatMap((b) => {
    try {
      const v = JSON.parse(b) as { media_fbid?: string } | { media_fbid?: string }[];
      return (Array.isArray(v) ? v : [v]).map((m) => String(m.media_fbid ?? ''));
    } catch {
      return [];
    }
  });
}

let sequencia = 0;
const novoId = (prefixo: string) => `${prefixo}${Date.now()}${String(++sequencia).padStart(4, '0')}`;
const campos = (req: FastifyRequest) => (req.body ?? {}) as Record<string, string | undefined>;

/** Which Instagram account / Facebook page the caller's token may publish to. */
function podePublicar(req: FastifyRequest, alvo: string): boolean {
  const q = quem(req);
  if (!q) return false;
  // A page token publishes to its page and the Instagram account linked to it; a user token to all of its pages.
  const paginas = q.conta
    ? (CONTAS[q.conta]?.paginas ?? [])
    : Object.values(CONTAS).flatMap((c) => c.paginas.filter((p) => p.id === q.pagina));
  return paginas.some((p) => p.id === alvo || p.ig === alvo);
}

export function publicacoesGraph(app: FastifyInstance, v: string) {
  const containers = new Map<string, Container>();
  const publicados = new Map<string, Publicado>();

  const recusar = async (req: FastifyRequest, texto: string | undefined) => aplicarChaves(req, texto);

  app.post<{ Params: { id: string } }>(`${v}/:id/media`, PUBLICO, async (req, reply) => {
    const c = campos(req);
    if (!podePublicar(req, req.params.id)) return erroGraph(reply, 400, 'Invalid OAuth access token.', 190);
    const carrossel = c.media_type === 'CAROUSEL';
    const filhos = carrossel ? (c.children ?? '').split(',').filter(Boolean) : [];
    if (carrossel) {
      // Up to 10 children, each an is_carousel_item container of this account.
      if (filhos.length < 2 || filhos.length > 10) return erroGraph(reply, 400, '(#100) A carousel takes 2 to 10 children.', 100);
      if (filhos.some((f) => containers.get(f)?.conta !== req.params.id || !containers.get(f)?.itemCarrossel))
        return erroGraph(reply, 400, '(#100) Invalid children', 100);
    }
    const url = carrossel ? (containers.get(filhos[0] ?? '')?.url ?? '') : (c.video_url ?? c.image_url);
    if (!url) return erroGraph(reply, 400, '(#100) The parameter image_url or video_url is required.', 100);
    const desfecho = await recusar(req, c.caption);
    if (desfecho === 'falhar') return erroGraph(reply, 500, 'An unexpected error has occurred. Please retry your request later.', 2);
    if (desfecho === 'recusar') return erroGraph(reply, 400, '(#100) Invalid parameter', 100);
    const id = novoId('179');
    const tipo = c.media_type ?? (c.video_url ? 'VIDEO' : 'IMAGE');
    containers.set(id, {
      id,
      conta: req.params.id,
      tipo,
      url,
      legenda: c.caption ?? '',
      consultas: 0,
      erro: /erro-midia/i.test(c.caption ?? ''),
      ...(carrossel ? { filhos } : {}),
      ...(c.is_carousel_item === 'true' ? { itemCarrossel: true } : {}),
    });
    return { id };
  });

  app.post<{ Params: { id: string } }>(`${v}/:id/media_publish`, PUBLICO, async (req, reply) => {
    if (!podePublicar(req, req.params.id)) return erroGraph(reply, 400, 'Invalid OAuth access token.', 190);
    const ct = containers.get(campos(req).creation_id ?? '');
    if (!ct || ct.conta !== req.params.id) return erroGraph(reply, 400, '(#100) Invalid creation_id', 100);
    if (ct.midia) return { id: ct.midia };
    if (ct.erro || ct.consultas < (ct.url.match(/\.(mp4|mov|webm)$/i) ? 3 : 2))
      return erroGraph(reply, 400, 'Media ID is not available', 9007);
    const id = novoId('180');
    ct.midia = id;
    const perfil = CONTAS_IG[ct.conta] ?? ct.conta;
    const permalink =
      ct.tipo === 'STORIES' ? `https://www.instagram.com/stories/${perfil}/${id}/` : `https://www.instagram.com/p/${id.slice(-11)}/`;
    const fotos = ct.filhos?.map((f) => containers.get(f)?.url ?? '');
    publicados.set(id, {
      id,
      destino: ct.conta,
      tipo: ct.tipo,
      url: ct.url,
      legenda: ct.legenda,
      permalink,
      criado: Date.now(),
      ...(fotos ? { fotos } : {}),
    });
    return { id };
  });

  // The account's published media (newest first), as the reconciliation reads it.
  app.get<{ Params: { id: string } }>(`${v}/:id/media`, PUBLICO, async (req, reply) => {
    if (!podePublicar(req, req.params.id)) return erroGraph(reply, 400, 'Invalid OAuth access token.', 190);
    const data = [...publicados.values()]
      .filter((p) => p.destino === req.params.id)
      .reverse()
      .map((p) => ({
        id: p.id,
        caption: p.legenda,
        permalink: p.permalink,
        media_type: p.tipo,
        timestamp: new Date(p.criado).toISOString(),
      }));
    return { data };
  });

  // Unpublished page photos (published=false), to attach to a feed post.
  const fotosSoltas = new Map<string, { pagina: string; url: string }>();

  // A page feed post (channels.md §9): message, link, attached_media of unpublished photos.
  app.post<{ Params: { id: string } }>(`${v}/:id/feed`, PUBLICO, async (req, reply) => {
    const c = campos(req);
    if (!podePublicar(req, req.params.id)) return erroGraph(reply, 400, 'Invalid OAuth access token.', 190);
    if (!c.message && !c.link) return erroGraph(reply, 400, '(#100) Either message or link must be supplied.', 100);
    const anexos = midiasAnexadas(c);
    const fotos = anexos.map((a) => fotosSoltas.get(a));
    if (fotos.some((f) => !f || f.pagina !== req.params.id)) return erroGraph(reply, 400, '(#100) Invalid attached_media', 100);
    const desfecho = await recusar(req, c.message);
    if (desfecho === 'falhar') return erroGraph(reply, 500, 'An unexpected error has occurred. Please retry your request later.', 2);
    if (desfecho === 'recusar') return erroGraph(reply, 400, '(#100) Invalid parameter', 100);
    const objeto = novoId('');
    const postId = `${req.params.id}_${objeto}`;
    const urls = fotos.map((f) => f?.url ?? '');
    publicados.set(postId, {
      id: postId,
      destino: req.params.id,
      tipo: 'FEED',
      url: urls[0] ?? '',
      legenda: c.message ?? '',
      permalink: `https://www.facebook.com/${req.params.id}/posts/${objeto}`,
      criado: Date.now(),
      ...(c.link ? { link: c.link } : {}),
      fotos: urls,
    });
    return { id: postId };
  });

  // Editing a post's text (Facebook); Instagram media cannot be edited through the API (channels.md §10).
  app.post<{ Params: { id: string } }>(`${v}/:id`, PUBLICO, async (req, reply) => {
    const c = campos(req);
    const p = publicados.get(req.params.id);
    if (!p || CONTAS_IG[p.destino] || !podePublicar(req, p.destino))
      return erroGraph(reply, 400, `(#100) ${NAO_EXISTE('post', req.params.id)}`, 100);
    if (!c.message?.trim()) return erroGraph(reply, 400, '(#100) The parameter message is required.', 100);
    if (/limitar/i.test(c.message)) return erroGraph(reply, 400, '(#32) Page request limit reached', 32);
    const desfecho = await recusar(req, c.message);
    if (desfecho === 'falhar') return erroGraph(reply, 500, 'An unexpected error has occurred. Please retry your request later.', 2);
    if (desfecho === 'recusar') return erroGraph(reply, 400, '(#100) Invalid parameter', 100);
    p.legenda = c.message;
    p.editado = (p.editado ?? 0) + 1;
    return { success: true };
  });

  // Deleting a post (Facebook); Instagram media cannot be deleted through the API (channels.md §10).
  app.delete<{ Params: { id: string } }>(`${v}/:id`, PUBLICO, async (req, reply) => {
    const p = publicados.get(req.params.id);
    if (!p || CONTAS_IG[p.destino] || !podePublicar(req, p.destino))
      return erroGraph(reply, 400, `(#100) ${NAO_EXISTE('delete', req.params.id)}`, 100);
    publicados.delete(req.params.id);
    return { success: true };
  });

  // The vehicle adverts received (feed posts and carousels), for tests.
  app.get('/_anuncios', PUBLICO, async () => ({
    data: [...publicados.values()].filter((p) => p.tipo === 'FEED' || p.tipo === 'CAROUSEL'),
  }));

  const postarNaPagina =
    (tipo: 'PHOTO' | 'VIDEO') => async (req: FastifyRequest<{ Params: { id: string } }>, reply: import('fastify').FastifyReply) => {
      const c = campos(req);
      if (!podePublicar(req, req.params.id)) return erroGraph(reply, 400, 'Invalid OAuth access token.', 190);
      const url = tipo === 'PHOTO' ? c.url : c.file_url;
      const legenda = (tipo === 'PHOTO' ? c.caption : c.description) ?? '';
      if (!url) return erroGraph(reply, 400, '(#100) Missing url', 100);
      const desfecho = await recusar(req, legenda);
      if (desfecho === 'falhar') return erroGraph(reply, 500, 'An unexpected error has occurred. Please retry your request later.', 2);
      if (desfecho === 'recusar') return erroGraph(reply, 400, '(#100) Invalid parameter', 100);
      const objeto = novoId('');
      if (tipo === 'PHOTO' && c.published === 'false') {
        fotosSoltas.set(objeto, { pagina: req.params.id, url });
        return { id: objeto };
      }
      const postId = `${req.params.id}_${objeto}`;
      const permalink = `https://www.facebook.com/${req.params.id}/posts/${objeto}`;
      publicados.set(postId, { id: postId, destino: req.params.id, tipo, url, legenda, permalink, criado: Date.now() });
      return tipo === 'PHOTO' ? { id: objeto, post_id: postId } : { id: postId };
    };
  app.post(`${v}/:id/photos`, PUBLICO, postarNaPagina('PHOTO'));
  app.post(`${v}/:id/videos`, PUBLICO, postarNaPagina('VIDEO'));

  app.get<{ Params: { id: string } }>(`${v}/:id/published_posts`, PUBLICO, async (req, reply) => {
    if (!podePublicar(req, req.params.id)) return erroGraph(reply, 400, 'Invalid OAuth access token.', 190);
    const desde = Number((req.query as Record<string, string>).since ?? 0) * 1000;
    const data = [...publicados.values()]
      .filter((p) => p.destino === req.params.id && p.criado >= desde)
      .reverse()
      .map((p) => ({ id: p.id, message: p.legenda, permalink_url: p.permalink }));
    return { data };
  });

  app.get('/_publicacoes', PUBLICO, async () => ({ data: [...publicados.values()] }));

  return {
    /** `GET /{id}` of a container, an Instagram media or a Facebook post; undefined when the id is none of them. */
    ler(id: string): Record<string, unknown> | undefined {
      const ct = containers.get(id);
      if (ct) {
        ct.consultas++;
        const processando = ct.consultas < (ct.tipo === 'IMAGE' || !/\.(mp4|mov|webm)$/i.test(ct.url) ? 2 : 3);
        if (ct.erro && !processando) return { id, status_code: 'ERROR', status: 'Error: Media upload has failed with error code 2207026' };
        return {
          id,
          status_code: ct.midia ? 'PUBLISHED' : processando ? 'IN_PROGRESS' : 'FINISHED',
          status: 'Finished: Media has been uploaded',
        };
      }
      const p = publicados.get(id);
      if (p) return { id, permalink: p.permalink, permalink_url: p.permalink };
      return undefined;
    },
  };
}
