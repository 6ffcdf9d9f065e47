import type { AlvoSocial } from '@intermedio/contracts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';
import { graph, postGraph } from './graph.ts';

/**
 * Publishing a banner or sold item with the Graph API (channels.md §9, §10):
 * - Instagram: media container (image_url or video_url; media_type STORIES for stories, REELS for a feed video)
 *   → poll the container's status_code until FINISHED → media_publish → permalink.
 * - Facebook: page photo (`/{page-id}/photos`) or video (`/{page-id}/videos`) with the page token → permalink.
 * Each step reports its progress (`registrar`) before the next call, so a retry resumes where it stopped.
 */
export type Midia = { url: string; video: boolean };
export type Postagem = { id: string; url: string | null };
export type Retomada = { containerId?: string | null; fbDesde?: Date | null };
export type PassosPublicacao = {
  /** Called once the Instagram container exists (kept so a retry reuses it) and before Facebook's single post call. */
  registrar(fase: 'container' | 'enviando_fb', containerId?: string): Promise<void>;
};

const post = postGraph;
const esperar = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
/** Polling schedule for the container status: quick at first (images finish fast), then every 3 s, about 2 minutes in all. */
const INTERVALOS_MS = [250, 500, 1000, 2000, ...Array<number>(40).fill(3000)];

export async function publicarInstagram(
  ctx: ContextoCanal,
  conta: { id: string; token: string },
  alvo: Extract<AlvoSocial, 'ig_stories' | 'ig_feed'>,
  midia: Midia,
  legenda: string,
  retomada: Retomada,
  passos: PassosPublicacao,
): Promise<Resultado<Postagem>> {
  const conta64 = encodeURIComponent(conta.id);
  let container = retomada.containerId ?? null;
  if (container) {
    // A container from an interrupted attempt: reuse it unless it failed or expired (then make a new one).
    const s = await graph<{ status_code?: string }>(ctx, `/${encodeURIComponent(container)}?fields=status_code,status`, conta.token);
    if (!s.ok || s.valor.status_code === 'ERROR' || s.valor.status_code === 'EXPIRED') container = null;
  }
  if (!container) {
    const campos: Record<string, string> = { caption: legenda };
    campos[midia.video ? 'video_url' : 'image_url'] = midia.url;
    if (alvo === 'ig_stories') campos.media_type = 'STORIES';
    else if (midia.video) campos.media_type = 'REELS';
    const criado = await graph<{ id: string }>(ctx, `/${conta64}/media`, conta.token, post(campos));
    if (!criado.ok) return criado;
    container = criado.valor.id;
    await passos.registrar('container', container);
  }
  const pronto = await aguardarContainer(ctx, container, conta.token);
  if (!pronto.ok) return pronto;
  // A container is published at most once: publishing it again answers the same media.
  const publicado = await graph<{ id: string }>(ctx, `/${conta64}/media_publish`, conta.token, post({ creation_id: container }));
  if (!publicado.ok) return publicado;
  const link = await graph<{ permalink?: string }>(ctx, `/${encodeURIComponent(publicado.valor.id)}?fields=permalink`, conta.token);
  return ok({ id: publicado.valor.id, url: link.ok ? (link.valor.permalink ?? null) : null });
}

export async function aguardarContainer(ctx: ContextoCanal, container: string, token: string): Promise<Resultado<true>> {
  for (const intervalo of INTERVALOS_MS) {
    const s = await graph<{ status_code?: string; status?: string }>(
      ctx,
      `/${encodeURIComponent(container)}?fields=status_code,status`,
      token,
    );
    if (!s.ok) return s;
    const codigo = s.valor.status_code;
    if (codigo === 'FINISHED' || codigo === 'PUBLISHED') return ok(true);
    if (codigo === 'ERROR') return falha('rejected', `o Instagram não processou a mídia (${s.valor.status ?? 'ERROR'})`);
    if (codigo === 'EXPIRED') return falha('rejected', 'o contêiner de mídia expirou');
    await esperar(intervalo);
  }
  return falha('transient', 'o Instagram não terminou de processar a mídia a tempo');
}

export async function publicarFacebook(
  ctx: ContextoCanal,
  pagina: { id: string; token: string },
  midia: Midia,
  legenda: string,
  retomada: Retomada,
  passos: PassosPublicacao,
): Promise<Resultado<Postagem>> {
  const pag = encodeURIComponent(pagina.id);
  if (retomada.fbDesde) {
    // An attempt stopped after the post call: adopt the post it may have created (same text, since then).
    const desde = Math.floor(retomada.fbDesde.getTime() / 1000) - 60;
    const r = await graph<{ data: { id: string; message?: string; permalink_url?: string }[] }>(
      ctx,
      `/${pag}/published_posts?fields=id,message,permalink_url&since=${desde}`,
      pagina.token,
    );
    const achado = r.ok ? r.valor.data.find((p) => p.message === legenda) : undefined;
    if (achado) return ok({ id: achado.id, url: achado.permalink_url ?? null });
  }
  await passos.registrar('enviando_fb');
  const criado = midia.video
    ? await graph<{ id: string; post_id?: string }>(
        ctx,
        `/${pag}/videos`,
        pagina.token,
        post({ file_url: midia.url, description: legenda }),
      )
    : await graph<{ id: string; post_id?: string }>(ctx, `/${pag}/photos`, pagina.token, post({ url: midia.url, caption: legenda }));
  if (!criado.ok) return criado;
  // A photo answers the photo id and the post id; the post is what the page shows.
  const id = criado.valor.post_id || criado.valor.id;
  const link = await graph<{ permalink_url?: string }>(ctx, `/${encodeURIComponent(id)}?fields=permalink_url`, pagina.token);
  const url = link.ok && link.valor.permalink_url ? new URL(link.valor.permalink_url, 'https://www.facebook.com').toString() : null;
  return ok({ id, url });
}
