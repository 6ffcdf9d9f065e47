/// <reference lib="webworker" />
/**
 * The panel's service worker (issue 17; spec 1 §2), built by vite-plugin-pwa (injectManifest) into dist/sw.js:
 * - precaches the build (shell, hashed scripts and styles, icons) and answers them from the cache, so the panel
 *   opens without a network and a tab keeps the code of its version until it reloads;
 * - every navigation to a panel address gets the cached shell; server-owned addresses (API, uploaded files, the
 *   channel sandboxes) always go to the network, and nothing else is cached: API answers and files carry a session;
 * - a new build installs in the background and waits; the page asks it to take over ("Nova versão disponível");
 * - push: shows the message it carries (the reminders of a later issue); no permission is asked here.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { lerAviso } from '../src/app/pwa/aviso-push.ts';
import { ATIVAR } from '../src/app/pwa/protocolo.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

precacheAndRoute(self.__WB_MANIFEST);
// The caches of older builds go once this one is active.
cleanupOutdatedCaches();

/** Addresses the server answers itself (JSON, files, consent pages, API docs): never the SPA shell. */
const DO_SERVIDOR = [/^\/api(\/|$)/, /^\/arquivos\//, /^\/sandbox(\/|$)/, /^\/fipe-manual(\/|$)/];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: DO_SERVIDOR }));

// The page's "Atualizar": this waiting build takes over (the page then reloads).
self.addEventListener('message', (evento) => {
  if ((evento.data as { tipo?: unknown } | null)?.tipo === ATIVAR) void self.skipWaiting();
});

self.addEventListener('push', (evento) => {
  const aviso = lerAviso(evento.data?.text() ?? null, self.location.origin);
  evento.waitUntil(
    self.registration.showNotification(aviso.titulo, {
      body: aviso.corpo,
      icon: '/icons/icone-192.png',
      badge: '/icons/icone-192.png',
      lang: 'pt-BR',
      data: { url: aviso.url },
    }),
  );
});

self.addEventListener('notificationclick', (evento) => {
  evento.notification.close();
  const url = new URL(String((evento.notification.data as { url?: string } | null)?.url ?? '/'), self.location.origin).href;
  evento.waitUntil(
    (async () => {
      const abertas = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const aberta = abertas.find((c) => new URL(c.url).origin === self.location.origin);
      if (aberta) {
        await aberta.focus();
        await aberta.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
