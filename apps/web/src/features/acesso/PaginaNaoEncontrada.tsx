import { MENSAGENS } from '@intermedio/contracts';
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { inicioDoPapel, useSessaoAtiva } from '@/lib/sessao';

/** Any unknown address of a signed-in user. */
export default function PaginaNaoEncontrada() {
  const { usuario } = useSessaoAtiva();
  return (
    <Stack>
      <Title order={1}>Página não encontrada</Title>
      <Alert color="yellow" variant="light">
        {MENSAGENS.rotaNaoEncontrada}
      </Alert>
      <Anchor component={Link} to={inicioDoPapel(usuario)}>
        Voltar ao início
      </Anchor>
    </Stack>
  );
}
