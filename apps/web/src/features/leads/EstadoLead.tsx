import { type EstadoLead as Estado, type Lead, ROTULO_ESTADO_LEAD } from '@intermedio/contracts';
import { Badge, Stack, Text } from '@mantine/core';

/** Shade 8/9 badges keep 4.5:1 with their light variant text. */
export const COR_ESTADO_LEAD: Record<Estado, string> = {
  novo: 'blue',
  em_atendimento: 'yellow',
  respondido: 'cyan',
  convertido: 'green',
  perdido: 'gray',
};

/** The lead's state and who set it ("o sistema" for a state nobody changed yet). */
export function EstadoLead({ lead }: { lead: Pick<Lead, 'estado' | 'estado_por' | 'estado_por_nome'> }) {
  return (
    <Stack gap={0}>
      <Badge color={COR_ESTADO_LEAD[lead.estado]} variant="light" data-testid="estado-lead" style={{ alignSelf: 'flex-start' }}>
        {ROTULO_ESTADO_LEAD[lead.estado]}
      </Badge>
      <Text size="xs" c="gray.8">
        {lead.estado_por ? `por ${lead.estado_por_nome ?? 'usuário removido'}` : 'pelo sistema'}
      </Text>
    </Stack>
  );
}
