import { type CriarLoteEntrada, type Lote, lote, resumoLote } from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';

const seg = encodeURIComponent;
const base = (idRevenda: string) => `/api/revendas/${seg(idRevenda)}/lotes`;

export const urlLotes = {
  criar: base,
  recentes: base,
  lote: (idRevenda: string, idLote: string) => `${base(idRevenda)}/${seg(idLote)}`,
  cancelar: (idRevenda: string, idLote: string) => `${base(idRevenda)}/${seg(idLote)}/cancelar`,
};

export const chavesLotes = {
  lote: (idRevenda: string, idLote: string) => [...chaves.revenda.sub(idRevenda, 'lotes'), idLote] as const,
  recentes: (idRevenda: string) => chaves.revenda.lista(idRevenda, 'lotes'),
};

/** The reseller's last batches (the list's "Ações em lote" menu). Live: lotes / lote_itens events invalidate it. */
export function useLotesRecentes(idRevenda: string) {
  return useQuery({
    queryKey: chavesLotes.recentes(idRevenda),
    queryFn: ({ signal }) => api.get(urlLotes.recentes(idRevenda), { esquema: z.array(resumoLote), signal }),
  });
}

/** Starts a bulk action; the answer is the batch, shown at once in the progress panel. */
export function useCriarLote(idRevenda: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entrada: CriarLoteEntrada) => api.post(urlLotes.criar(idRevenda), entrada, { esquema: lote }),
    onSuccess: (l) => {
      queryClient.setQueryData(chavesLotes.lote(idRevenda, l.id), l);
      void queryClient.invalidateQueries({ queryKey: chavesLotes.recentes(idRevenda) });
    },
  });
}

/**
 * A read with `?desde=` answers only the items written since (`parcial`): they replace their rows in what the panel
 * already has; the batch's header (n of N, state) and the next cursor come whole. A whole answer replaces everything.
 */
export function juntarLote(anterior: Lote | undefined, novo: Lote): Lote {
  if (!novo.parcial || !anterior) return novo;
  // A batch's items are fixed when it is created: each changed one replaces its own row.
  const mudaram = new Map(novo.itens.map((i) => [i.id, i]));
  return { ...novo, parcial: false, itens: anterior.itens.map((i) => mudaram.get(i.id) ?? i) };
}

/**
 * A batch's progress. Live: every change of its rows (lotes, lote_itens) invalidates it (lib/eventos.ts), no polling;
 * after the first read each refetch asks only what changed since the last one (`juntarLote`): a batch of thousands of
 * items no longer travels whole once a second while it runs.
 */
export function useLote(idRevenda: string, idLote: string | null) {
  const queryClient = useQueryClient();
  const queryKey = chavesLotes.lote(idRevenda, idLote ?? '');
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const anterior = queryClient.getQueryData<Lote>(queryKey);
      const desde = anterior?.cursor ? `?desde=${encodeURIComponent(anterior.cursor)}` : '';
      return juntarLote(anterior, await api.get(`${urlLotes.lote(idRevenda, idLote ?? '')}${desde}`, { esquema: lote, signal }));
    },
    enabled: Boolean(idLote),
  });
}

export function useCancelarLote(idRevenda: string, idLote: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(urlLotes.cancelar(idRevenda, idLote), undefined, { esquema: lote }),
    onSuccess: (l) => queryClient.setQueryData(chavesLotes.lote(idRevenda, idLote), l),
  });
}
