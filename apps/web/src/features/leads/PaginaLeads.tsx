import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useRevenda } from '@/features/revendas/api';
import { CaixaLeads } from './CaixaLeads';

/** /revenda/:idRevenda/leads/listar: the reseller's leads inbox (issue 26). */
export default function PaginaLeads() {
  const { idRevenda = '' } = useParams();
  const revenda = useRevenda(idRevenda);
  return (
    <Stack>
      <div>
        <Title order={1}>Leads</Title>
        {revenda.data && (
          <Text c="gray.7" size="sm">
            Revenda: {revenda.data.penome_fantasia}
          </Text>
        )}
      </div>
      <CaixaLeads idRevenda={idRevenda} />
    </Stack>
  );
}
