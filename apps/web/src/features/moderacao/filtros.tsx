import { Group, Select } from '@mantine/core';
import { useMemo, useState } from 'react';

export type OpcaoFiltro = { value: string; label: string };

/** The resellers present in a queue, by name (the reseller filter's options). */
export function useRevendasDaFila(linhas: readonly { idRevenda: string; revenda: string }[] | undefined): OpcaoFiltro[] {
  return useMemo(() => {
    const mapa = new Map<string, string>();
    for (const l of linhas ?? []) mapa.set(l.idRevenda, l.revenda);
    return [...mapa].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  }, [linhas]);
}

/**
 * Beyond the spec (issue 14 §3): filters by reseller and by the state of one channel (or social target). The
 * state applies only once a channel is chosen.
 */
export function Filtros(p: {
  revendas: OpcaoFiltro[];
  revenda: string | null;
  aoMudarRevenda: (v: string | null) => void;
  canais: OpcaoFiltro[];
  canal: string | null;
  aoMudarCanal: (v: string | null) => void;
  estados: OpcaoFiltro[];
  estado: string | null;
  aoMudarEstado: (v: string | null) => void;
}) {
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label="Revenda"
        placeholder="Todas"
        data={p.revendas}
        value={p.revenda}
        onChange={p.aoMudarRevenda}
        clearable
        searchable
        w={{ base: '100%', xs: 220 }}
        size="xs"
      />
      <Select
        label="Canal"
        placeholder="Todos"
        data={p.canais}
        value={p.canal}
        onChange={p.aoMudarCanal}
        clearable
        w={{ base: '48%', xs: 170 }}
        size="xs"
      />
      <Select
        label="Situação no canal"
        placeholder="Qualquer"
        data={p.estados}
        value={p.estado}
        onChange={p.aoMudarEstado}
        clearable
        disabled={!p.canal}
        w={{ base: '48%', xs: 200 }}
        size="xs"
      />
    </Group>
  );
}

/** The filters' state and the rows they keep (the queue screens' shared part). */
export function useFiltrosFila<T extends { idRevenda: string; revenda: string }>(
  dados: readonly T[] | undefined,
  canais: OpcaoFiltro[],
  estados: OpcaoFiltro[],
  noEstado: (l: T, canal: string, estado: string) => boolean,
) {
  const [revenda, setRevenda] = useState<string | null>(null);
  const [canal, setCanal] = useState<string | null>(null);
  const [estado, setEstado] = useState<string | null>(null);
  const revendas = useRevendasDaFila(dados);
  const linhas = useMemo(
    () => dados?.filter((l) => (!revenda || l.idRevenda === revenda) && (!canal || !estado || noEstado(l, canal, estado))),
    [dados, revenda, canal, estado, noEstado],
  );
  const filtros = (
    <Filtros
      revendas={revendas}
      revenda={revenda}
      aoMudarRevenda={setRevenda}
      canais={canais}
      canal={canal}
      aoMudarCanal={setCanal}
      estados={estados}
      estado={estado}
      aoMudarEstado={setEstado}
    />
  );
  return { linhas, filtros };
}
