import { useSyncExternalStore } from 'react';

/**
 * Whether the server is out of reach: set by the browser's offline event and by any API call that got no answer,
 * cleared by the online event and by any answer. The panel shows "Sem conexão com o servidor" meanwhile.
 */
let semConexao = typeof navigator !== 'undefined' && navigator.onLine === false;
const ouvintes = new Set<() => void>();
const aoVoltar = new Set<() => void>();

function definir(valor: boolean) {
  if (valor === semConexao) return;
  semConexao = valor;
  for (const o of ouvintes) o();
  if (!valor) for (const f of aoVoltar) f();
}

export const conexao = {
  semResposta: () => definir(true),
  respondeu: () => definir(false),
  /** Runs `f` whenever the connection comes back (and returns the function that stops it). */
  aoVoltar(f: () => void) {
    aoVoltar.add(f);
    return () => aoVoltar.delete(f);
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => definir(true));
  window.addEventListener('online', () => {
    definir(false);
    // The network is back, not necessarily the server: the handlers' own calls will tell.
    for (const f of aoVoltar) f();
  });
}

export function useSemConexao(): boolean {
  return useSyncExternalStore(
    (o) => {
      ouvintes.add(o);
      return () => ouvintes.delete(o);
    },
    () => semConexao,
    () => false,
  );
}
