import { type RevendaEntrada, revenda, revendaLinha } from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';

export type PlanoLista = 'pagos' | 'basico';

const caminho = (idRevenda: string) => `/api/revendas/${encodeURIComponent(idRevenda)}`;

/** Reseller lists (admin): paid plans or the basic plan. Live through the `revendas` events (chaves.revendas.todas). */
export function useRevendas(plano: PlanoLista) {
  return useQuery({
    queryKey: chaves.revendas.lista({ plano }),
    queryFn: ({ signal }) => api.get(`/api/revendas?plano=${plano}`, { esquema: z.array(revendaLinha), signal }),
  });
}

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
    mutationFn: (corpo: RevendaEntrada) =>
      idRevenda ? api.put(caminho(idRevenda), corpo, { esquema: revenda }) : api.post('/api/revendas', corpo, { esquema: revenda }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chaves.revendas.todas }),
  });
}

/** Deletes the reseller and all its users (one transaction on the server). */
export function useRemoverRevenda(idRevenda: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(caminho(idRevenda), { esquema: z.object({ usuarios: z.number() }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chaves.revendas.listas() }),
  });
}

export type AcaoBloqueio = { alvo: 'usuarios' | 'site'; ativo: 0 | 1 };

/** Admin: block (0) or unblock (1) app access of every user of a reseller, or its site. */
export function useBloqueio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idRevenda, alvo, ativo }: AcaoBloqueio & { idRevenda: string }) =>
      api.post(`${caminho(idRevenda)}/${alvo}/ativo`, { ativo }),
    // The users' counters of the list come from the users table, whose events do not refresh the lists.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chaves.revendas.todas }),
  });
}
