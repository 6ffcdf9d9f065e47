import { Alert, Anchor, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '@/lib/api';

export function mensagemDoErro(erro: unknown): string {
  if (erro instanceof ApiError) return erro.message;
  return 'Ocorreu um erro inesperado. Tente novamente mais tarde.';
}

/** A message with web addresses in it (Webmotors' unknown return codes point to its manual): the addresses as links. */
function ComLinks({ texto }: { texto: string }) {
  const partes = texto.split(/(https?:\/\/[^\s'"]+)/);
  if (partes.length === 1) return texto;
  return partes.map((p, i) =>
    /^https?:\/\//.test(p) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
      <Anchor key={i} href={p} target="_blank" rel="noreferrer" inherit>
        {p}
      </Anchor>
    ) : (
      p
    ),
  );
}

/** Red alert with the server's message, and optionally a "Tentar novamente" button. */
export function AlertaErro({ erro, tentarNovamente }: { erro: unknown; tentarNovamente?: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
      <ComLinks texto={mensagemDoErro(erro)} />
      {tentarNovamente && (
        <Button variant="subtle" color="red" size="compact-sm" ml="sm" onClick={tentarNovamente}>
          Tentar novamente
        </Button>
      )}
    </Alert>
  );
}
