import { contadoresAdmin, contadoresRevenda, painelAdmin, painelRevenda } from '@intermedio/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';

/** Sizes of the moderation queues (admin). Kept fresh by live events on `moderacao`. */
export function useContadoresAdmin() {
  return useQuery({
    queryKey: chaves.dashboard.admin(),
    queryFn: ({ signal }) => api.get('/api/dashboard/contadores', { esquema: contadoresAdmin, signal }),
  });
}

/** Counters of one reseller's dashboard. Kept fresh by live events on its vehicles, sold items, users and banners. */
export function useContadoresRevenda(idRevenda: string) {
  return useQuery({
    queryKey: chaves.revenda.dashboard(idRevenda),
    queryFn: ({ signal }) => api.get(`/api/revendas/${encodeURIComponent(idRevenda)}/dashboard`, { esquema: contadoresRevenda, signal }),
  });
}

/**
 * Dealer dashboard widgets (issue 25). Keyed under the dashboard prefix, so the same live events that refresh the
 * counters refresh it too.
 */
export function usePainelRevenda(idRevenda: string) {
  return useQuery({
    queryKey: [...chaves.revenda.dashboard(idRevenda), 'painel'],
    queryFn: ({ signal }) => api.get(`/api/revendas/${encodeURIComponent(idRevenda)}/dashboard/painel`, { esquema: painelRevenda, signal }),
  });
}

/** Admin dashboard additions (issue 25 item 2). Refreshed with the moderation counters' live events. */
export function usePainelAdmin() {
  return useQuery({
    queryKey: [...chaves.dashboard.admin(), 'painel'],
    queryFn: ({ signal }) => api.get('/api/dashboard/painel', { esquema: painelAdmin, signal }),
  });
}
