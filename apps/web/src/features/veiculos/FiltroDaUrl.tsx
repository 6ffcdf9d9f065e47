import { DIAS_ESTOQUE_ATENCAO, type FiltroUrlLista, type VeiculoLinha } from '@intermedio/contracts';
import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { api } from '@/lib/api';
import { chaves } from '@/lib/chaves';
import { rotas } from '@/lib/rotas';

/**
 * Filters a dashboard attention link opens the list with (`?filtro=`), read-only from the address: the notice says
 * which one is on and "Mostrar todos" leaves it. acima_fipe: price more than 10 % above the cached FIPE price (the
 * server's ids); estoque_90: unsold cars in stock for more than 90 days (the rows' own figure).
 */
const FILTROS_URL: Record<FiltroUrlLista, string> = {
  acima_fipe: 'Preço mais de 10 % acima da FIPE (só veículos com preço FIPE já consultado)',
  estoque_90: `À venda há mais de ${DIAS_ESTOQUE_ATENCAO} dias`,
};
type FiltroUrl = FiltroUrlLista;

export function useFiltroDaUrl(idRevenda: string) {
  const [params] = useSearchParams();
  const valor = params.get('filtro');
  const filtro = valor && valor in FILTROS_URL ? (valor as FiltroUrl) : null;
  const ids = useQuery({
    queryKey: [...chaves.revenda.dashboard(idRevenda), 'acima-fipe'],
    queryFn: ({ signal }) =>
      api.get(`/api/revendas/${encodeURIComponent(idRevenda)}/dashboard/acima-fipe`, {
        esquema: z.array(z.string()),
        signal,
      }),
    enabled: filtro === 'acima_fipe',
    select: (l) => new Set(l),
  });
  const { data } = ids;
  /** Rows that pass the address's filter (none: all rows, the same array; FIPE ids not loaded yet: none). */
  const filtrar = useCallback(
    <T extends Pick<VeiculoLinha, 'id' | 'vevendido' | 'dias_estoque'>>(linhas: readonly T[]): readonly T[] => {
      if (filtro === 'acima_fipe') return linhas.filter((l) => data?.has(l.id) ?? false);
      if (filtro === 'estoque_90') return linhas.filter((l) => l.vevendido === 0 && l.dias_estoque > DIAS_ESTOQUE_ATENCAO);
      return linhas;
    },
    [filtro, data],
  );
  return { filtro, filtrar };
}

export function AvisoFiltroDaUrl({ idRevenda, filtro }: { idRevenda: string; filtro: FiltroUrl | null }) {
  if (!filtro) return null;
  return (
    <Alert color="blue" variant="light" p="xs">
      <Text size="sm">
        Filtro do dashboard: {FILTROS_URL[filtro]}.{' '}
        <Anchor component={Link} to={rotas.revenda.veiculos.listar(idRevenda)} size="sm">
          Mostrar todos
        </Anchor>
      </Text>
    </Alert>
  );
}
