import { MENSAGENS_VENDA as M } from '@intermedio/contracts';
import { Checkbox, List, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { LeadsAbertosDaVenda } from '@/features/leads/LeadsAbertosDaVenda';
import { useVeiculo } from '@/features/veiculos/api';
import { mensagemDoErro } from '@/ui/AlertaErro';
import { ModalConfirmacao } from '@/ui/ModalConfirmacao';
import { avisarVenda } from './AvisoVenda';
import { useVender } from './api';

type Props = { idRevenda: string; idVeiculo: string; nome: string; aoFechar: () => void };

/**
 * The "Marcar como vendido" confirmation (issue 16): the channels the vehicle is published on (their adverts will be
 * taken down) and the "Publicar vendido" option. Opened for one vehicle; closes once the server accepted the sale.
 */
export function ModalVenda({ idRevenda, idVeiculo, nome, aoFechar }: Props) {
  const veiculo = useVeiculo(idRevenda, idVeiculo);
  const vender = useVender(idRevenda);
  const [publicarVendido, setPublicarVendido] = useState(false);
  // After the sale: the vehicle's open leads (issue 26), then the modal closes.
  const [vendido, setVendido] = useState(false);
  const publicados = (veiculo.data?.integracoes ?? []).filter((i) => i.publicado || i.estado === 'pendente');

  const confirmar = () =>
    vender.mutate(
      { idVeiculo, publicarVendido },
      {
        onSuccess: (r) => {
          avisarVenda({ idRevenda, idVeiculo, nome, mensagem: r.mensagem, venda: r.venda });
          setVendido(true);
        },
        onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
      },
    );

  if (vendido) return <LeadsAbertosDaVenda idRevenda={idRevenda} idVeiculo={idVeiculo} aoFechar={aoFechar} />;
  return (
    <ModalConfirmacao
      aberto
      titulo={`Marcar como vendido: ${nome}`}
      pergunta={M.confirmar}
      confirmar="Marcar como vendido"
      cor="intermedio"
      ocupado={vender.isPending}
      aoConfirmar={confirmar}
      aoFechar={aoFechar}
    >
      {veiculo.isPending ? (
        <Loader size="sm" aria-label="Carregando os canais" />
      ) : publicados.length === 0 ? (
        <Text size="sm">{M.semCanais}</Text>
      ) : (
        <div>
          <Text size="sm" id="canais-da-venda">
            {M.canaisPublicados}
          </Text>
          <List size="sm" aria-labelledby="canais-da-venda">
            {publicados.map((i) => (
              <List.Item key={i.canal}>{i.descricao}</List.Item>
            ))}
          </List>
        </div>
      )}
      <Checkbox
        label={M.publicarVendido}
        description={M.publicarVendidoDescricao}
        checked={publicarVendido}
        onChange={(e) => setPublicarVendido(e.currentTarget.checked)}
        disabled={vender.isPending}
      />
    </ModalConfirmacao>
  );
}
