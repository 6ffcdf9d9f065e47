import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { type AcaoBloqueio, useBloqueio } from '@/features/revendas/api';
import { TEXTOS_CONFIRMACAO } from '@/features/revendas/ListaRevendas';
import { mensagemDoErro } from '@/ui/AlertaErro';

/**
 * Admin only (spec 2 §2): block or unblock app access of every user of the reseller (ativo 0/1), and its
 * site. Each asks for confirmation; the reseller's `ativo` says which site button applies.
 */
export function BloqueiosRevenda({ idRevenda, siteAtivo }: { idRevenda: string; siteAtivo: number }) {
  const bloqueio = useBloqueio();
  const [pendente, setPendente] = useState<AcaoBloqueio | null>(null);
  const confirmar = () => {
    if (!pendente) return;
    const acao = pendente;
    bloqueio.mutate(
      { idRevenda, ...acao },
      {
        onSuccess: () => notifications.show({ color: 'green', message: TEXTOS_CONFIRMACAO[acao.alvo][acao.ativo].feito }),
        onError: (erro) => notifications.show({ color: 'red', message: mensagemDoErro(erro) }),
        onSettled: () => setPendente(null),
      },
    );
  };
  const botao = (acao: AcaoBloqueio, rotulo: string) => (
    <Button
      size="compact-sm"
      variant="light"
      color={acao.ativo === 0 ? 'red' : 'green'}
      leftSection={acao.ativo === 0 ? <IconLock size={14} aria-hidden /> : <IconLockOpen size={14} aria-hidden />}
      onClick={() => setPendente(acao)}
    >
      {rotulo}
    </Button>
  );
  return (
    <Group gap="xs" aria-label="Administração da revenda" role="group">
      {botao({ alvo: 'usuarios', ativo: 0 }, 'Bloquear acesso dos usuários')}
      {botao({ alvo: 'usuarios', ativo: 1 }, 'Liberar acesso dos usuários')}
      {siteAtivo === 1 ? botao({ alvo: 'site', ativo: 0 }, 'Bloquear site') : botao({ alvo: 'site', ativo: 1 }, 'Liberar site')}
      <Modal opened={pendente !== null} onClose={() => !bloqueio.isPending && setPendente(null)} title="Confirmação" centered>
        {pendente && (
          <Stack>
            <Text>{TEXTOS_CONFIRMACAO[pendente.alvo][pendente.ativo].pergunta}?</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPendente(null)} disabled={bloqueio.isPending}>
                Cancelar
              </Button>
              <Button color={pendente.ativo === 0 ? 'red' : 'blue'} onClick={confirmar} loading={bloqueio.isPending}>
                Confirmar
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Group>
  );
}
