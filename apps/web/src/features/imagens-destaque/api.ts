import { imagemRevenda, type TipoImagemRevenda } from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';

const SUB = { 'imagem-destaque': 'imagensDestaque', 'banner-site': 'bannersSite' } as const;
const CAMINHO = { 'imagem-destaque': 'imagens-destaque', 'banner-site': 'banners-site' } as const;
export const urlImagensRevenda = (tipo: TipoImagemRevenda, idRevenda: string) =>
  `/api/revendas/${encodeURIComponent(idRevenda)}/${CAMINHO[tipo]}`;

/** Highlight images or site banners of a reseller. Live through the `imagens_destaque` / `banners_site` events. */
export function useImagensRevenda(tipo: TipoImagemRevenda, idRevenda: string) {
  return useQuery({
    queryKey: chaves.revenda.lista(idRevenda, SUB[tipo]),
    queryFn: ({ signal }) => api.get(urlImagensRevenda(tipo, idRevenda), { esquema: z.array(imagemRevenda), signal }),
  });
}

export function useInvalidarImagensRevenda(tipo: TipoImagemRevenda, idRevenda: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: chaves.revenda.sub(idRevenda, SUB[tipo]) });
}

export function useExcluirImagemRevenda(tipo: TipoImagemRevenda, idRevenda: string) {
  const invalidar = useInvalidarImagensRevenda(tipo, idRevenda);
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`${urlImagensRevenda(tipo, idRevenda)}/${encodeURIComponent(id)}`, { esquema: z.object({ mensagem: z.string() }) }),
    onSuccess: invalidar,
  });
}
