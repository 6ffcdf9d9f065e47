import { MENSAGENS_VENDA as M, type RemocaoVenda, ROTULO_ESTADO_REMOCAO, type VendaVeiculo } from '@intermedio/contracts';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { rotas } from '@/lib/rotas';
import { mensagemDoErro } from '@/ui/AlertaErro';
import { DataHora } from '@/ui/Formatados';
import { ModalConfirmacao } from '@/ui/ModalConfirmacao';
import { useDesfazerVenda, useTentarRemocao } from './api';

const COR_ESTADO = { removendo: 'yellow', removido: 'green', falhou: 'red' } as const;

type Props = { idRevenda: string; idVeiculo: string; venda: VendaVeiculo; podeAgir: boolean };

/**
 * The sale on the vehicle view (issue 16): when it was marked, each channel's removal (removendo / removido /
 * falhou with the reason and "Tentar de novo"), live through the sale events, the sold post and "Desfazer venda".
 */
export function QuadroVenda({ idRevenda, idVeiculo, venda, podeAgir }: Props) {
  const tentar = useTentarRemocao(idRevenda, idVeiculo);
  const desfazer = useDesfazerVenda(idRevenda);
  const [confirmandoDesfazer, setConfirmandoDesfazer] = useState(false);

  const aoTentar = (r: RemocaoVenda) =>
    tentar.mutate(r.canal, {
      onSuccess: (x) => notifications.show({ color: 'green', message: x.mensagem }),
      onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
    });
  const aoDesfazer = () =>
    // The answer's notice is the mutation's own (useDesfazerVenda): it shows even once this box is gone.
    desfazer.mutate(idVeiculo, { onSuccess: () => setConfirmandoDesfazer(false) });

  return (
    <Paper withBorder p="md" aria-labelledby="titulo-venda" component="section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3" id="titulo-venda">
              Venda
            </Title>
            <Text size="sm">
              Vendido em <DataHora valor={venda.vendido_em} />
            </Text>
            {podeAgir && venda.pode_desfazer && (
              <Text size="xs" c="gray.7">
                {M.podeDesfazerHoje}
              </Text>
            )}
          </div>
          {podeAgir && venda.pode_desfazer && (
            <Button variant="default" onClick={() => setConfirmandoDesfazer(true)}>
              Desfazer venda
            </Button>
          )}
        </Group>
        {venda.remocoes.length === 0 ? (
          <Text size="sm">O veículo não estava publicado em nenhum canal.</Text>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table aria-label="Retirada dos anúncios" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="30%">Canal</Table.Th>
                  <Table.Th>Retirada do anúncio</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {venda.remocoes.map((r) => (
                  <Table.Tr key={r.canal} data-canal={r.canal}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.descricao}</Table.Td>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <Badge color={COR_ESTADO[r.estado]} variant="light">
                          {ROTULO_ESTADO_REMOCAO[r.estado]}
                        </Badge>
                        {r.ultimo_erro && (
                          <Text size="xs" c={r.estado === 'falhou' ? 'red.8' : undefined} style={{ overflowWrap: 'anywhere' }}>
                            {r.ultimo_erro}
                          </Text>
                        )}
                        {podeAgir && r.estado === 'falhou' && (
                          <Button
                            size="compact-sm"
                            variant="light"
                            onClick={() => aoTentar(r)}
                            loading={tentar.isPending && tentar.variables === r.canal}
                            aria-label={`Tentar de novo: ${r.descricao}`}
                          >
                            Tentar de novo
                          </Button>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {venda.publicar_vendido && (
          <Alert color={venda.vendido_erro ? 'red' : 'blue'} variant="light" title="Publicar vendido">
            <Stack gap={4}>
              {venda.vendido_erro ? (
                <Text size="sm">{venda.vendido_erro}</Text>
              ) : (
                <Text size="sm">{venda.vendido_id ? 'Vendido criado e enviado às redes configuradas.' : 'Criando o vendido…'}</Text>
              )}
              <Anchor component={Link} to={rotas.revenda.vendidos.listar(idRevenda)} size="sm">
                Ver vendidos
              </Anchor>
            </Stack>
          </Alert>
        )}
      </Stack>
      <ModalConfirmacao
        aberto={confirmandoDesfazer}
        titulo="Desfazer venda"
        pergunta={M.confirmarDesfazer}
        confirmar="Desfazer venda"
        ocupado={desfazer.isPending}
        aoConfirmar={aoDesfazer}
        aoFechar={() => setConfirmandoDesfazer(false)}
      />
    </Paper>
  );
}
