import { MENSAGENS } from '@intermedio/contracts';
import { Alert, Stack, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useMatches } from 'react-router';
import type { DadosRota } from '@/lib/telas';

/** Placeholder of a screen not built yet: the screen's name as heading and the "not available" notice. */
export default function PaginaEmConstrucao() {
  const matches = useMatches();
  const titulo = (matches.at(-1)?.handle as DadosRota | undefined)?.titulo ?? 'Intermédio';
  return (
    <Stack>
      <Title order={1}>{titulo}</Title>
      <Alert color="blue" variant="light" icon={<IconTools aria-hidden />}>
        {MENSAGENS.telaEmConstrucao}
      </Alert>
    </Stack>
  );
}
