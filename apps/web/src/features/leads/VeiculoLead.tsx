import { type Lead, MENSAGENS_LEAD } from '@intermedio/contracts';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { rotas } from '@/lib/rotas';
import { Miniatura } from '@/ui/Miniatura';

/** The lead's vehicle: thumbnail and a link to its page; "anúncio não encontrado" when the advert is unknown. */
export function VeiculoLead({ lead, miniatura = true }: { lead: Lead; miniatura?: boolean }) {
  if (!lead.veiculo_id || !lead.veiculo)
    return (
      <Text size="sm" c="gray.8" fs="italic">
        {MENSAGENS_LEAD.anuncioNaoEncontrado}
        {lead.id_anuncio ? ` (${lead.id_anuncio})` : ''}
      </Text>
    );
  return (
    <Group gap="xs" wrap="nowrap">
      {miniatura && <Miniatura src={lead.veiculo.foto} alt="" largura={56} altura={42} />}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={rotas.revenda.veiculos.visualizar(lead.revenda_id, lead.veiculo_id)} size="sm" lineClamp={1}>
          {lead.veiculo.titulo}
        </Anchor>
        {lead.veiculo.placa && (
          <Text size="xs" c="gray.8">
            {lead.veiculo.placa}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
