import type { EstadoLead } from '@intermedio/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { mensagemDoErro } from '@/ui/AlertaErro';
import { useLeadsDoVeiculo, useMudarEstadoLead } from './api';

/** Leads nobody closed yet: a sale offers to close them. */
export const ESTADOS_ABERTOS: readonly EstadoLead[] = ['novo', 'em_atendimento', 'respondido'];

export const perguntaLeadsAbertos = (n: number) =>
  n === 1 ? 'Este veículo tem 1 lead em aberto. Como ele terminou?' : `Este veículo tem ${n} leads em aberto. Como eles terminaram?`;

/**
 * After a sale (issue 26 item 4): the vehicle's open leads can be marked "Convertido (vendido)" or "Perdido" at once,
 * through the state route (who and when recorded). Without open leads (or when they cannot be read) it closes by itself.
 */
export function LeadsAbertosDaVenda({ idRevenda, idVeiculo, aoFechar }: { idRevenda: string; idVeiculo: string; aoFechar: () => void }) {
  const leads = useLeadsDoVeiculo(idRevenda, idVeiculo);
  const mudar = useMudarEstadoLead(idRevenda);
  const abertos = (leads.data ?? []).filter((l) => ESTADOS_ABERTOS.includes(l.estado));
  const nada = leads.isError || (leads.isSuccess && abertos.length === 0);

  useEffect(() => {
    if (nada) aoFechar();
  }, [nada, aoFechar]);
  if (!leads.isSuccess || abertos.length === 0) return null;

  const marcar = async (estado: EstadoLead) => {
    try {
      for (const l of abertos) await mudar.mutateAsync({ idLead: l.id, estado });
      notifications.show({
        color: 'green',
        message: abertos.length === 1 ? 'Lead atualizado.' : `${abertos.length} leads atualizados.`,
      });
      aoFechar();
    } catch (e) {
      notifications.show({ color: 'red', message: mensagemDoErro(e) });
    }
  };

  return (
    <Modal opened onClose={() => !mudar.isPending && aoFechar()} title="Leads deste veículo" centered>
      <Stack>
        <Text>{perguntaLeadsAbertos(abertos.length)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={aoFechar} disabled={mudar.isPending}>
            Deixar como estão
          </Button>
          {/* Theme colours, not shades: a shade in a light variant (gray.9) and white on green.9 fail 4.5:1 (axe, e2e leads.spec). */}
          <Button variant="default" onClick={() => void marcar('perdido')} loading={mudar.isPending}>
            Perdido
          </Button>
          <Button onClick={() => void marcar('convertido')} loading={mudar.isPending}>
            Convertido (vendido)
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
