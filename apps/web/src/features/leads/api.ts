import { compararChaves, type EstadoLead, type EventoMudanca, type Lead, lead, leadDetalhe, listaLeads } from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import { entregarAsListas, esquemaEmDesenvolvimento, invalidarForaDasListasAoVivo, useListaAoVivo } from '@/lib/lista-ao-vivo';

const seg = encodeURIComponent;
const daRevenda = (idRevenda: string) => `/api/revendas/${seg(idRevenda)}/leads`;
const doLead = (idRevenda: string, idLead: string) => `${daRevenda(idRevenda)}/${seg(idLead)}`;

/** The API's page size limit: the inbox reads every page once, then stays live row by row. */
const POR_PAGINA = 200;

/** The server's order: newest first (recebido_em, then id, descending). */
export const recentesPrimeiro = (a: Lead, b: Lead) => compararChaves(b.recebido_em, a.recebido_em) || compararChaves(b.id, a.id);

/** Every page of a paged leads route, as one array. */
export async function baixarTodos(url: string, signal?: AbortSignal): Promise<Lead[]> {
  const esquema = esquemaEmDesenvolvimento(listaLeads);
  const todos: Lead[] = [];
  for (let pagina = 1; ; pagina++) {
    const sep = url.includes('?') ? '&' : '?';
    const r = await api.get(`${url}${sep}por_pagina=${POR_PAGINA}&pagina=${pagina}`, { esquema, signal });
    todos.push(...r.itens);
    if (r.itens.length < POR_PAGINA || todos.length >= r.total) return todos;
  }
}

/**
 * The inbox: a reseller's leads (or, for the admin without a reseller, every reseller's). Downloaded once, then live
 * row by row through the `leads` events (lib/lista-ao-vivo.ts); the filters apply on the screen (filtros.ts).
 */
export function useLeads(idRevenda: string | null) {
  // The row route is per reseller: the admin's "all resellers" list learns a lead's reseller from its event.
  const revendaDoLead = useRef(new Map<string, string>()).current;
  return useListaAoVivo({
    queryKey: idRevenda ? chaves.revenda.lista(idRevenda, 'leads') : ['leads', 'todas'],
    url: idRevenda ? daRevenda(idRevenda) : '/api/leads',
    buscarLista: (signal) => baixarTodos(idRevenda ? daRevenda(idRevenda) : '/api/leads', signal),
    urlLinha: (id) => doLead(idRevenda ?? revendaDoLead.get(id) ?? '', id),
    // A burst of leads (a channel delivering many at once) is read in one request, not one per lead.
    urlLinhas: idRevenda ? `${daRevenda(idRevenda)}/linhas` : undefined,
    esquema: lead,
    idDe: (l) => l.id,
    comparar: recentesPrimeiro,
    linhaDoEvento: (e) => {
      if (e.tabela !== 'leads' || !e.id || !e.revenda) return null;
      if (idRevenda && e.revenda !== idRevenda) return null;
      revendaDoLead.set(e.id, e.revenda);
      return { id: e.id, remover: e.op === 'DELETE' };
    },
  });
}

/** One lead with its conversation; refetched by the `leads` / `lead_mensagens` events of its reseller. */
export function useLead(idRevenda: string, idLead: string) {
  return useQuery({
    queryKey: chaves.revenda.detalhe(idRevenda, 'leads', idLead),
    queryFn: ({ signal }) => api.get(doLead(idRevenda, idLead), { esquema: leadDetalhe, signal }),
  });
}

/** A vehicle's leads (the vehicle page's card). */
export function useLeadsDoVeiculo(idRevenda: string, idVeiculo: string, enabled = true) {
  return useQuery({
    queryKey: [...chaves.revenda.sub(idRevenda, 'leads'), 'veiculo', idVeiculo],
    queryFn: ({ signal }) => baixarTodos(`/api/revendas/${seg(idRevenda)}/veiculos/${seg(idVeiculo)}/leads`, signal),
    enabled,
  });
}

/** After a write: the inbox on screen patches that row at once; the other leads queries refetch. */
function useAposMudar(idRevenda: string) {
  const queryClient = useQueryClient();
  return (id: string, op: EventoMudanca['op']) => {
    entregarAsListas({ tabela: 'leads', revenda: idRevenda, id, op });
    void invalidarForaDasListasAoVivo(queryClient, chaves.revenda.sub(idRevenda, 'dashboard'));
    return invalidarForaDasListasAoVivo(queryClient, chaves.revenda.sub(idRevenda, 'leads'));
  };
}

export function useMudarEstadoLead(idRevenda: string) {
  const aposMudar = useAposMudar(idRevenda);
  return useMutation({
    mutationFn: ({ idLead, estado }: { idLead: string; estado: EstadoLead }) =>
      api.put(`${doLead(idRevenda, idLead)}/estado`, { estado }, { esquema: leadDetalhe }),
    onSuccess: (l) => aposMudar(l.id, 'UPDATE'),
  });
}

export function useExcluirLead(idRevenda: string) {
  const aposMudar = useAposMudar(idRevenda);
  return useMutation({
    mutationFn: (idLead: string) => api.delete(doLead(idRevenda, idLead), { esquema: z.string() }),
    onSuccess: (_r, idLead) => aposMudar(idLead, 'DELETE'),
  });
}
