import {
  compararChaves,
  type EventoMudanca,
  type FilaModeracao,
  type FilaPublicacaoModeracao,
  type FilaVeiculoModeracao,
  type ModeracaoPublicacaoLinha,
  type ModeracaoVeiculoLinha,
  moderacaoPublicacaoLinha,
  moderacaoVeiculoLinha,
} from '@intermedio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import { type AlvoEvento, entregarAsListas, useListaAoVivo } from '@/lib/lista-ao-vivo';

const seg = encodeURIComponent;

/** Addresses of the moderation API: a queue's list, one entry, several entries (POST {ids}); validation. */
export const urlModeracao = {
  fila: (grupo: GrupoFila, fila: FilaModeracao) => `/api/moderacao/${grupo}/${fila}`,
  linha: (grupo: GrupoFila, fila: FilaModeracao, id: string) => `/api/moderacao/${grupo}/${fila}/lista/${seg(id)}`,
  linhas: (grupo: GrupoFila, fila: FilaModeracao) => `/api/moderacao/${grupo}/${fila}/linhas`,
  validarUm: (fila: FilaModeracao, id: string) => `/api/moderacao/${fila}/${seg(id)}/validar`,
  validarLote: (fila: FilaModeracao) => `/api/moderacao/${fila}/validar`,
};
/** Vehicle queues (incluidos, alterados, removidos) and publication queues (banners, vendidos). */
type GrupoFila = 'veiculos' | 'publicacoes';

export const chaveFila = (fila: FilaModeracao) => chaves.moderacao.lista({ fila });

/** The server's order: newest entries first (created_at, then id, descending). */
const compararEntradas = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  Date.parse(b.created_at) - Date.parse(a.created_at) || compararChaves(b.id, a.id);

type Entrada = { id: string; idRevenda: string };

/**
 * Which entries of a cached queue an event touches. The entry itself (`moderacao`), and what its row shows from
 * other tables: the item (vehicle, banner, sold item, by its id), the reseller's name / logo and channel settings
 * (S.I.) and the vehicle's adverts (S.A.; their events carry the reseller and the channel, not the vehicle).
 */
function alvosDoEvento<T extends Entrada>(
  e: EventoMudanca,
  atuais: readonly T[] | undefined,
  idItem: (l: T) => string,
  tabelaItem: string,
): AlvoEvento | AlvoEvento[] | null {
  if (!e.id) return null;
  if (e.tabela === 'moderacao') {
    // An entry of another queue: an INSERT has to be asked (404 leaves the list as it is); the rest is not ours.
    if (e.op !== 'INSERT' && !atuais?.some((l) => l.id === e.id)) return null;
    return { id: e.id, remover: e.op === 'DELETE' };
  }
  if (!atuais) return null;
  const daRevenda = () => atuais.filter((l) => l.idRevenda === e.revenda).map((l) => ({ id: l.id, remover: false }));
  if (e.tabela === tabelaItem) {
    // A deleted item leaves an orphan entry, which the server drops: fetching the row answers 404.
    return atuais.filter((l) => idItem(l) === e.id).map((l) => ({ id: l.id, remover: false }));
  }
  if (e.tabela === 'revendas' || e.tabela === 'revenda_integracoes') return daRevenda();
  if (e.tabela === 'veiculo_integracoes' && tabelaItem === 'veiculos') return daRevenda();
  return null;
}

/**
 * A queue, live row by row (lib/lista-ao-vivo.ts). A reseller's change touches all its entries: the rows of a burst
 * come in one request (`urlLinhas`), never the whole queue again.
 */
function useFila<T extends Entrada & { created_at: string }>(
  grupo: GrupoFila,
  fila: FilaModeracao,
  esquema: z.ZodType<T>,
  item: { id: (l: T) => string; tabela: string },
) {
  const queryClient = useQueryClient();
  const queryKey = chaveFila(fila);
  return useListaAoVivo({
    queryKey,
    url: urlModeracao.fila(grupo, fila),
    urlLinha: (id) => urlModeracao.linha(grupo, fila, id),
    urlLinhas: urlModeracao.linhas(grupo, fila),
    esquema,
    idDe: (l) => l.id,
    comparar: compararEntradas,
    linhaDoEvento: (e) => alvosDoEvento(e, queryClient.getQueryData<T[]>(queryKey), item.id, item.tabela),
  });
}

export const useFilaVeiculos = (fila: FilaVeiculoModeracao) =>
  useFila<ModeracaoVeiculoLinha>('veiculos', fila, moderacaoVeiculoLinha, { id: (l) => l.idVeiculo, tabela: 'veiculos' });

/** The banner or sold queue: its item is a banner or a sold item (their table has the queue's name). */
export const useFilaPublicacoes = (fila: FilaPublicacaoModeracao) =>
  useFila<ModeracaoPublicacaoLinha>('publicacoes', fila, moderacaoPublicacaoLinha, { id: (l) => l.idItem, tabela: fila });

const validados = z.object({ validados: z.number() });

/**
 * Validation of one entry or of the checked ones (one request). The validated rows leave the list at once; the
 * SSE events (DELETE of each entry) arrive too and find nothing left to do.
 */
export function useValidar(fila: FilaModeracao) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      ids.length === 1 && ids[0]
        ? api.post(urlModeracao.validarUm(fila, ids[0]), undefined, { esquema: validados })
        : api.post(urlModeracao.validarLote(fila), { ids }, { esquema: validados }),
    onSuccess: (_r, ids) => {
      const fora = new Set(ids);
      queryClient.setQueryData<{ id: string }[]>(chaveFila(fila), (atual) => atual?.filter((l) => !fora.has(l.id)));
      if (ids.length === 1 && ids[0]) entregarAsListas({ tabela: 'moderacao', revenda: null, id: ids[0], op: 'DELETE' });
      return queryClient.invalidateQueries({ queryKey: chaves.dashboard.admin() });
    },
  });
}
