import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useSemConexao } from '@/lib/conexao';
import { useNovaVersao } from './registro';

/**
 * Notices over every screen (the shell stays): the server out of reach, and a new version deployed while the tab
 * was open ("Nova versão disponível — Atualizar"). Fixed at the bottom, narrow enough for a 390 px phone.
 */
export function AvisosDoPainel() {
  const semConexao = useSemConexao();
  const { disponivel, atualizar } = useNovaVersao();
  if (!semConexao && !disponivel) return null;
  return (
    <Box pos="fixed" bottom={16} left={16} right={16} style={{ zIndex: 400, pointerEvents: 'none' }}>
      <Stack gap="xs" maw={520} mx="auto" style={{ pointerEvents: 'auto' }}>
        {semConexao && (
          <Paper withBorder shadow="md" p="sm" role="status" aria-live="polite">
            <Group gap="sm" wrap="nowrap">
              <IconCloudOff aria-hidden />
              <div>
                <Text fw={700}>Sem conexão com o servidor</Text>
                <Text size="sm">O painel tenta de novo quando a conexão voltar. O que você digitou continua na tela.</Text>
              </div>
            </Group>
          </Paper>
        )}
        {disponivel && (
          <Paper withBorder shadow="md" p="sm" role="status" aria-live="polite">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>Nova versão disponível</Text>
              <Button leftSection={<IconRefresh aria-hidden size={18} />} onClick={atualizar}>
                Atualizar
              </Button>
            </Group>
          </Paper>
        )}
      </Stack>
    </Box>
  );
}
