import { CABECALHO_CSRF, MENSAGENS, type Sessao, type UsuarioLogado } from '@intermedio/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { ApiError, api, csrfAtual, definirCsrf, semResposta } from './api';
import { chaves } from './chaves';
import { conexao } from './conexao';
import { rotas } from './rotas';

/** Browser-storage key of the signed-in user's copy (spec 1 §3). */
export const CHAVE_USUARIO_LOGADO = 'usuarioLogado';

/**
 * Whether this browser remembers a signed-in user (the sign-in page then asks the server for the session).
 * The server's answer is what counts, so the copy is not parsed here.
 */
export function lembraUsuario(): boolean {
  try {
    return localStorage.getItem(CHAVE_USUARIO_LOGADO) !== null;
  } catch {
    return false;
  }
}

/**
 * The session schema, loaded with the first session answer: zod then stays out of the sign-in page's first load
 * (issue 15 budget); every signed-in screen needs it anyway.
 */
const esquemaSessao = async () => (await import('./sessao-esquema')).sessao;

function guardarSessao(s: Sessao) {
  definirCsrf(s.csrf);
  try {
    const { id, role, revenda, nome } = s.usuario;
    localStorage.setItem(CHAVE_USUARIO_LOGADO, JSON.stringify({ id, role, revenda, nome }));
  } catch {
    // Storage may be unavailable (private mode); the server session is what matters.
  }
}

function esquecerSessao() {
  definirCsrf(null);
  try {
    localStorage.removeItem(CHAVE_USUARIO_LOGADO);
  } catch {
    // ignore
  }
}

/** GET /api/auth/sessao → the session, or null when there is none (401). */
export async function carregarSessao(): Promise<Sessao | null> {
  try {
    const s = await api.get('/api/auth/sessao', { esquema: await esquemaSessao(), tratar401: false });
    guardarSessao(s);
    return s;
  } catch (erro) {
    if (erro instanceof ApiError && erro.status === 401) {
      esquecerSessao();
      return null;
    }
    throw erro;
  }
}

/**
 * The current session (null = signed out). Backed by TanStack Query; never retried.
 * `consultar: false` uses only what is already known (no request): `isLoading` then stays false.
 */
export function useSessao({ consultar = true }: { consultar?: boolean } = {}) {
  return useQuery({ queryKey: chaves.sessao, queryFn: carregarSessao, retry: false, staleTime: 60_000, enabled: consultar });
}

/**
 * Forgets the session in this browser: session query → null (layouts then redirect to /login),
 * every other cached answer dropped, `usuarioLogado` removed.
 */
export function encerrarSessaoLocal(queryClient: QueryClient) {
  esquecerSessao();
  void queryClient.cancelQueries({ predicate: (q) => q.queryKey[0] !== chaves.sessao[0] });
  queryClient.setQueryData<Sessao | null>(chaves.sessao, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== chaves.sessao[0] });
}

/** Home screen of each role after sign-in. */
export function inicioDoPapel(usuario: UsuarioLogado): string {
  return usuario.role === 'admin' ? rotas.home() : rotas.painel();
}

/** POST /api/auth/login. Only admin and gestor may use the panel; anything else is the login failure (spec 1 §2). */
export function useEntrar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (corpo: { email: string; senha: string }) => {
      const s = await api.post('/api/auth/login', corpo, { esquema: await esquemaSessao(), tratar401: false });
      if (s.usuario.role !== 'admin' && s.usuario.role !== 'gestor') {
        definirCsrf(s.csrf);
        await api.post('/api/auth/logout', undefined, { tratar401: false }).catch(() => undefined);
        throw new ApiError(401, MENSAGENS.loginFalhou);
      }
      return s;
    },
    onSuccess: (s) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== chaves.sessao[0] });
      guardarSessao(s);
      queryClient.setQueryData(chaves.sessao, s);
    },
  });
}

/** Browser-storage key of a Sair the server has not heard yet: the CSRF token of the session to end. */
const CHAVE_SAIDA_PENDENTE = 'intermedio:saidaPendente';

/**
 * Sends a Sair made while offline (the session cookie is still in the browser, so the server ends that session).
 * Any answer settles it: 200 ended it; 401/403 means it had ended already or another session took the cookie's place
 * (its CSRF token differs, so a newer session is never ended by this).
 */
export async function enviarSaidaPendente(): Promise<void> {
  let token: string | null = null;
  try {
    token = localStorage.getItem(CHAVE_SAIDA_PENDENTE);
  } catch {
    return;
  }
  if (!token) return;
  try {
    await fetch('/api/auth/logout', { method: 'POST', headers: { [CABECALHO_CSRF]: token }, credentials: 'same-origin' });
    localStorage.removeItem(CHAVE_SAIDA_PENDENTE);
  } catch {
    // Still offline: tried again when the connection returns or the panel opens.
  }
}
conexao.aoVoltar(() => void enviarSaidaPendente());

/** POST /api/auth/logout, then forget everything locally (even if the call failed; offline, the server hears it later). */
export function useSair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const token = csrfAtual();
      try {
        await api.post('/api/auth/logout', undefined, { tratar401: false });
      } catch (erro) {
        if (semResposta(erro) && token) {
          try {
            localStorage.setItem(CHAVE_SAIDA_PENDENTE, token);
          } catch {
            // No storage: the session ends on the server when it expires.
          }
        }
        throw erro;
      }
    },
    onSettled: () => encerrarSessaoLocal(queryClient),
  });
}

const SessaoAtivaContexto = createContext<Sessao | null>(null);

export function SessaoAtivaProvider({ sessao, children }: { sessao: Sessao; children: ReactNode }) {
  return <SessaoAtivaContexto value={sessao}>{children}</SessaoAtivaContexto>;
}

/** The session of the signed-in user, inside the authenticated layout. */
export function useSessaoAtiva(): Sessao {
  const s = useContext(SessaoAtivaContexto);
  if (!s) throw new Error('useSessaoAtiva fora do layout autenticado');
  return s;
}
