import { contadoresAdmin, contadoresRevenda } from '@intermedio/contracts';
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
