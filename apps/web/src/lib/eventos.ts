import { type EventoMudanca, eventoMudanca } from '@intermedio/contracts';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chaves, type SubrecursoRevenda } from './chaves';

/** Which cached answers a change to each table makes stale. `revenda` is the reseller the row belongs to. */
type Alvo = QueryKey | { sub: SubrecursoRevenda };

const POR_REVENDA = (...subs: SubrecursoRevenda[]): Alvo[] => subs.map((sub) => ({ sub }));

export const INVALIDACOES: Record<string, Alvo[]> = {
  moderacao: [chaves.dashboard.admin(), chaves.moderacao.todas],
  veiculos: [...POR_REVENDA('dashboard', 'veiculos', 'historico'), chaves.moderacao.todas],
  veiculo_integracoes: [...POR_REVENDA('veiculos'), chaves.moderacao.todas],
  vendidos: [...POR_REVENDA('dashboard', 'vendidos'), chaves.moderacao.todas],
  banners: [...POR_REVENDA('dashboard', 'banners'), chaves.moderacao.todas],
  // The reseller list shows blocked users per reseller.
  usuarios: [...POR_REVENDA('dashboard', 'usuarios'), chaves.revendas.todas],
  revendas: [chaves.revendas.todas],
  revenda_integracoes: [...POR_REVENDA('integracoes'), chaves.moderacao.todas],
  revenda_locais_anuncio: POR_REVENDA('locaisAnuncio'),
  imagens_destaque: POR_REVENDA('imagensDestaque'),
  banners_site: POR_REVENDA('bannersSite'),
  notificacoes: POR_REVENDA('notificacoes'),
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

/**
 * Gathers the keys of events arriving close together and invalidates each prefix once,
 * `atrasoMs` after the last event (bulk changes must not trigger a storm of refetches).
 */
export function criarInvalidador(queryClient: QueryClient, atrasoMs = ATRASO_INVALIDACAO_MS) {
  const pendentes = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const disparar = () => {
    timer = undefined;
    const chavesPendentes = [...pendentes.values()];
    pendentes.clear();
    for (const queryKey of chavesPendentes) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    receber(e: EventoMudanca) {
      for (const k of chavesDoEvento(e)) pendentes.set(JSON.stringify(k), k);
      if (pendentes.size === 0) return;
      clearTimeout(timer);
      timer = setTimeout(disparar, atrasoMs);
    },
    cancelar() {
      clearTimeout(timer);
      pendentes.clear();
    },
  };
}

export const URL_EVENTOS = '/api/eventos';

/**
 * One EventSource per signed-in session (`chaveSessao` changes → new connection; null → closed).
 * Each change event invalidates the matching queries; `sessao-encerrada` calls `aoEncerrar`.
 * After a reconnection everything is refetched (events may have been missed meanwhile), and a
 * connection refused for good (401) makes the session be checked again.
 */
export function useEventosAoVivo(chaveSessao: string | null, aoEncerrar: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!chaveSessao || typeof EventSource === 'undefined') return;
    const fonte = new EventSource(URL_EVENTOS, { withCredentials: true });
    const invalidador = criarInvalidador(queryClient);
    let caiu = false;

    fonte.onmessage = (msg: MessageEvent<string>) => {
      try {
        const r = eventoMudanca.safeParse(JSON.parse(msg.data));
        if (r.success) invalidador.receber(r.data);
      } catch {
        // A malformed message is ignored.
      }
    };
    fonte.onopen = () => {
      if (caiu) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== chaves.sessao[0] });
      caiu = false;
    };
    fonte.onerror = () => {
      caiu = true;
      if (fonte.readyState === EventSource.CLOSED) void queryClient.invalidateQueries({ queryKey: chaves.sessao });
    };
    const encerrada = () => {
      fonte.close();
      aoEncerrar();
    };
    fonte.addEventListener('sessao-encerrada', encerrada);

    return () => {
      invalidador.cancelar();
      fonte.removeEventListener('sessao-encerrada', encerrada);
      fonte.close();
    };
  }, [chaveSessao, queryClient, aoEncerrar]);
}
