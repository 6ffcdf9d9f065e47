import { ROTULO_CANAL } from '@intermedio/contracts';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ExportarVendas } from '@/features/exportacoes/ExportarVendas';
import { formatarNumero } from '@/lib/formato';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { DataHora } from '@/ui/Formatados';
import { useVendasRecentes, useVendidosComAnuncios } from './api';

/** 45 s · 2 min 5 s · 1 h 3 min · 2 d 4 h. */
export function formatarDuracao(segundos: number): string {
  const s = Math.max(0, Math.round(segundos));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return s % 60 ? `${min} min ${s % 60} s` : `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** Dealer dashboard (issue 16): per sale of the last 30 days, the time from "vendido" to the last channel removed. */
export function PainelVendasRecentes({ idRevenda }: { idRevenda: string }) {
  const { data, error, refetch, isPending } = useVendasRecentes(idRevenda);
  const { usuario } = useSessaoAtiva();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="titulo-vendas-recentes">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={2} size="h3" id="titulo-vendas-recentes">
          Vendas dos últimos 30 dias
        </Title>
        {/* Exportar (issue 25 item 6): gestor only (admins have no dealer dashboard). */}
        {usuario.role === 'gestor' && <ExportarVendas idRevenda={idRevenda} />}
      </Group>
      {error && !data && <AlertaErro erro={error} tentarNovamente={() => void refetch()} />}
      {isPending && <Carregando />}
      {data?.length === 0 && <Text size="sm">Nenhum veículo marcado como vendido nos últimos 30 dias.</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {data?.map((v) => (
          <Group component="li" key={v.id_veiculo} justify="space-between" gap="xs" data-veiculo={v.id_veiculo}>
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 220px' }}>
              <Anchor component={Link} to={rotas.revenda.veiculos.visualizar(idRevenda, v.id_veiculo)} size="sm" fw={500}>
                {v.veiculo}
              </Anchor>
              <Text size="xs">
                Vendido em <DataHora valor={v.vendido_em} />
              </Text>
            </Stack>
            <Text size="sm" ta="right" style={{ flex: '1 1 160px' }}>
              {v.canais === 0
                ? 'Sem anúncios nos canais'
                : v.segundos_ate_remover === null
                  ? `${formatarNumero(v.removidos)} de ${formatarNumero(v.canais)} canais removidos; ainda no ar`
                  : `Removido de ${formatarNumero(v.canais)} ${v.canais === 1 ? 'canal' : 'canais'} em ${formatarDuracao(v.segundos_ate_remover)}`}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Admin home (issue 16): vehicles sold more than an hour ago whose adverts are still online. */
export function PainelVendidosComAnuncios() {
  const { data, error, refetch, isPending } = useVendidosComAnuncios();
  return (
    // Not a landmark: the moderation tiles are the home's regions (one is named "Vendidos").
    <Paper withBorder p="md" data-testid="vendidos-com-anuncios">
      <Title order={2} size="h3" mb="sm" id="titulo-vendidos-no-ar">
        Vendidos com anúncios no ar há mais de 1 hora{data ? ` (${formatarNumero(data.length)})` : ''}
      </Title>
      {error && !data && <AlertaErro erro={error} tentarNovamente={() => void refetch()} />}
      {isPending && <Carregando />}
      {data?.length === 0 && <Text size="sm">Nenhum veículo vendido com anúncio no ar.</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {data?.map((v) => (
          <Stack component="li" key={v.id_veiculo} gap={2} data-veiculo={v.id_veiculo}>
            <Anchor component={Link} to={rotas.revenda.veiculos.visualizar(v.id_revenda, v.id_veiculo)} size="sm" fw={500}>
              {v.revenda} · {v.veiculo}
            </Anchor>
            <Group gap={6}>
              <Text size="xs">
                Vendido em <DataHora valor={v.vendido_em} />
              </Text>
              {v.canais.map((c) => (
                <Badge key={c} color="red" variant="light" size="sm">
                  {ROTULO_CANAL[c]}
                </Badge>
              ))}
            </Group>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
