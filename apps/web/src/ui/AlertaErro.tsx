import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '@/lib/api';

export function mensagemDoErro(erro: unknown): string {
  if (erro instanceof ApiError) return erro.message;
  return 'Ocorreu um erro inesperado. Tente novamente mais tarde.';
}

/** Red alert with the server's message, and optionally a "Tentar novamente" button. */
export function AlertaErro({ erro, tentarNovamente }: { erro: unknown; tentarNovamente?: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
      {mensagemDoErro(erro)}
      {tentarNovamente && (
        <Button variant="subtle" color="red" size="compact-sm" ml="sm" onClick={tentarNovamente}>
          Tentar novamente
        </Button>
      )}
    </Alert>
  );
}
