import type { EventoMudanca } from '@intermedio/contracts';
import { hashKey, type QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { ApiError, api } from './api';

/**
 * Live lists: a list screen downloads its list once; afterwards every change event (from `/api/eventos`)
 * that touches one of its rows makes it fetch only that row from the list's single-row endpoint (same shape
 * as the list's rows) and patch its cached copy: the row is replaced, inserted where the server's order puts
 * it, or removed (DELETE event, or 404: the row left the list). Events arriving close together are coalesced.
 * A list whose events can touch many rows at once (the moderation queues: a reseller's change touches all its
 * entries) also gives `urlLinhas`: then a burst costs at most one request, for the touched rows only.
 *
 * How a list uses it (see features/revendas/api.ts, features/usuarios/api.ts):
 *
 *   export const useVeiculos = (idRevenda: string) =>
 *     useListaAoVivo({
 *       queryKey: chaves.revenda.lista(idRevenda, 'veiculos'),
 *       url: `/api/revendas/${idRevenda}/veiculos`,
 *       urlLinha: (id) => `/api/revendas/${idRevenda}/veiculos/lista/${id}`,
 *       esquema: veiculoLinha,                      // checked in development only
 *       idDe: (v) => v.id,
 *       comparar: (a, b) => …,                      // the server's ORDER BY
 *       linhaDoEvento: (e) =>
 *         e.tabela === 'veiculos' && e.revenda === idRevenda && e.id ? { id: e.id, remover: e.op === 'DELETE' } : null,
 *     });
 *
 * While mounted, the list is left out of the prefix invalidations of lib/eventos.ts (and of
 * `invalidarForaDasListasAoVivo`), so no event makes it download the whole list again; the server's
 * `recarregar` event (it could not replay what a reconnecting screen missed) refetches it once.
 */
export type AlvoEvento = { id: string; remover: boolean };

export type OpcoesListaAoVivo<T> = {
  queryKey: QueryKey;
  /** The whole list (GET). */
  url: string;
  /** One row of the list, in the list's shape; 404 when that row is not (or no longer) in the list. */
  urlLinha: (id: string) => string;
  /**
   * Optional: several rows in one request (POST `{ids}`, up to LIMITE_LOTE_LINHAS), answering those still in the
   * list in its shape (a missing id left the list).
   */
  urlLinhas?: string;
  /** The row's contract schema: answers are only checked against it in development. */
  esquema: z.ZodType<T>;
  idDe: (linha: T) => string;
  /** The server's order (ORDER BY), so an inserted or changed row lands where a full download would put it. */
  comparar: (a: T, b: T) => number;
  /**
   * Which row of this list an event touches (null: none). A list whose rows show another table's data (the
   * moderation queues show the reseller's channel settings) may answer every row that event touches.
   */
  linhaDoEvento: (e: EventoMudanca) => AlvoEvento | readonly AlvoEvento[] | null;
  enabled?: boolean;
  /** Optional: how to download the whole list when `url` alone does not (e.g. a paged API read page by page). */
  buscarLista?: (signal: AbortSignal) => Promise<T[]>;
};

/** Coalescing delay: a burst of events is patched once, shortly after its last event. */
export const ATRASO_LISTA_MS = 40;
/** Above this many rows to fetch in one burst, one download of the list is cheaper than a request per row. */
export const LIMITE_LINHAS_POR_RAJADA = 50;
/** With `urlLinhas`: the most rows one batch request asks for (above it, one download of the whole list). */
export const LIMITE_LOTE_LINHAS = 1000;

/** Our own server's typed answers are trusted in production builds (no parse of large lists). */
export const esquemaEmDesenvolvimento = <T>(esquema: z.ZodType<T>): z.ZodType<T> | undefined => (import.meta.env.DEV ? esquema : undefined);

type Registro = { queryKey: QueryKey; receber: (e: EventoMudanca) => void; cancelar: () => void; montagens: number };
const registros = new Map<string, Registro>();

/** True for the key of a live list currently on screen (prefix invalidations must leave it alone). */
export const ehListaAoVivo = (queryKey: QueryKey) => registros.has(hashKey(queryKey));

/**
 * Hands one change event to every live list on screen. Screens also call it after their own successful
 * write, so the acting screen shows the change even before (or without) the SSE event.
 */
export function entregarAsListas(e: EventoMudanca) {
  for (const r of registros.values()) r.receber(e);
}

/** `invalidateQueries` by prefix, except the live lists on screen (their rows are patched by the events). */
export function invalidarForaDasListasAoVivo(queryClient: QueryClient, queryKey: QueryKey) {
  return queryClient.invalidateQueries({ queryKey, predicate: (q) => !ehListaAoVivo(q.queryKey) });
}

/** Inserts, replaces or removes one row in a sorted list (a new array; the others are left as they are). */
export function aplicarLinha<T>(
  lista: readonly T[],
  id: string,
  linha: T | null,
  op: Pick<OpcoesListaAoVivo<T>, 'idDe' | 'comparar'>,
): T[] {
  const sem = lista.filter((l) => op.idDe(l) !== id);
  if (linha === null) return sem;
  let ini = 0;
  let fim = sem.length;
  while (ini < fim) {
    const meio = (ini + fim) >> 1;
    if (op.comparar(sem[meio] as T, linha) <= 0) ini = meio + 1;
    else fim = meio;
  }
  sem.splice(ini, 0, linha);
  return sem;
}

/**
 * Applies a burst's changes at once (id → the row, or null: removed): one pass over the list and a merge of the
 * sorted new rows, instead of a copy of the list per changed row.
 */
export function aplicarLinhas<T>(
  lista: readonly T[],
  mudancas: ReadonlyMap<string, T | null>,
  op: Pick<OpcoesListaAoVivo<T>, 'idDe' | 'comparar'>,
): T[] {
  const sem = lista.filter((l) => !mudancas.has(op.idDe(l)));
  const novas = [...mudancas.values()].filter((l): l is T => l !== null).sort(op.comparar);
  if (novas.length === 0) return sem;
  const resultado: T[] = [];
  let i = 0;
  for (const nova of novas) {
    // Same rule as aplicarLinha: a new row goes after the rows that compare equal to it.
    while (i < sem.length && op.comparar(sem[i] as T, nova) <= 0) resultado.push(sem[i++] as T);
    resultado.push(nova);
  }
  while (i < sem.length) resultado.push(sem[i++] as T);
  return resultado;
}

/** The patcher of one list: gathers the rows events touch and, after ATRASO_LISTA_MS, patches the cache. */
export function criarAtualizadorDeLista<T>(queryClient: QueryClient, op: OpcoesListaAoVivo<T>, atrasoMs = ATRASO_LISTA_MS) {
  const pendentes = new Map<string, boolean>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const esquema = esquemaEmDesenvolvimento(op.esquema);
  const esquemaLote = esquemaEmDesenvolvimento(z.array(op.esquema));

  const buscarLinha = async (id: string): Promise<T | null> => {
    try {
      return await api.get(op.urlLinha(id), { esquema });
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return null;
      throw e;
    }
  };

  const aplicar = async () => {
    timer = undefined;
    const estado = queryClient.getQueryState(op.queryKey);
    if (!estado || estado.data === undefined) {
      pendentes.clear(); // nothing downloaded yet: the download under way will bring the changes
      return;
    }
    // A download under way may predate these changes: patch after it.
    if (estado.fetchStatus === 'fetching') {
      timer = setTimeout(() => void aplicar(), atrasoMs);
      return;
    }
    const lote = [...pendentes];
    pendentes.clear();
    // Removals cost no request (a bulk validation's thousand DELETE events included); only the rest is fetched.
    const mudancas = new Map<string, T | null>(lote.filter(([, remover]) => remover).map(([id]) => [id, null]));
    const buscar = lote.filter(([, remover]) => !remover).map(([id]) => id);
    if (buscar.length > (op.urlLinhas ? LIMITE_LOTE_LINHAS : LIMITE_LINHAS_POR_RAJADA)) {
      await queryClient.invalidateQueries({ queryKey: op.queryKey, exact: true });
      return;
    }
    try {
      if (op.urlLinhas && buscar.length > 1) {
        const linhas = await api.post(op.urlLinhas, { ids: buscar }, { esquema: esquemaLote });
        for (const id of buscar) mudancas.set(id, null);
        for (const l of linhas) mudancas.set(op.idDe(l), l);
      } else {
        for (const [id, linha] of await Promise.all(buscar.map(async (id) => [id, await buscarLinha(id)] as const)))
          mudancas.set(id, linha);
      }
      if (mudancas.size > 0) queryClient.setQueryData<T[]>(op.queryKey, (atual) => (atual ? aplicarLinhas(atual, mudancas, op) : atual));
    } catch {
      // The row could not be fetched (network, server): fall back to one download of the list.
      await queryClient.invalidateQueries({ queryKey: op.queryKey, exact: true });
    }
  };

  return {
    receber(e: EventoMudanca) {
      const alvo = op.linhaDoEvento(e);
      if (!alvo) return;
      for (const a of Array.isArray(alvo) ? (alvo as readonly AlvoEvento[]) : [alvo as AlvoEvento]) pendentes.set(a.id, a.remover);
      if (pendentes.size === 0) return;
      if (!timer) timer = setTimeout(() => void aplicar(), atrasoMs);
    },
    cancelar() {
      clearTimeout(timer);
      timer = undefined;
      pendentes.clear();
    },
  };
}

/**
 * A list query kept current by change events, row by row (see the module comment). Answers the
 * `useQuery` result of the whole list.
 */
export function useListaAoVivo<T>(op: OpcoesListaAoVivo<T>) {
  const queryClient = useQueryClient();
  const chave = hashKey(op.queryKey);
  // The latest options (closures over props) without re-registering on every render.
  const opcoes = useRef(op);
  opcoes.current = op;

  useEffect(() => {
    let registro = registros.get(chave);
    if (!registro) {
      const atualizador = criarAtualizadorDeLista(queryClient, {
        ...opcoes.current,
        urlLinha: (id) => opcoes.current.urlLinha(id),
        linhaDoEvento: (e) => opcoes.current.linhaDoEvento(e),
      });
      registro = { queryKey: opcoes.current.queryKey, ...atualizador, montagens: 0 };
      registros.set(chave, registro);
    }
    registro.montagens++;
    const atual = registro;
    return () => {
      atual.montagens--;
      if (atual.montagens === 0) {
        atual.cancelar();
        registros.delete(chave);
      }
    };
  }, [chave, queryClient]);

  return useQuery({
    queryKey: op.queryKey,
    queryFn: ({ signal }) =>
      op.buscarLista ? op.buscarLista(signal) : api.get(op.url, { esquema: esquemaEmDesenvolvimento(z.array(op.esquema)), signal }),
    enabled: op.enabled,
  });
}
