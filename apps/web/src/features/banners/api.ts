import {
  type AlvoSocial,
  type Banner,
  banner,
  compararChaves,
  type EventoMudanca,
  type MidiaPublicacao,
  midiaPublicacao,
  REDE_DO_ALVO,
  resultadoPublicacao,
  type TipoPublicacao,
  type Vendido,
  vendido,
} from '@intermedio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { enviarArquivo } from '@/features/revendas/upload';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import { entregarAsListas, invalidarForaDasListasAoVivo, useListaAoVivo } from '@/lib/lista-ao-vivo';

export type ItemSocial = Banner | Vendido;
const SUB = { banner: 'banners', vendido: 'vendidos' } as const;
const ESQUEMA = { banner, vendido } as const;
const base = (tipo: TipoPublicacao, idRevenda: string) => `/api/revendas/${encodeURIComponent(idRevenda)}/${SUB[tipo]}`;

/** The one-row address of a list (same shape as the list's rows; 404 when the row is not in the list). */
export const urlLinha = (tipo: TipoPublicacao, idRevenda: string, id: string) => `${base(tipo, idRevenda)}/lista/${encodeURIComponent(id)}`;

/** The server's order: newest first (created_at, then id, descending). */
export const compararItens = (a: ItemSocial, b: ItemSocial) =>
  Date.parse(b.created_at) - Date.parse(a.created_at) || compararChaves(b.id, a.id);

/**
 * Banners or sold items of a reseller, newest first. Live row by row (lib/lista-ao-vivo.ts): a `banners` /
 * `vendidos` event makes the screen fetch only that row (GET …/lista/:id; 404 = it left the list).
 */
export function useItensSociais(tipo: TipoPublicacao, idRevenda: string) {
  return useListaAoVivo<ItemSocial>({
    queryKey: chaves.revenda.lista(idRevenda, SUB[tipo]),
    url: base(tipo, idRevenda),
    urlLinha: (id) => urlLinha(tipo, idRevenda, id),
    esquema: ESQUEMA[tipo] as z.ZodType<ItemSocial>,
    idDe: (i) => i.id,
    comparar: compararItens,
    linhaDoEvento: (e) => (e.tabela === SUB[tipo] && e.revenda === idRevenda && e.id ? { id: e.id, remover: e.op === 'DELETE' } : null),
  });
}

/**
 * After a write: the list on screen patches that row at once (the SSE event, arriving too, is coalesced with it);
 * the dashboard counters and other cached queries of this kind are refetched.
 */
function useInvalidar(tipo: TipoPublicacao, idRevenda: string) {
  const queryClient = useQueryClient();
  return (id: string, op: EventoMudanca['op']) => {
    entregarAsListas({ tabela: SUB[tipo], revenda: idRevenda, id, op });
    return Promise.all([
      invalidarForaDasListasAoVivo(queryClient, chaves.revenda.sub(idRevenda, SUB[tipo])),
      queryClient.invalidateQueries({ queryKey: chaves.revenda.dashboard(idRevenda) }),
    ]);
  };
}

export function useIncluirItemSocial(tipo: TipoPublicacao, idRevenda: string) {
  const invalidar = useInvalidar(tipo, idRevenda);
  return useMutation({
    mutationFn: (corpo: Record<string, unknown>) =>
      api.post(base(tipo, idRevenda), corpo, { esquema: ESQUEMA[tipo] as z.ZodType<ItemSocial> }),
    onSuccess: (item) => invalidar(item.id, 'INSERT'),
  });
}

/**
 * The spec's publish call for one target: the whole item with the requested flags (Instagram stories = ig_stories
 * true and ig_feed false, feed the reverse). Answers the success message and the fields merged into the item.
 */
export function usePublicar(tipo: TipoPublicacao, idRevenda: string) {
  const invalidar = useInvalidar(tipo, idRevenda);
  return useMutation({
    mutationFn: ({ item, alvo }: { item: ItemSocial; alvo: AlvoSocial }) => {
      const pedido =
        alvo === 'fb_feed' ? { ...item, fb_feed: true } : { ...item, ig_stories: alvo === 'ig_stories', ig_feed: alvo === 'ig_feed' };
      return api.post(
        `/api/integracao/${REDE_DO_ALVO[alvo]}/incluir-${tipo}`,
        { [tipo]: pedido },
        { esquema: resultadoPublicacao.extend({ mensagem: z.string() }) },
      );
    },
    // Also after a failure: the publication may have merged fields (or released its hold) on the item.
    onSettled: (_r, _e, { item }) => invalidar(item.id, 'UPDATE'),
  });
}

/** The image pipeline shared with vehicle photos (a sold item gets the reseller's sold-item frame). */
export const urlImagem = (tipo: TipoPublicacao, idRevenda: string) =>
  `/api/revendas/${encodeURIComponent(idRevenda)}/imagens?tipo=${tipo === 'banner' ? 'banner' : 'vendido'}`;
export const URL_VIDEO = '/api/file/upload-video';

const respostaVideo = z.object({
  fileName: z.string(),
  fileUrlImage: z.string(),
  fileThumbImage: z.string(),
  public_id: z.string(),
  asset_id: z.string(),
});

/** Uploads one file (image or video) with progress and answers the item's media entry. */
export async function enviarMidia(
  tipo: TipoPublicacao,
  idRevenda: string,
  arquivo: File,
  csrf: string,
  aoProgresso: (p: number) => void,
): Promise<MidiaPublicacao> {
  if (arquivo.type.startsWith('video/')) {
    const r = respostaVideo.parse(
      await enviarArquivo(`${URL_VIDEO}?id_revenda=${encodeURIComponent(idRevenda)}`, arquivo, csrf, aoProgresso),
    );
    return {
      fileName: r.fileName,
      fileUrl: r.fileUrlImage,
      fileThumb: r.fileThumbImage,
      video: true,
      public_id: r.public_id,
      asset_id: r.asset_id,
    };
  }
  const r = await enviarArquivo(urlImagem(tipo, idRevenda), arquivo, csrf, aoProgresso);
  // The pipeline's upload id (`imagem`) is the files' key prefix: kept as public_id.
  return midiaPublicacao.parse({ ...r, public_id: typeof r.imagem === 'string' ? r.imagem : null, video: false });
}
