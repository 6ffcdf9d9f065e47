import { type EventoMudanca, eventoMudanca } from '@intermedio/contracts';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chaves, type SubrecursoRevenda } from './chaves';
import { ehListaAoVivo, entregarAsListas } from './lista-ao-vivo';

/** Which cached answers a change to each table makes stale. `revenda` is the reseller the row belongs to. */
type Alvo = QueryKey | { sub: SubrecursoRevenda };

const POR_REVENDA = (...subs: SubrecursoRevenda[]): Alvo[] => subs.map((sub) => ({ sub }));

export const INVALIDACOES: Record<string, Alvo[]> = {
  // A validation shows on the reseller's vehicle view (its timeline, "Validado por…").
  moderacao: [chaves.dashboard.admin(), chaves.moderacao.todas, ...POR_REVENDA('veiculos')],
  veiculos: [...POR_REVENDA('dashboard', 'veiculos', 'historico'), chaves.moderacao.todas],
  // Advert states feed the dealer dashboard's charts and attention list (issue 25).
  veiculo_integracoes: [...POR_REVENDA('veiculos', 'dashboard'), chaves.moderacao.todas],
  // A sale and each advert's removal (issue 16): the vehicle view and both dashboards.
  veiculo_vendas: [...POR_REVENDA('veiculos', 'dashboard'), chaves.dashboard.admin()],
  veiculo_remocoes: [...POR_REVENDA('veiculos', 'dashboard'), chaves.dashboard.admin()],
  vendidos: [...POR_REVENDA('dashboard', 'vendidos'), chaves.moderacao.todas],
  // Bulk actions (issue 24 item 2): the progress panel follows its batch.
  lotes: POR_REVENDA('lotes'),
  lote_itens: POR_REVENDA('lotes'),
  banners: [...POR_REVENDA('dashboard', 'banners'), chaves.moderacao.todas],
  // The reseller list shows blocked users per reseller.
  usuarios: [...POR_REVENDA('dashboard', 'usuarios'), chaves.revendas.todas],
  revendas: [chaves.revendas.todas],
  revenda_integracoes: [...POR_REVENDA('integracoes', 'dashboard'), chaves.moderacao.todas],
  revenda_locais_anuncio: POR_REVENDA('locaisAnuncio'),
  imagens_destaque: POR_REVENDA('imagensDestaque'),
  banners_site: POR_REVENDA('bannersSite'),
  notificacoes: POR_REVENDA('notificacoes'),
  // Leads (issue 26): the inbox (a live list), a lead's page and the dashboard's "Leads novos".
  leads: POR_REVENDA('leads', 'dashboard'),
  lead_mensagens: POR_REVENDA('leads'),
  // Stock import (issue 27): the import's progress and the recent imports.
  importacoes: POR_REVENDA('importacoes'),
  opcionais: [chaves.opcionais.todas],
  locais_anuncio: [chaves.locaisAnuncio.todas],
  fipe_manual: [chaves.fipe.todas],
};

/** The query keys (prefixes) to invalidate for one event. */
export function chavesDoEvento(e: EventoMudanca): QueryKey[] {
  const alvos = INVALIDACOES[e.tabela] ?? [];
  return alvos.map((alvo) => {
    if (!('sub' in alvo)) return alvo;
    // A reseller row without reseller id (should not happen): every reseller's copy of that sub-resource.
    return e.revenda ? chaves.revenda.sub(e.revenda, alvo.sub) : ['revenda'];
  });
}

export const ATRASO_INVALIDACAO_MS = 150;
/** However busy the stream, what is pending is invalidated at least this often (a bulk run's progress keeps moving). */
export const ESPERA_MAXIMA_INVALIDACAO_MS = 1000;

/**
 * Gathers the keys of events arriving close together and invalidates each prefix once,
 * `atrasoMs` after the last event (bulk changes must not trigger a storm of refetches), but never later than
 * `esperaMaximaMs` after the first one still pending: a bulk job's steady stream of events (several a second for
 * minutes) would otherwise hold every screen back until it ends.
 * Live lists on screen are left out: lib/lista-ao-vivo.ts patches them row by row.
 */
export function criarInvalidador(
  queryClient: QueryClient,
  atrasoMs = ATRASO_INVALIDACAO_MS,
  esperaMaximaMs = ESPERA_MAXIMA_INVALIDACAO_MS,
) {
  const pendentes = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let primeiroEm = 0;
  const disparar = () => {
    timer = undefined;
    const chavesPendentes = [...pendentes.values()];
    pendentes.clear();
    for (const queryKey of chavesPendentes) void queryClient.invalidateQueries({ queryKey, predicate: (q) => !ehListaAoVivo(q.queryKey) });
  };
  return {
    receber(e: EventoMudanca) {
      for (const k of chavesDoEvento(e)) pendentes.set(JSON.stringify(k), k);
      if (pendentes.size === 0) return;
      const agora = Date.now();
      if (timer === undefined) primeiroEm = agora;
      clearTimeout(timer);
      timer = setTimeout(disparar, Math.max(0, Math.min(atrasoMs, primeiroEm + esperaMaximaMs - agora)));
    },
    cancelar() {
      clearTimeout(timer);
      pendentes.clear();
    },
  };
}

export const URL_EVENTOS = '/api/eventos';
const ESPERA_REABRIR_MS = 3000;

/** Everything cached except the session: what a screen refetches when it could not catch up. */
const recarregarTudo = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== chaves.sessao[0] });

/**
 * One EventSource per signed-in session (`chaveSessao` changes → new connection; null → closed).
 * Each change event goes to the live lists on screen (row patches) and invalidates the other matching
 * queries; `sessao-encerrada` calls `aoEncerrar`. A dropped connection resumes from the last event id
 * (the browser sends Last-Event-ID; a connection reopened after a refusal passes `?ultimo=`) and the server
 * replays what was missed, or sends `recarregar` when it cannot: then everything is refetched once.
 */
export function useEventosAoVivo(chaveSessao: string | null, aoEncerrar: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!chaveSessao || typeof EventSource === 'undefined') return;
    const invalidador = criarInvalidador(queryClient);
    let ultimo = '';
    let fonte: EventSource | undefined;
    let reabrir: ReturnType<typeof setTimeout> | undefined;

    const anotarId = (msg: MessageEvent) => {
      if (msg.lastEventId) ultimo = msg.lastEventId;
    };
    const aoMudar = (msg: MessageEvent<string>) => {
      anotarId(msg);
      try {
        const r = eventoMudanca.safeParse(JSON.parse(msg.data));
        if (!r.success) return;
        entregarAsListas(r.data);
        invalidador.receber(r.data);
      } catch {
        // A malformed message is ignored.
      }
    };
    const aoRecarregar = (msg: MessageEvent) => {
      anotarId(msg);
      void recarregarTudo(queryClient);
    };
    const encerrada = () => {
      fonte?.close();
      aoEncerrar();
    };
    const abrir = () => {
      const f = new EventSource(ultimo ? `${URL_EVENTOS}?ultimo=${encodeURIComponent(ultimo)}` : URL_EVENTOS, {
        withCredentials: true,
      });
      f.onmessage = aoMudar;
      f.addEventListener('conectado', anotarId);
      f.addEventListener('recarregar', aoRecarregar);
      f.addEventListener('sessao-encerrada', encerrada);
      f.onerror = () => {
        if (f.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself, with Last-Event-ID
        // Refused for good (401, a proxy error while the server restarts): check the session, then try again.
        void queryClient.invalidateQueries({ queryKey: chaves.sessao });
        reabrir = setTimeout(abrir, ESPERA_REABRIR_MS);
      };
      fonte = f;
    };
    abrir();

    return () => {
      invalidador.cancelar();
      clearTimeout(reabrir);
      fonte?.close();
    };
  }, [chaveSessao, queryClient, aoEncerrar]);
}
