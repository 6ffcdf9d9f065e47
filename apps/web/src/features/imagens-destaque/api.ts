import { compararChaves, type EventoMudanca, type ImagemRevenda, imagemRevenda, type TipoImagemRevenda } from '@intermedio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import { entregarAsListas, invalidarForaDasListasAoVivo, useListaAoVivo } from '@/lib/lista-ao-vivo';

const SUB = { 'imagem-destaque': 'imagensDestaque', 'banner-site': 'bannersSite' } as const;
const CAMINHO = { 'imagem-destaque': 'imagens-destaque', 'banner-site': 'banners-site' } as const;
/** The table whose change events concern each list. */
const TABELA = { 'imagem-destaque': 'imagens_destaque', 'banner-site': 'banners_site' } as const;
export const urlImagensRevenda = (tipo: TipoImagemRevenda, idRevenda: string) =>
  `/api/revendas/${encodeURIComponent(idRevenda)}/${CAMINHO[tipo]}`;

/** The server's order: newest first (created_at, then id, descending). */
const recentesPrimeiro = (a: ImagemRevenda, b: ImagemRevenda) => compararChaves(b.created_at, a.created_at) || compararChaves(b.id, a.id);

/** Highlight images or site banners of a reseller. Live row by row through the `imagens_destaque` / `banners_site` events. */
export function useImagensRevenda(tipo: TipoImagemRevenda, idRevenda: string) {
  const url = urlImagensRevenda(tipo, idRevenda);
  return useListaAoVivo({
    queryKey: chaves.revenda.lista(idRevenda, SUB[tipo]),
    url,
    urlLinha: (id) => `${url}/lista/${encodeURIComponent(id)}`,
    esquema: imagemRevenda,
    idDe: (i) => i.id,
    comparar: recentesPrimeiro,
    linhaDoEvento: (e) => (e.tabela === TABELA[tipo] && e.revenda === idRevenda && e.id ? { id: e.id, remover: e.op === 'DELETE' } : null),
  });
}

/** After a write: the list on screen patches that row at once (its SSE event, arriving too, is coalesced with it). */
export function useInvalidarImagensRevenda(tipo: TipoImagemRevenda, idRevenda: string) {
  const queryClient = useQueryClient();
  return (id: string, op: EventoMudanca['op']) => {
    entregarAsListas({ tabela: TABELA[tipo], revenda: idRevenda, id, op });
    return invalidarForaDasListasAoVivo(queryClient, chaves.revenda.sub(idRevenda, SUB[tipo]));
  };
}

export function useExcluirImagemRevenda(tipo: TipoImagemRevenda, idRevenda: string) {
  const invalidar = useInvalidarImagensRevenda(tipo, idRevenda);
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`${urlImagensRevenda(tipo, idRevenda)}/${encodeURIComponent(id)}`, { esquema: z.object({ mensagem: z.string() }) }),
    onSuccess: (_r, id) => invalidar(id, 'DELETE'),
  });
}
