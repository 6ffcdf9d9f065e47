import { Alert, Button, Container, Stack, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last-resort page when a screen fails to load or render (e.g. a stale bundle after a deploy). */
export function ErroDeRota() {
  const erro = useRouteError();
  const detalhe = isRouteErrorResponse(erro) ? `${erro.status} ${erro.statusText}` : erro instanceof Error ? erro.message : '';
  return (
    <Container component="main" size="sm" py="xl">
      <Stack>
        <Title order={1}>Algo deu errado</Title>
        <Alert color="red" variant="light">
          Não foi possível exibir esta página. Recarregue a página e tente novamente.
          {detalhe && <div>{detalhe}</div>}
        </Alert>
        <Button onClick={() => window.location.reload()} w="fit-content">
          Recarregar
        </Button>
      </Stack>
    </Container>
  );
}
