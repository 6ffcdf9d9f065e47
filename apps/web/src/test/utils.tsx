import type { Sessao } from '@intermedio/contracts';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { criarQueryClient, Providers } from '@/app/providers';
import { criarRotas } from '@/app/router';

export const ID_REVENDA = '11111111-1111-4111-8111-111111111111';
export const OUTRA_REVENDA = '22222222-2222-4222-8222-222222222222';

export const SESSAO_ADMIN: Sessao = {
  usuario: { id: 'a1', role: 'admin', revenda: null, nome: 'Ana Admin' },
  csrf: 'csrf-admin',
  solicitacoesUrl: 'https://solicitacoes.test/?u=a1',
  linksExternos: { locAnuncio: 'https://ext.test/loc?u=a1', atualizarDados: 'https://ext.test/dados?u=a1' },
  planoBasico: true,
};
export const SESSAO_GESTOR: Sessao = {
  usuario: { id: 'g1', role: 'gestor', revenda: ID_REVENDA, nome: 'Gil Gestor' },
  csrf: 'csrf-gestor',
  solicitacoesUrl: 'https://solicitacoes.test/?u=g1',
  linksExternos: { locAnuncio: 'https://ext.test/loc?u=g1', atualizarDados: 'https://ext.test/dados?u=g1' },
  planoBasico: false,
};

export const sucesso = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ status: 'success', data }), { status, headers: { 'content-type': 'application/json' } });
export const falha = (status: number, data: string) =>
  new Response(JSON.stringify({ status: 'error', data }), { status, headers: { 'content-type': 'application/json' } });

type Tratador = (caminho: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch: `rotas` maps "METHOD /path" to an answer; anything else is a 404. Returns the mock. */
export function simularApi(rotas: Record<string, Tratador | Response>) {
  const mock = vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
    const caminho = String(entrada);
    const chave = `${init.method ?? 'GET'} ${caminho}`;
    const r = rotas[chave];
    if (!r) return falha(404, `sem simulação para ${chave}`);
    return typeof r === 'function' ? r(caminho, init) : r.clone();
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** A session answer for GET /api/auth/sessao (null → 401). */
export const respostaSessao = (s: Sessao | null) => (s ? sucesso(s) : falha(401, 'Sessão expirada ou inexistente. Faça login novamente.'));

/** Renders the whole app (real routes, guards and providers) at `caminho`. */
export function renderizarApp(caminho: string) {
  const queryClient = criarQueryClient();
  const router = createMemoryRouter(criarRotas(), { initialEntries: [caminho] });
  const resultado = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...resultado, router, queryClient };
}

/** Stand-in for the browser's EventSource (jsdom has none); `ultima()` is the last one opened. */
export class EventSourceFalso extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static abertas: EventSourceFalso[] = [];
  static ultima() {
    return EventSourceFalso.abertas.at(-1);
  }
  readyState = EventSourceFalso.OPEN;
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    EventSourceFalso.abertas.push(this);
  }
  /** Delivers a default (`message`) event with JSON data (and its SSE id). */
  emitir(data: unknown, lastEventId = '') {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data), lastEventId }));
  }
  emitirEvento(tipo: string, lastEventId = '') {
    this.dispatchEvent(new MessageEvent(tipo, { data: '{}', lastEventId }));
  }
  close() {
    this.readyState = EventSourceFalso.CLOSED;
  }
}

export function simularEventSource() {
  EventSourceFalso.abertas = [];
  vi.stubGlobal('EventSource', EventSourceFalso);
}

/**
 * jsdom has no layout (every height 0): for this file's tests each element is `altura` px high, so the virtualised
 * lists render the rows that fit in it.
 */
export function comAltura(altura: number) {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => altura });
  });
  afterEach(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
  });
}

/** A chosen file that reports `megabytes` of size without holding them (upload limits). */
export function arquivoDe(nome: string, megabytes: number, tipo = 'image/jpeg') {
  const f = new File([new Uint8Array(10)], nome, { type: tipo });
  Object.defineProperty(f, 'size', { value: Math.round(megabytes * 1024 * 1024) });
  return f;
}
