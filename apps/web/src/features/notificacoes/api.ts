import { compararChaves, type EventoMudanca, type Notificacao, type NotificacaoEntrada, notificacao } from '@intermedio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import { entregarAsListas, invalidarForaDasListasAoVivo, useListaAoVivo } from '@/lib/lista-ao-vivo';

const base = (idRevenda: string) => `/api/revendas/${encodeURIComponent(idRevenda)}/notificacoes`;
const daNotificacao = (idRevenda: string, id: string) => `${base(idRevenda)}/${encodeURIComponent(id)}`;

/** The server's order: newest first (created_at, then id, descending). */
const recentesPrimeiro = (a: Notificacao, b: Notificacao) => compararChaves(b.created_at, a.created_at) || compararChaves(b.id, a.id);

/**
 * Notifications of a reseller (admin). Live row by row through the `notificacoes` events: a reminder's result
 * arrives by itself.
 */
export function useNotificacoes(idRevenda: string) {
  return useListaAoVivo({
    queryKey: chaves.revenda.lista(idRevenda, 'notificacoes'),
    url: base(idRevenda),
    urlLinha: (id) => `${base(idRevenda)}/lista/${encodeURIComponent(id)}`,
    esquema: notificacao,
    idDe: (n) => n.id,
    comparar: recentesPrimeiro,
    linhaDoEvento: (e) =>
      e.tabela === 'notificacoes' && e.revenda === idRevenda && e.id ? { id: e.id, remover: e.op === 'DELETE' } : null,
  });
}

/** After a write: the list on screen patches that row at once (its SSE event, arriving too, is coalesced with it). */
function useInvalidar(idRevenda: string) {
  const queryClient = useQueryClient();
  return (id: string, op: EventoMudanca['op']) => {
    entregarAsListas({ tabela: 'notificacoes', revenda: idRevenda, id, op });
    return invalidarForaDasListasAoVivo(queryClient, chaves.revenda.sub(idRevenda, 'notificacoes'));
  };
}

export function useIncluirNotificacao(idRevenda: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (corpo: NotificacaoEntrada) => api.post(base(idRevenda), corpo, { esquema: notificacao }),
    onSuccess: (n) => invalidar(n.id, 'INSERT'),
  });
}

export function useExcluirNotificacao(idRevenda: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (id: string) => api.delete(daNotificacao(idRevenda, id), { esquema: z.object({ mensagem: z.string() }) }),
    onSuccess: (_r, id) => invalidar(id, 'DELETE'),
  });
}

/** Queues the reminder; the answer says "enviando" and the row shows the result when the job ends. */
export function useEnviarLembrete(idRevenda: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (id: string) => api.post(`${daNotificacao(idRevenda, id)}/lembrete`, undefined, { esquema: notificacao }),
    onSettled: (_r, _e, id) => invalidar(id, 'UPDATE'),
  });
}
