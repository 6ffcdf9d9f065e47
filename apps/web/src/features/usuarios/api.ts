import { type UsuarioAlteracao, type UsuarioNovo, usuario } from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';

const base = (idRevenda: string) => `/api/revendas/${encodeURIComponent(idRevenda)}/usuarios`;
const doUsuario = (idRevenda: string, idUsuario: string) => `${base(idRevenda)}/${encodeURIComponent(idUsuario)}`;

/** Users of a reseller. Live through the `usuarios` events (['revenda', id, 'usuarios']). */
export function useUsuarios(idRevenda: string) {
  return useQuery({
    queryKey: chaves.revenda.lista(idRevenda, 'usuarios'),
    queryFn: ({ signal }) => api.get(base(idRevenda), { esquema: z.array(usuario), signal }),
  });
}

export function useUsuario(idRevenda: string, idUsuario: string) {
  return useQuery({
    queryKey: chaves.revenda.detalhe(idRevenda, 'usuarios', idUsuario),
    queryFn: ({ signal }) => api.get(doUsuario(idRevenda, idUsuario), { esquema: usuario, signal }),
  });
}

/** After any write: the users of the reseller and its dashboard counters. */
function useInvalidar(idRevenda: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chaves.revenda.sub(idRevenda, 'usuarios') }),
      queryClient.invalidateQueries({ queryKey: chaves.revenda.dashboard(idRevenda) }),
    ]);
}

export function useIncluirUsuario(idRevenda: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (corpo: UsuarioNovo) => api.post(base(idRevenda), corpo, { esquema: usuario }),
    onSuccess: invalidar,
  });
}

export function useAlterarUsuario(idRevenda: string, idUsuario: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (corpo: UsuarioAlteracao) => api.put(doUsuario(idRevenda, idUsuario), corpo, { esquema: usuario }),
    onSuccess: invalidar,
  });
}

export function useRemoverUsuario(idRevenda: string, idUsuario: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: () => api.delete(doUsuario(idRevenda, idUsuario)),
    onSuccess: invalidar,
  });
}

/** Sends the password-reset link to the user's e-mail; answers the message to show. */
export function useEnviarLinkSenha(idRevenda: string, idUsuario: string) {
  return useMutation({
    mutationFn: () =>
      api.post(`${doUsuario(idRevenda, idUsuario)}/redefinir-senha`, undefined, { esquema: z.object({ mensagem: z.string() }) }),
  });
}
