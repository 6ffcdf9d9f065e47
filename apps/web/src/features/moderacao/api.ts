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
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import { type AlvoEvento, entregarAsListas, useListaAoVivo } from '@/lib/lista-ao-vivo';

const seg = encodeURIComponent;

/** Addresses of the moderation API. */
export const urlModeracao = {
  veiculos: (fila: FilaVeiculoModeracao) => `/api/moderacao/veiculos/${fila}`,
  linhaVeiculo: (fila: FilaVeiculoModeracao, id: string) => `/api/moderacao/veiculos/${fila}/lista/${seg(id)}`,
  linhasVeiculos: (fila: FilaVeiculoModeracao) => `/api/moderacao/veiculos/${fila}/linhas`,
  publicacoes: (fila: FilaPublicacaoModeracao) => `/api/moderacao/publicacoes/${fila}`,
  linhaPublicacao: (fila: FilaPublicacaoModeracao, id: string) => `/api/moderacao/publicacoes/${fila}/lista/${seg(id)}`,
  linhasPublicacoes: (fila: FilaPublicacaoModeracao) => `/api/moderacao/publicacoes/${fila}/linhas`,
  validarUm: (fila: FilaModeracao, id: string) => `/api/moderacao/${fila}/${seg(id)}/validar`,
  validarLote: (fila: FilaModeracao) => `/api/moderacao/${fila}/validar`,
};

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

function useDadosAtuais<T>(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return () => queryClient.getQueryData<T[]>(queryKey);
}

/**
 * A vehicle queue, live row by row (lib/lista-ao-vivo.ts). A reseller's change touches all its entries: the rows of
 * a burst come in one request (`urlLinhas`), never the whole queue again.
 */
export function useFilaVeiculos(fila: FilaVeiculoModeracao) {
  const queryKey = chaveFila(fila);
  const atuais = useDadosAtuais<ModeracaoVeiculoLinha>(queryKey);
  return useListaAoVivo({
    queryKey,
    url: urlModeracao.veiculos(fila),
    urlLinha: (id) => urlModeracao.linhaVeiculo(fila, id),
    urlLinhas: urlModeracao.linhasVeiculos(fila),
    esquema: moderacaoVeiculoLinha,
    idDe: (l) => l.id,
    comparar: compararEntradas,
    linhaDoEvento: (e) => alvosDoEvento(e, atuais(), (l) => l.idVeiculo, 'veiculos'),
  });
}

/** The banner or sold queue, live row by row. */
export function useFilaPublicacoes(fila: FilaPublicacaoModeracao) {
  const queryKey = chaveFila(fila);
  const atuais = useDadosAtuais<ModeracaoPublicacaoLinha>(queryKey);
  return useListaAoVivo({
    queryKey,
    url: urlModeracao.publicacoes(fila),
    urlLinha: (id) => urlModeracao.linhaPublicacao(fila, id),
    urlLinhas: urlModeracao.linhasPublicacoes(fila),
    esquema: moderacaoPublicacaoLinha,
    idDe: (l) => l.id,
    comparar: compararEntradas,
    linhaDoEvento: (e) => alvosDoEvento(e, atuais(), (l) => l.idItem, fila),
  });
}

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
