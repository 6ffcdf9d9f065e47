import { ROTULO_CANAL } from '@intermedio/contracts';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { rotas } from '@/lib/rotas';
import { AlertaErro } from '@/ui/AlertaErro';
import { DataHora } from '@/ui/Formatados';
import { useLeadsDoVeiculo } from './api';
import { EstadoLead } from './EstadoLead';

/** The vehicle page's card (issue 26 item 4): the buyers who contacted the reseller about this vehicle. */
export function LeadsDoVeiculo({ idRevenda, idVeiculo }: { idRevenda: string; idVeiculo: string }) {
  const leads = useLeadsDoVeiculo(idRevenda, idVeiculo);
  return (
    <Paper component="section" aria-labelledby="titulo-leads-veiculo" withBorder p="md" data-testid="leads-do-veiculo">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="titulo-leads-veiculo">
          Leads
        </Title>
        <Anchor component={Link} to={`${rotas.revenda.leads.listar(idRevenda)}?veiculo=${encodeURIComponent(idVeiculo)}`} size="sm">
          Ver na caixa de leads
        </Anchor>
      </Group>
      {leads.error && <AlertaErro erro={leads.error} tentarNovamente={() => void leads.refetch()} />}
      {leads.data?.length === 0 && <Text size="sm">Nenhum comprador entrou em contato sobre este veículo ainda.</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {leads.data?.map((l) => (
          <Group component="li" key={l.id} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={rotas.revenda.leads.ver(idRevenda, l.id)} size="sm" fw={500}>
                {l.nome ?? 'Sem nome'}
              </Anchor>
              <Text size="xs" c="gray.8">
                {ROTULO_CANAL[l.canal]} · <DataHora valor={l.recebido_em} />
              </Text>
            </Stack>
            <EstadoLead lead={l} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
