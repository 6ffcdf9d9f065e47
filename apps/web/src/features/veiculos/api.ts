import {
  type BuscarVersoesEntrada,
  localComVersoes,
  type VeiculoAlteracaoEntrada,
  type VeiculoEntrada,
  veiculo,
  veiculoHistoricoLinha,
  veiculoLinha,
} from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';

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

/** Active vehicles of a reseller, in the server's order (vevendido, then updated_at descending). */
export function useVeiculos(idRevenda: string) {
  return useQuery({
    queryKey: chavesVeiculos.lista(idRevenda),
    queryFn: ({ signal }) => api.get(urlVeiculos.lista(idRevenda), { esquema: z.array(veiculoLinha), signal }),
  });
}

/** Removed vehicles (history). */
export function useHistorico(idRevenda: string) {
  return useQuery({
    queryKey: chavesVeiculos.historico(idRevenda),
    queryFn: ({ signal }) => api.get(urlVeiculos.historico(idRevenda), { esquema: z.array(veiculoHistoricoLinha), signal }),
  });
}

export function useVeiculo(idRevenda: string, idVeiculo: string) {
  return useQuery({
    queryKey: chavesVeiculos.detalhe(idRevenda, idVeiculo),
    queryFn: ({ signal }) => api.get(urlVeiculos.veiculo(idRevenda, idVeiculo), { esquema: veiculo, signal }),
  });
}

/** After any write: the reseller's vehicles, history and dashboard counters. */
function useInvalidar(idRevenda: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      (['veiculos', 'historico', 'dashboard'] as const).map((sub) =>
        queryClient.invalidateQueries({ queryKey: chaves.revenda.sub(idRevenda, sub) }),
      ),
    );
}

const idGravado = z.object({ id: z.string() });

export function useIncluirVeiculo(idRevenda: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (corpo: VeiculoEntrada) => api.post(urlVeiculos.lista(idRevenda), corpo, { esquema: idGravado }),
    onSuccess: invalidar,
  });
}

/** Change: carries the `versao` read; 409 when someone saved meanwhile. */
export function useAlterarVeiculo(idRevenda: string, idVeiculo: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (corpo: VeiculoAlteracaoEntrada) => api.put(urlVeiculos.veiculo(idRevenda, idVeiculo), corpo, { esquema: idGravado }),
    onSuccess: invalidar,
  });
}

/** Removal: soft for reseller users (to the history), permanent for an admin or from the history. */
export function useRemoverVeiculo(idRevenda: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (idVeiculo: string) =>
      api.delete(urlVeiculos.veiculo(idRevenda, idVeiculo), { esquema: z.object({ definitiva: z.boolean() }) }),
    onSuccess: invalidar,
  });
}

/** Admin: history cleanup (removed more than 59 days ago, at most 50 a run) or image cleanup (keeps the first). */
export function useLimpezaHistorico(idRevenda: string) {
  const invalidar = useInvalidar(idRevenda);
  return useMutation({
    mutationFn: (alvo: Limpeza) =>
      api.post(urlVeiculos.limpeza(idRevenda, alvo), {}, { esquema: z.object({ veiculos: z.number().int() }) }),
    onSuccess: invalidar,
  });
}

const localDaRevenda = z.object({ id: z.string(), idLocal: z.string(), descricao: z.string(), ordenacao: z.number() });
export type LocalDaRevenda = z.infer<typeof localDaRevenda>;

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
