import { Group, Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { CampoBusca } from '@/ui/CampoBusca';
import { filtrarPorBusca } from '@/ui/lista';

export type OpcaoFiltro = { value: string; label: string };

/** The resellers present in a queue, by name (the reseller filter's options). */
export function useRevendasDaFila(linhas: readonly { idRevenda: string; revenda: string }[] | undefined): OpcaoFiltro[] {
  return useMemo(() => {
    const mapa = new Map<string, string>();
    for (const l of linhas ?? []) mapa.set(l.idRevenda, l.revenda);
    return [...mapa].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  }, [linhas]);
}

/** One select of the filter row: its label, what "none" says, the options and the chosen value. */
type CampoFiltro = {
  rotulo: string;
  vazio: string;
  opcoes: OpcaoFiltro[];
  valor: string | null;
  aoMudar: (v: string | null) => void;
  largura: { base: string; xs: number };
  buscavel?: boolean;
  desativado?: boolean;
};

/**
 * Beyond the spec (issue 14 §3): a text search (issue 15 §2, as the other lists), filters by reseller and by the state
 * of one channel (or social target). The state applies only once a channel is chosen.
 */
export function Filtros(p: { rotuloBusca: string; busca: string; aoBuscar: (v: string) => void; campos: CampoFiltro[] }) {
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <CampoBusca rotulo={p.rotuloBusca} valor={p.busca} aoMudar={p.aoBuscar} size="xs" w={{ base: '100%', xs: 240 }} />
      {p.campos.map((c) => (
        <Select
          key={c.rotulo}
          label={c.rotulo}
          placeholder={c.vazio}
          data={c.opcoes}
          value={c.valor}
          onChange={c.aoMudar}
          clearable
          searchable={c.buscavel}
          disabled={c.desativado}
          w={c.largura}
          size="xs"
        />
      ))}
    </Group>
  );
}

/** What a queue screen gives its filters: the panel's name, the row's searchable text and the channel states. */
export type OpcoesFiltros<T> = {
  painel: string;
  texto: (l: T) => string;
  canais: OpcaoFiltro[];
  estados: OpcaoFiltro[];
  noEstado: (l: T, canal: string, estado: string) => boolean;
};

/** The filters' state and the rows they keep (the queue screens' shared part). */
export function useFiltrosFila<T extends { idRevenda: string; revenda: string }>(dados: readonly T[] | undefined, op: OpcoesFiltros<T>) {
  const { canais, estados, noEstado, texto } = op;
  const [busca, setBusca] = useState('');
  const [revenda, setRevenda] = useState<string | null>(null);
  const [canal, setCanal] = useState<string | null>(null);
  const [estado, setEstado] = useState<string | null>(null);
  const revendas = useRevendasDaFila(dados);
  const linhas = useMemo(() => {
    const escolhidas = dados?.filter((l) => (!revenda || l.idRevenda === revenda) && (!canal || !estado || noEstado(l, canal, estado)));
    return escolhidas && filtrarPorBusca(escolhidas, busca, texto);
  }, [dados, revenda, canal, estado, noEstado, busca, texto]);
  const filtros = (
    <Filtros
      rotuloBusca={`Buscar em ${op.painel}`}
      busca={busca}
      aoBuscar={setBusca}
      campos={[
        {
          rotulo: 'Revenda',
          vazio: 'Todas',
          opcoes: revendas,
          valor: revenda,
          aoMudar: setRevenda,
          largura: { base: '100%', xs: 220 },
          buscavel: true,
        },
        { rotulo: 'Canal', vazio: 'Todos', opcoes: canais, valor: canal, aoMudar: setCanal, largura: { base: '48%', xs: 170 } },
        {
          rotulo: 'Situação no canal',
          vazio: 'Qualquer',
          opcoes: estados,
          valor: estado,
          aoMudar: setEstado,
          largura: { base: '48%', xs: 200 },
          desativado: !canal,
        },
      ]}
    />
  );
  return { linhas, filtros };
}
