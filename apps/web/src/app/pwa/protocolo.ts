/** What the page and the service worker (sw/sw.ts) say to each other. */

/** Page → waiting worker: take over now (the user clicked "Atualizar"). */
export const ATIVAR = 'intermedio:ativar';
