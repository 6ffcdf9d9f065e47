import type { VendaVeiculo } from '@intermedio/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { mensagemDoErro } from '@/ui/AlertaErro';
import { useDesfazerVenda } from './api';

type Props = { idRevenda: string; idVeiculo: string; nome: string; mensagem: string; venda: VendaVeiculo };

/** The toast of a sale (issue 23 item 20): the server's message and, while the server allows it, "Desfazer venda". */
function AvisoVenda({ idRevenda, idVeiculo, nome, mensagem, venda }: Props) {
  const desfazer = useDesfazerVenda(idRevenda);
  const aoDesfazer = () =>
    desfazer.mutate(idVeiculo, {
      onSuccess: (x) => {
        notifications.hide(idAviso(idVeiculo));
        notifications.show({ color: 'green', message: x.mensagem, autoClose: 10_000 });
      },
      onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
    });
  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm">{mensagem}</Text>
      {venda.pode_desfazer && (
        <Button size="compact-sm" variant="light" onClick={aoDesfazer} loading={desfazer.isPending} aria-label={`Desfazer venda: ${nome}`}>
          Desfazer venda
        </Button>
      )}
    </Stack>
  );
}

const idAviso = (idVeiculo: string) => `venda-${idVeiculo}`;

/** Shows the sale's toast; it stays longer than the others so that "Desfazer venda" can be reached. */
export function avisarVenda(p: Props) {
  notifications.show({ id: idAviso(p.idVeiculo), color: 'green', autoClose: 15_000, message: <AvisoVenda {...p} /> });
}
