import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * An empty list (issue 25 item 7): one sentence saying what the screen is for, and its primary action, instead of a
 * bare "Nenhum registro encontrado.".
 */
export function EstadoVazio({ texto, acao }: { texto: string; acao?: { rotulo: string; para: string } }) {
  return (
    <Stack gap="xs" align="flex-start" py="sm" data-testid="estado-vazio">
      <Text size="sm" c="gray.8">
        {texto}
      </Text>
      {acao && (
        <Button component={Link} to={acao.para} size="compact-sm" variant="light" leftSection={<IconPlus size={14} aria-hidden />}>
          {acao.rotulo}
        </Button>
      )}
    </Stack>
  );
}
