import {
  type AlvoSocial,
  type Banner,
  banner,
  type MidiaPublicacao,
  midiaPublicacao,
  REDE_DO_ALVO,
  resultadoPublicacao,
  type TipoPublicacao,
  type Vendido,
  vendido,
} from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { enviarArquivo } from '@/features/revendas/upload';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';

export type ItemSocial = Banner | Vendido;
const SUB = { banner: 'banners', vendido: 'vendidos' } as const;
const ESQUEMA = { banner, vendido } as const;
const base = (tipo: TipoPublicacao, idRevenda: string) => `/api/revendas/${encodeURIComponent(idRevenda)}/${SUB[tipo]}`;

/** Banners or sold items of a reseller, newest first. Live through the `banners` / `vendidos` events. */
export function useItensSociais(tipo: TipoPublicacao, idRevenda: string) {
  return useQuery({
    queryKey: chaves.revenda.lista(idRevenda, SUB[tipo]),
    queryFn: ({ signal }) => api.get(base(tipo, idRevenda), { esquema: z.array(ESQUEMA[tipo] as z.ZodType<ItemSocial>), signal }),
  });
}

function useInvalidar(tipo: TipoPublicacao, idRevenda: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chaves.revenda.sub(idRevenda, SUB[tipo]) }),
      queryClient.invalidateQueries({ queryKey: chaves.revenda.dashboard(idRevenda) }),
    ]);
}

export function useIncluirItemSocial(tipo: TipoPublicacao, idRevenda: string) {
  const invalidar = useInvalidar(tipo, idRevenda);
  return useMutation({
    mutationFn: (corpo: Record<string, unknown>) =>
      api.post(base(tipo, idRevenda), corpo, { esquema: ESQUEMA[tipo] as z.ZodType<ItemSocial> }),
    onSuccess: invalidar,
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
    onSettled: invalidar,
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
