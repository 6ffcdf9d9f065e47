import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  aberto: boolean;
  titulo: string;
  pergunta: string;
  /** Label of the confirm button (Excluir, Enviar…). */
  confirmar: string;
  /** Shade 9 by default: white text keeps 4.5:1 on it, and on every step of the hover transition (shade 8 → 9 does not). */
  cor?: string;
  ocupado: boolean;
  aoConfirmar: () => void;
  aoFechar: () => void;
  /** What else the confirmation shows under the question (a list, an option). */
  children?: ReactNode;
};

/** The spec's confirmations in a dialog: the question, Cancelar and the action (locked while it runs). */
export function ModalConfirmacao({ aberto, titulo, pergunta, confirmar, cor = 'red.9', ocupado, aoConfirmar, aoFechar, children }: Props) {
  return (
    <Modal opened={aberto} onClose={() => !ocupado && aoFechar()} title={titulo} centered>
      <Stack>
        <Text>{pergunta}</Text>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={aoFechar} disabled={ocupado}>
            Cancelar
          </Button>
          <Button color={cor} onClick={aoConfirmar} loading={ocupado}>
            {confirmar}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
