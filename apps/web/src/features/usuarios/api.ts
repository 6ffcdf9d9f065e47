import {
  chaveOrdenacao,
  compararChaves,
  type EventoMudanca,
  type Usuario,
  type UsuarioAlteracao,
  type UsuarioNovo,
  usuario,
} from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import { entregarAsListas, invalidarForaDasListasAoVivo, useListaAoVivo } from '@/lib/lista-ao-vivo';

const base = (idRevenda: string) => `/api/revendas/${encodeURIComponent(idRevenda)}/usuarios`;
const doUsuario = (idRevenda: string, idUsuario: string) => `${base(idRevenda)}/${encodeURIComponent(idUsuario)}`;

/** The server's order of the user list: accent-free name, id. */
export const compararUsuarios = (a: Usuario, b: Usuario) =>
  compararChaves(chaveOrdenacao(a.nome), chaveOrdenacao(b.nome)) || compararChaves(a.id, b.id);

/** Users of a reseller. Live row by row through the `usuarios` events of that reseller (lib/lista-ao-vivo.ts). */
export function useUsuarios(idRevenda: string) {
  return useListaAoVivo({
    queryKey: chaves.revenda.lista(idRevenda, 'usuarios'),
    url: base(idRevenda),
    urlLinha: (id) => `${base(idRevenda)}/lista/${encodeURIComponent(id)}`,
    esquema: usuario,
    idDe: (u) => u.id,
    comparar: compararUsuarios,
    linhaDoEvento: (e) => (e.tabela === 'usuarios' && e.revenda === idRevenda && e.id ? { id: e.id, remover: e.op === 'DELETE' } : null),
  });
}

export function useUsuario(idRevenda: string, idUsuario: string) {
  return useQuery({
    queryKey: chaves.revenda.detalhe(idRevenda, 'usuarios', idUsuario),
    queryFn: ({ signal }) => api.get(doUsuario(idRevenda, idUsuario), { esquema: usuario, signal }),
  });
}

/**
 * After any write: the live lists on screen patch that user's row at once (the change's SSE event, arriving
 * too, is coalesced with it); other cached user queries and the reseller's dashboard counters are refetched.
 */
function useInvalidar(idRevenda: string) {
  const queryClient = useQueryClient();
  return (id: string, op: EventoMudanca['op']) => {
    entregarAsListas({ tabela: 'usuarios', revenda: idRevenda, id, op });
    return Promise.all([
      invalidarForaDasListasAoVivo(queryClient, chaves.revenda.sub(idRevenda, 'usuarios')),
      queryClient.invalidateQueries({ queryKey: chaves.revenda.dashboard(idRevenda) }),
    ]);
  };
}

export function useIncluirUsuario(idRevenda: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (corpo: UsuarioNovo) => api.post(base(idRevenda), corpo, { esquema: usuario }),
    onSuccess: (u) => invalidar(u.id, 'INSERT'),
  });
}

export function useAlterarUsuario(idRevenda: string, idUsuario: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (corpo: UsuarioAlteracao) => api.put(doUsuario(idRevenda, idUsuario), corpo, { esquema: usuario }),
    onSuccess: () => invalidar(idUsuario, 'UPDATE'),
  });
}

export function useRemoverUsuario(idRevenda: string, idUsuario: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: () => api.delete(doUsuario(idRevenda, idUsuario)),
    onSuccess: () => invalidar(idUsuario, 'DELETE'),
  });
}

/** Sends the password-reset link to the user's e-mail; answers the message to show. */
export function useEnviarLinkSenha(idRevenda: string, idUsuario: string) {
  return useMutation({
    mutationFn: () =>
      api.post(`${doUsuario(idRevenda, idUsuario)}/redefinir-senha`, undefined, { esquema: z.object({ mensagem: z.string() }) }),
  });
}
