import {
  type FipeManualEntrada,
  type FipeOpcao,
  fipeAnoModelo,
  fipeManualVeiculo,
  fipeOpcao,
  fipeVersao,
  type TipoFipe,
} from '@intermedio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';

/**
 * The manual FIPE table speaks the spec's calls (POST /fipe-manual/listar, /incluir, /deletar; answers
 * {status, data}); a network failure or an answer that does not parse counts as an error (lib/api.ts).
 * Everything lives under chaves.fipe.todas, which the fipe_manual events invalidate (the lookups too: manual
 * entries join them).
 */
export function useVeiculosFipeManual() {
  return useQuery({
    queryKey: chaves.fipe.lista(),
    queryFn: ({ signal }) => api.post('/fipe-manual/listar', {}, { esquema: z.array(fipeManualVeiculo), signal }),
  });
}

export function useIncluirFipeManual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (corpo: FipeManualEntrada) => api.post('/fipe-manual/incluir', corpo, { esquema: fipeManualVeiculo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chaves.fipe.todas }),
  });
}

export function useExcluirFipeManual() {
  return useMutation({
    mutationFn: (veiculoId: string) => api.post('/fipe-manual/deletar', { veiculo_id: veiculoId }),
  });
}

const consulta = (...partes: (string | number)[]) => [...chaves.fipe.todas, 'consulta', ...partes] as const;

/** Brands of a vehicle type (price lookup: FIPE and the manual table). */
export function useMarcasFipe(tipo: TipoFipe | null) {
  return useQuery({
    queryKey: consulta('marcas', tipo ?? ''),
    queryFn: ({ signal }) => api.get(`/api/fipe/${tipo}/marcas`, { esquema: z.array(fipeOpcao), signal }),
    enabled: tipo !== null,
    staleTime: 10 * 60_000,
  });
}

/** Models of one brand (by its lookup code). */
export function useModelosFipe(tipo: TipoFipe | null, marca: FipeOpcao | undefined) {
  return useQuery({
    queryKey: consulta('modelos', tipo ?? '', marca?.codigo ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/api/fipe/${tipo}/marcas/${encodeURIComponent(marca?.codigo ?? '')}/modelos`, { esquema: z.array(fipeOpcao), signal }),
    enabled: tipo !== null && marca !== undefined,
    staleTime: 10 * 60_000,
  });
}

/** Model years of one model (codes for the versions level). */
export function useAnosFipe(tipo: TipoFipe | null, marca: string | undefined, modelo: string | undefined) {
  return useQuery({
    queryKey: consulta('anos', tipo ?? '', marca ?? '', modelo ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/api/fipe/${tipo}/marcas/${encodeURIComponent(marca ?? '')}/modelos/${encodeURIComponent(modelo ?? '')}/anos`, {
        esquema: z.array(fipeAnoModelo),
        signal,
      }),
    enabled: tipo !== null && !!marca && !!modelo,
    staleTime: 10 * 60_000,
  });
}

/** Versions of one model in one model year, with FIPE code and price. */
export function useVersoesFipe(tipo: TipoFipe | null, marca: string | undefined, modelo: string | undefined, ano: string | undefined) {
  return useQuery({
    queryKey: consulta('versoes', tipo ?? '', marca ?? '', modelo ?? '', ano ?? ''),
    queryFn: ({ signal }) =>
      api.get(
        `/api/fipe/${tipo}/marcas/${encodeURIComponent(marca ?? '')}/modelos/${encodeURIComponent(modelo ?? '')}/anos/${encodeURIComponent(ano ?? '')}/versoes`,
        { esquema: z.array(fipeVersao), signal },
      ),
    enabled: tipo !== null && !!marca && !!modelo && !!ano,
    staleTime: 10 * 60_000,
  });
}
