import { ROTULO_ESTADO_IMPORTACAO } from '@intermedio/contracts';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatarDataHora, formatarNumero } from '@/lib/formato';
import { rotas } from '@/lib/rotas';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { useImportacoes } from './api';
import { COR_ESTADO, contagens, nDeN } from './rotulos';

/** The reseller's last imports (state, counts, date), each reopening its screen. Live through the importacoes events. */
export function ImportacoesRecentes({ idRevenda }: { idRevenda: string }) {
  const lista = useImportacoes(idRevenda);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Importações recentes
        </Title>
        {lista.error && !lista.data && <AlertaErro erro={lista.error} tentarNovamente={() => void lista.refetch()} />}
        {lista.isPending && <Carregando />}
        {lista.data && lista.data.length === 0 && (
          <Text size="sm" c="gray.7">
            Nenhuma importação ainda.
          </Text>
        )}
        {lista.data && lista.data.length > 0 && (
          <ul aria-label="Importações recentes" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {lista.data.map((i) => (
              <li key={i.id} style={{ padding: '8px 0', borderTop: '1px solid var(--mantine-color-gray-3)' }}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={0} style={{ minWidth: 0, flex: '1 1 240px' }}>
                    <Anchor
                      component={Link}
                      to={rotas.revenda.veiculos.importacao(idRevenda, i.id)}
                      fw={500}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {i.nome}
                    </Anchor>
                    <Text size="xs" c="gray.7">
                      {[
                        `${formatarNumero(i.total_linhas)} ${i.total_linhas === 1 ? 'linha' : 'linhas'}`,
                        i.estado === 'importando' ? nDeN(i.progresso) : null,
                        i.estado === 'concluida' ? contagens(i.progresso) : null,
                        formatarDataHora(i.created_at),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                  <Badge color={COR_ESTADO[i.estado]} variant="light">
                    {ROTULO_ESTADO_IMPORTACAO[i.estado]}
                  </Badge>
                </Group>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}
