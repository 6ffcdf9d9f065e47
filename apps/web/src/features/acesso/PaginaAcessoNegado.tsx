import { MENSAGENS } from '@intermedio/contracts';
import { Alert, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** /acesso-negado: shown inside the menu of the user's role (spec 1 §2). */
export default function PaginaAcessoNegado() {
  return (
    <Stack>
      <Title order={1}>Acesso negado</Title>
      <Alert color="red" variant="filled" icon={<IconLock aria-hidden />}>
        {MENSAGENS.acessoNegado}
      </Alert>
    </Stack>
  );
}
