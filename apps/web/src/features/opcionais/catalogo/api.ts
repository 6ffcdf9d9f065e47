import { type ItemCatalogoEntrada, itemCatalogo } from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import type { DefinicaoCatalogo } from './definicao';

const doItem = (def: DefinicaoCatalogo, id: string) => `${def.api}/${encodeURIComponent(id)}`;

/** The whole catalogue, in the server's order; kept live by the table's events (chaves.<catalogue>.todas). */
export function useItensCatalogo(def: DefinicaoCatalogo) {
  return useQuery({
    queryKey: chaves[def.chave].lista(),
    queryFn: ({ signal }) => api.get(def.api, { esquema: z.array(itemCatalogo), signal }),
  });
}

export function useItemCatalogo(def: DefinicaoCatalogo, id: string) {
  return useQuery({
    queryKey: chaves[def.chave].detalhe(id),
    queryFn: ({ signal }) => api.get(doItem(def, id), { esquema: itemCatalogo, signal }),
  });
}

/** Include (no id) or change (id). */
export function useGravarItemCatalogo(def: DefinicaoCatalogo, id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (corpo: ItemCatalogoEntrada & { versao?: string }) =>
      id ? api.put(doItem(def, id), corpo, { esquema: itemCatalogo }) : api.post(def.api, corpo, { esquema: itemCatalogo }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chaves[def.chave].todas }),
  });
}

export function useRemoverItemCatalogo(def: DefinicaoCatalogo, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(doItem(def, id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chaves[def.chave].listas() }),
  });
}
