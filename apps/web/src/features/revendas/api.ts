import {
  chaveOrdenacao,
  compararChaves,
  type EventoMudanca,
  type RevendaEntrada,
  type RevendaLinha,
  revenda,
  revendaLinha,
} from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import { entregarAsListas, invalidarForaDasListasAoVivo, useListaAoVivo } from '@/lib/lista-ao-vivo';

export type PlanoLista = 'pagos' | 'basico';

const caminho = (idRevenda: string) => `/api/revendas/${encodeURIComponent(idRevenda)}`;

const RANK_PLANO: Record<RevendaLinha['plano'], number> = { basico: 0, vendedor: 1, familiar: 2, showroom: 3, concessionaria: 4 };

/** The server's order of the reseller lists: plan rank, accent-free name, id. */
export const compararRevendas = (a: RevendaLinha, b: RevendaLinha) =>
  RANK_PLANO[a.plano] - RANK_PLANO[b.plano] ||
  compararChaves(chaveOrdenacao(a.penome_fantasia), chaveOrdenacao(b.penome_fantasia)) ||
  compararChaves(a.id, b.id);

/**
 * Reseller lists (admin): paid plans or the basic plan. Live row by row: a reseller's change (or a change to
 * its users, whose counts the list shows) fetches only that row (lib/lista-ao-vivo.ts).
 */
export function useRevendas(plano: PlanoLista) {
  return useListaAoVivo({
    queryKey: chaves.revendas.lista({ plano }),
    url: `/api/revendas?plano=${plano}`,
    urlLinha: (id) => `/api/revendas/lista/${encodeURIComponent(id)}?plano=${plano}`,
    esquema: revendaLinha,
    idDe: (r) => r.id,
    comparar: compararRevendas,
    linhaDoEvento: (e) => {
      if (e.tabela === 'revendas' && e.id) return { id: e.id, remover: e.op === 'DELETE' };
      if (e.tabela === 'usuarios' && e.revenda) return { id: e.revenda, remover: false };
      return null;
    },
  });
}

const mudouRevenda = (id: string, op: EventoMudanca['op']) => entregarAsListas({ tabela: 'revendas', revenda: id, id, op });

/** One reseller (admin, or a user of that reseller). */
export function useRevenda(idRevenda: string) {
  return useQuery({
    queryKey: chaves.revendas.detalhe(idRevenda),
    queryFn: ({ signal }) => api.get(caminho(idRevenda), { esquema: revenda, signal }),
  });
}

/** Include (no id) or change (id; PUT replaces every field) a reseller. */
export function useGravarRevenda(idRevenda?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (corpo: RevendaEntrada & { versao?: string }) =>
      idRevenda ? api.put(caminho(idRevenda), corpo, { esquema: revenda }) : api.post('/api/revendas', corpo, { esquema: revenda }),
    // The lists on screen patch the row at once (the change's SSE event, arriving too, is coalesced with it).
    onSuccess: (r) => {
      mudouRevenda(r.id, idRevenda ? 'UPDATE' : 'INSERT');
      return invalidarForaDasListasAoVivo(queryClient, chaves.revendas.todas);
    },
  });
}

/** Deletes the reseller and all its users (one transaction on the server). */
export function useRemoverRevenda(idRevenda: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(caminho(idRevenda), { esquema: z.object({ usuarios: z.number() }) }),
    onSuccess: () => {
      mudouRevenda(idRevenda, 'DELETE');
      return invalidarForaDasListasAoVivo(queryClient, chaves.revendas.listas());
    },
  });
}

export type AcaoBloqueio = { alvo: 'usuarios' | 'site'; ativo: 0 | 1 };

/** Admin: block (0) or unblock (1) app access of every user of a reseller, or its site. */
export function useBloqueio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idRevenda, alvo, ativo }: AcaoBloqueio & { idRevenda: string }) =>
      api.post(`${caminho(idRevenda)}/${alvo}/ativo`, { ativo }),
    // The row's users' counters or site status change.
    onSuccess: (_r, { idRevenda }) => {
      mudouRevenda(idRevenda, 'UPDATE');
      return invalidarForaDasListasAoVivo(queryClient, chaves.revendas.todas);
    },
  });
}
