import { useSyncExternalStore } from 'react';
import { ATIVAR } from './protocolo';

/** Built by vite-plugin-pwa from sw/sw.ts; a build without it (or an old deploy) answers 404. */
const ARQUIVO = '/sw.js';
/** How often an open tab asks whether a new build was deployed (besides each return to the tab). */
const INTERVALO_MS = 30 * 60_000;

let esperando: ServiceWorker | null = null;
const ouvintes = new Set<() => void>();
const avisar = (w: ServiceWorker | null) => {
  esperando = w;
  for (const o of ouvintes) o();
};

async function removerTodos() {
  const registros = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registros.map((r) => r.unregister()));
}

/** Watches a registration for a new build that installed and waits (only when a worker already runs this page). */
function acompanhar(registro: ServiceWorkerRegistration) {
  if (registro.waiting && navigator.serviceWorker.controller) avisar(registro.waiting);
  registro.addEventListener('updatefound', () => {
    const novo = registro.installing;
    novo?.addEventListener('statechange', () => {
      if (novo.state === 'installed' && navigator.serviceWorker.controller) avisar(novo);
    });
  });
  const verificar = () => void registro.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') verificar();
  });
  setInterval(verificar, INTERVALO_MS);
}

/**
 * Spec 1 §2: the worker is registered in the production build only; in development, or when its file is missing
 * from the server, any worker registered before is removed (it would keep serving an old shell).
 */
export function iniciarServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  if (!import.meta.env.PROD) {
    void removerTodos();
    return;
  }
  const registrar = async () => {
    try {
      acompanhar(await navigator.serviceWorker.register(ARQUIVO, { scope: '/' }));
    } catch {
      // Not registered: offline (keep what is there) or the file is gone (remove it).
      const r = await fetch(ARQUIVO, { method: 'HEAD', cache: 'no-store' }).catch(() => null);
      if (r && (r.status === 404 || !/javascript/.test(r.headers.get('content-type') ?? ''))) await removerTodos();
    }
  };
  if (document.readyState === 'complete') void registrar();
  else window.addEventListener('load', () => void registrar(), { once: true });
}

/** The waiting build takes over, then the page reloads on the new version (once). */
function atualizar() {
  const w = esperando;
  if (!w) return;
  let recarregou = false;
  const recarregar = () => {
    if (recarregou) return;
    recarregou = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', recarregar, { once: true });
  w.postMessage({ tipo: ATIVAR });
  // Should the switch not be reported (another tab took it first), reload anyway.
  setTimeout(recarregar, 3000);
}

/** Whether a new build is waiting, and the action of the "Atualizar" button. */
export function useNovaVersao(): { disponivel: boolean; atualizar: () => void } {
  const disponivel = useSyncExternalStore(
    (o) => {
      ouvintes.add(o);
      return () => ouvintes.delete(o);
    },
    () => esperando !== null,
    () => false,
  );
  return { disponivel, atualizar };
}
