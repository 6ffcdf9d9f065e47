import { type NotificacaoEntrada, notificacao } from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';

const base = (idRevenda: string) => `/api/revendas/${encodeURIComponent(idRevenda)}/notificacoes`;
const daNotificacao = (idRevenda: string, id: string) => `${base(idRevenda)}/${encodeURIComponent(id)}`;

/** Notifications of a reseller (admin). Live through the `notificacoes` events: a reminder's result arrives by itself. */
export function useNotificacoes(idRevenda: string) {
  return useQuery({
    queryKey: chaves.revenda.lista(idRevenda, 'notificacoes'),
    queryFn: ({ signal }) => api.get(base(idRevenda), { esquema: z.array(notificacao), signal }),
  });
}

function useInvalidar(idRevenda: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: chaves.revenda.sub(idRevenda, 'notificacoes') });
}

export function useIncluirNotificacao(idRevenda: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (corpo: NotificacaoEntrada) => api.post(base(idRevenda), corpo, { esquema: notificacao }),
    onSuccess: invalidar,
  });
}

export function useExcluirNotificacao(idRevenda: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (id: string) => api.delete(daNotificacao(idRevenda, id), { esquema: z.object({ mensagem: z.string() }) }),
    onSuccess: invalidar,
  });
}

/** Queues the reminder; the answer says "enviando" and the row shows the result when the job ends. */
export function useEnviarLembrete(idRevenda: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (id: string) => api.post(`${daNotificacao(idRevenda, id)}/lembrete`, undefined, { esquema: notificacao }),
    onSettled: invalidar,
  });
}
