import {
  type BuscarVersoesEntrada,
  compararChaves,
  type EventoMudanca,
  eventoAtividade,
  localComVersoes,
  localDaRevenda,
  type VeiculoAlteracaoEntrada,
  type VeiculoEntrada,
  type VeiculoLinha,
  veiculo,
  veiculoHistoricoLinha,
  veiculoLinha,
} from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import { entregarAsListas, invalidarForaDasListasAoVivo, useListaAoVivo } from '@/lib/lista-ao-vivo';

const seg = encodeURIComponent;
const base = (idRevenda: string) => `/api/revendas/${seg(idRevenda)}/veiculos`;

/** Addresses of the vehicle API (one place, so that the screens never build them by hand). */
export const urlVeiculos = {
  lista: base,
  linha: (idRevenda: string, idVeiculo: string) => `${base(idRevenda)}/lista/${seg(idVeiculo)}`,
  historico: (idRevenda: string) => `${base(idRevenda)}/historico`,
  linhaHistorico: (idRevenda: string, idVeiculo: string) => `${base(idRevenda)}/historico/lista/${seg(idVeiculo)}`,
  limpeza: (idRevenda: string, alvo: Limpeza) => `${base(idRevenda)}/historico/${alvo === 'imagens' ? 'limpar-imagens' : 'limpar'}`,
  veiculo: (idRevenda: string, idVeiculo: string) => `${base(idRevenda)}/${seg(idVeiculo)}`,
  pacote: (idRevenda: string, idVeiculo: string) => `${base(idRevenda)}/${seg(idVeiculo)}/pacote`,
  alteracoes: (idRevenda: string, idVeiculo: string) => `${base(idRevenda)}/${seg(idVeiculo)}/alteracoes/arquivo`,
  /** The view's activity timeline (changes, sale, channel operations, moderation validations). */
  atividade: (idRevenda: string, idVeiculo: string) => `${base(idRevenda)}/${seg(idVeiculo)}/atividade`,
  original: (idRevenda: string, idVeiculo: string, idImagem: string) =>
    `${base(idRevenda)}/${seg(idVeiculo)}/imagens/${seg(idImagem)}/original`,
  imagens: (idRevenda: string) => `/api/revendas/${seg(idRevenda)}/imagens?tipo=veiculo`,
  locaisRevenda: (idRevenda: string) => `/api/revendas/${seg(idRevenda)}/locais-anuncio`,
  buscarVersoes: () => '/api/locais-anuncio/buscar-versoes',
};

export type Limpeza = 'veiculos' | 'imagens';

export const chavesVeiculos = {
  lista: (idRevenda: string) => chaves.revenda.lista(idRevenda, 'veiculos'),
  detalhe: (idRevenda: string, idVeiculo: string) => chaves.revenda.detalhe(idRevenda, 'veiculos', idVeiculo),
  historico: (idRevenda: string) => chaves.revenda.lista(idRevenda, 'historico'),
};

/**
 * Server order of both lists (vevendido, then updated_at and id descending), so that a patched row lands where
 * a full download would put it.
 */
export const compararVeiculos = (a: VeiculoLinha, b: VeiculoLinha) =>
  a.vevendido - b.vevendido || Date.parse(b.updated_at) - Date.parse(a.updated_at) || compararChaves(b.id, a.id);

/** A change to one of this reseller's vehicles: that row is fetched again (or dropped when deleted). */
const eventoDoVeiculo = (idRevenda: string) => (e: EventoMudanca) =>
  e.tabela === 'veiculos' && e.revenda === idRevenda && e.id ? { id: e.id, remover: e.op === 'DELETE' } : null;

/**
 * The active list also follows its rows' adverts (issue 24: the channel badges): a change of a vehicle's advert
 * (veiculo_integracoes, whose event names the vehicle) fetches that vehicle's row again; it never drops the row.
 */
const eventoDaLista = (idRevenda: string) => (e: EventoMudanca) =>
  e.tabela === 'veiculo_integracoes' && e.revenda === idRevenda && e.id ? { id: e.id, remover: false } : eventoDoVeiculo(idRevenda)(e);

/**
 * Active vehicles of a reseller. Live row by row (lib/lista-ao-vivo.ts): a vehicle changed anywhere makes this
 * screen fetch only that row (GET …/veiculos/lista/:id; 404 = it left the list), never the whole list again.
 */
export function useVeiculos(idRevenda: string) {
  return useListaAoVivo({
    queryKey: chavesVeiculos.lista(idRevenda),
    url: urlVeiculos.lista(idRevenda),
    urlLinha: (id) => urlVeiculos.linha(idRevenda, id),
    esquema: veiculoLinha,
    idDe: (v) => v.id,
    comparar: compararVeiculos,
    linhaDoEvento: eventoDaLista(idRevenda),
  });
}

/** Removed vehicles (history), live the same way (a vehicle removed elsewhere appears here). */
export function useHistorico(idRevenda: string) {
  return useListaAoVivo({
    queryKey: chavesVeiculos.historico(idRevenda),
    url: urlVeiculos.historico(idRevenda),
    urlLinha: (id) => urlVeiculos.linhaHistorico(idRevenda, id),
    esquema: veiculoHistoricoLinha,
    idDe: (v) => v.id,
    comparar: compararVeiculos,
    linhaDoEvento: eventoDoVeiculo(idRevenda),
  });
}

export function useVeiculo(idRevenda: string, idVeiculo: string) {
  return useQuery({
    queryKey: chavesVeiculos.detalhe(idRevenda, idVeiculo),
    queryFn: ({ signal }) => api.get(urlVeiculos.veiculo(idRevenda, idVeiculo), { esquema: veiculo, signal }),
  });
}

/** The vehicle's timeline, newest first; under the detail's key, so whatever refreshes the vehicle refreshes it. */
export function useAtividadeVeiculo(idRevenda: string, idVeiculo: string) {
  return useQuery({
    queryKey: [...chavesVeiculos.detalhe(idRevenda, idVeiculo), 'atividade'],
    queryFn: ({ signal }) => api.get(urlVeiculos.atividade(idRevenda, idVeiculo), { esquema: z.array(eventoAtividade), signal }),
  });
}

/**
 * After a write: the live lists on screen patch that vehicle's row at once (the SSE event, arriving too, is
 * coalesced with it); the vehicle's detail, other cached vehicle queries and the dashboard counters are refetched.
 */
function useInvalidar(idRevenda: string) {
  const queryClient = useQueryClient();
  return (id: string, op: EventoMudanca['op']) => {
    entregarAsListas({ tabela: 'veiculos', revenda: idRevenda, id, op });
    return Promise.all(
      (['veiculos', 'historico', 'dashboard'] as const).map((sub) =>
        invalidarForaDasListasAoVivo(queryClient, chaves.revenda.sub(idRevenda, sub)),
      ),
    );
  };
}

const idGravado = z.object({ id: z.string() });

export function useIncluirVeiculo(idRevenda: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (corpo: VeiculoEntrada) => api.post(urlVeiculos.lista(idRevenda), corpo, { esquema: idGravado }),
    onSuccess: (r) => invalidar(r.id, 'INSERT'),
  });
}

/** Change: carries the `versao` read; 409 when someone saved meanwhile. */
export function useAlterarVeiculo(idRevenda: string, idVeiculo: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (corpo: VeiculoAlteracaoEntrada) => api.put(urlVeiculos.veiculo(idRevenda, idVeiculo), corpo, { esquema: idGravado }),
    onSuccess: () => invalidar(idVeiculo, 'UPDATE'),
  });
}

/** Removal: soft for reseller users (to the history), permanent for an admin or from the history. */
export function useRemoverVeiculo(idRevenda: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (idVeiculo: string) =>
      api.delete(urlVeiculos.veiculo(idRevenda, idVeiculo), { esquema: z.object({ definitiva: z.boolean() }) }),
    // A soft removal is an UPDATE (the row moves from the list to the history); a permanent one a DELETE.
    onSuccess: (r, idVeiculo) => invalidar(idVeiculo, r.definitiva ? 'DELETE' : 'UPDATE'),
  });
}

/** Admin: history cleanup (removed more than 59 days ago, at most 50 a run) or image cleanup (keeps the first). */
export function useLimpezaHistorico(idRevenda: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alvo: Limpeza) =>
      api.post(urlVeiculos.limpeza(idRevenda, alvo), {}, { esquema: z.object({ veiculos: z.number().int() }) }),
    // Up to 50 rows at once: their events patch the history (or refetch it once, lib/lista-ao-vivo.ts).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chaves.revenda.dashboard(idRevenda) }),
  });
}

/** The reseller's ad locations (locais_anuncio_revenda), offered on the vehicle form. */
export function useLocaisDaRevenda(idRevenda: string) {
  return useQuery({
    queryKey: chaves.revenda.lista(idRevenda, 'locaisAnuncio'),
    queryFn: ({ signal }) => api.get(urlVeiculos.locaisRevenda(idRevenda), { esquema: z.array(localDaRevenda), signal }),
  });
}

export type LocalComVersoes = z.infer<typeof localComVersoes>;

/** POST /api/locais-anuncio/buscar-versoes: each chosen location with the versions it offers for the vehicle. */
export function useBuscarVersoes() {
  return useMutation({
    mutationFn: (corpo: BuscarVersoesEntrada) => api.post(urlVeiculos.buscarVersoes(), corpo, { esquema: z.array(localComVersoes) }),
  });
}
