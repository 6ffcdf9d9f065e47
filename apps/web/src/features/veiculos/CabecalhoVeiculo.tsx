import type { Veiculo } from '@intermedio/contracts';
import { Badge, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Moeda } from '@/ui/Formatados';
import { dadosFipeDoVeiculo, LinhaPrecoFipe } from './PrecoFipe';
import { nomeVeiculo } from './rotulos';

/** The vehicle's state chips (issue 25 item 5): À venda / Vendido / Removido, and a change awaiting moderation. */
export function chipsVeiculo(v: Pick<Veiculo, 'vevendido' | 'veremovido' | 'vealterado'>): { texto: string; cor: string }[] {
  const chips: { texto: string; cor: string }[] = [];
  if (v.veremovido === 1) chips.push({ texto: 'Removido', cor: 'red' });
  if (v.vevendido === 1) chips.push({ texto: 'Vendido', cor: 'orange' });
  if (v.veremovido === 0 && v.vevendido === 0) chips.push({ texto: 'À venda', cor: 'green' });
  if (v.vealterado === 1) chips.push({ texto: 'Alterado aguardando validação', cor: 'yellow' });
  return chips;
}

/**
 * The view's heading (issue 25 item 5; the screen's name stays in the breadcrumb above): the vehicle's name as the h1, its price
 * with the FIPE figure and gap, the state chips; `acoes` on the right (wrapping under it on a phone).
 */
export function CabecalhoVeiculo({ v, revenda, acoes }: { v: Veiculo; revenda?: string; acoes: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <div style={{ minWidth: 0, flex: '1 1 320px' }}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {nomeVeiculo(v)}
        </Title>
        {revenda && (
          <Text size="sm" c="gray.7">
            Revenda: {revenda}
          </Text>
        )}
        <Group gap="xs" mt={4} aria-label="Situação do veículo" role="group">
          {chipsVeiculo(v).map((c) => (
            <Badge key={c.texto} color={c.cor} variant="light" size="lg">
              {c.texto}
            </Badge>
          ))}
        </Group>
        <div data-testid="preco-veiculo" style={{ marginTop: 8 }}>
          <Text fw={700} size="xl">
            <Moeda valor={v.vevalor} />
          </Text>
          <LinhaPrecoFipe dados={dadosFipeDoVeiculo(v)} valor={v.vevalor} />
        </div>
      </div>
      <Group gap="xs">{acoes}</Group>
    </Group>
  );
}
