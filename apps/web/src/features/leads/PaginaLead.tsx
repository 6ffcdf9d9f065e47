import {
  ESTADOS_LEAD,
  type EstadoLead as Estado,
  type LeadDetalhe,
  MENSAGENS_LEAD,
  ROTULO_CANAL,
  ROTULO_ESTADO_LEAD,
} from '@intermedio/contracts';
import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { rotas } from '@/lib/rotas';
import { AlertaErro, mensagemDoErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { DataHora } from '@/ui/Formatados';
import { ModalConfirmacao } from '@/ui/ModalConfirmacao';
import { useExcluirLead, useLead, useMudarEstadoLead } from './api';
import { ContatoLead } from './ContatoLead';
import { EstadoLead } from './EstadoLead';
import { podeResponder, RespostaPergunta } from './RespostaPergunta';
import { VeiculoLead } from './VeiculoLead';

export const PERGUNTA_EXCLUIR =
  'Excluir este lead a pedido do comprador? O nome, o contato, a mensagem e a conversa serão apagados e não poderão ser recuperados.';
const opcoesEstado = ESTADOS_LEAD.map((e) => ({ value: e, label: ROTULO_ESTADO_LEAD[e] }));
const ROTULO_AUTOR = { comprador: 'Comprador', revenda: 'Revenda' } as const;
const ROTULO_ENVIO = { recebida: null, enviando: 'Enviando…', enviada: 'Enviada', falhou: 'Não enviada' } as const;

/** The conversation where the channel has one (Mercado Livre questions). */
function Conversa({ lead }: { lead: LeadDetalhe }) {
  const responder = podeResponder(lead);
  if (lead.mensagens.length === 0 && !responder) return null;
  return (
    <Paper component="section" aria-labelledby="titulo-conversa" withBorder p="md" radius="md">
      <Title order={2} size="h4" id="titulo-conversa" mb="sm">
        Conversa
      </Title>
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {lead.mensagens.map((m) => (
          <Stack component="li" key={m.id} gap={2} data-autor={m.autor}>
            <Group gap="xs">
              <Text size="xs" fw={600}>
                {ROTULO_AUTOR[m.autor]}
              </Text>
              <Text size="xs" c="gray.8">
                <DataHora valor={m.enviada_em} />
              </Text>
              {ROTULO_ENVIO[m.estado] && (
                <Badge size="xs" variant="light" color={m.estado === 'falhou' ? 'red' : 'gray'}>
                  {ROTULO_ENVIO[m.estado]}
                </Badge>
              )}
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {m.texto}
            </Text>
            {m.erro && (
              <Text size="xs" c="red.8">
                {m.erro}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
      {responder && (
        <Stack mt="md">
          <RespostaPergunta lead={lead} />
        </Stack>
      )}
    </Paper>
  );
}

/** /revenda/:idRevenda/leads/:idLead: the lead's data, its state, the conversation, and deletion on request (LGPD). */
export default function PaginaLead() {
  const { idRevenda = '', idLead = '' } = useParams();
  const navegar = useNavigate();
  const lead = useLead(idRevenda, idLead);
  const mudarEstado = useMudarEstadoLead(idRevenda);
  const excluir = useExcluirLead(idRevenda);
  const [confirmarExclusao, setConfirmarExclusao] = useState(false);

  if (lead.error && !lead.data) return <AlertaErro erro={lead.error} tentarNovamente={() => void lead.refetch()} />;
  if (!lead.data) return <Carregando />;
  const l = lead.data;

  const aoMudarEstado = (estado: string | null) => {
    if (!estado || estado === l.estado) return;
    mudarEstado.mutate(
      { idLead, estado: estado as Estado },
      { onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }) },
    );
  };
  const aoExcluir = () =>
    excluir.mutate(idLead, {
      onSuccess: (mensagem) => {
        notifications.show({ color: 'green', message: mensagem });
        navegar(rotas.revenda.leads.listar(idRevenda));
      },
      onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
      onSettled: () => setConfirmarExclusao(false),
    });

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{l.nome ?? (l.anonimizado ? MENSAGENS_LEAD.anonimizado : 'Lead sem nome')}</Title>
          <Text c="gray.8" size="sm">
            {ROTULO_CANAL[l.canal]} · recebido em <DataHora valor={l.recebido_em} />
          </Text>
        </div>
        <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmarExclusao(true)}>
          Excluir lead
        </Button>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <ContatoLead lead={l} />
          <VeiculoLead lead={l} />
          {l.mensagem && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="mensagem-lead">
              {l.mensagem}
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md">
          <Select
            label="Estado"
            data={opcoesEstado}
            value={l.estado}
            onChange={aoMudarEstado}
            allowDeselect={false}
            disabled={mudarEstado.isPending}
            w={220}
          />
          <EstadoLead lead={l} />
          <Text size="xs" c="gray.8">
            desde <DataHora valor={l.estado_em} />
          </Text>
          {l.atribuido_a && (
            <Text size="sm" data-testid="atribuido-lead">
              Atribuído a {l.atribuido_nome ?? 'usuário removido'}
            </Text>
          )}
        </Group>
      </Paper>
      <Conversa lead={l} />
      <ModalConfirmacao
        aberto={confirmarExclusao}
        titulo="Excluir lead"
        pergunta={PERGUNTA_EXCLUIR}
        confirmar="Excluir"
        ocupado={excluir.isPending}
        aoConfirmar={aoExcluir}
        aoFechar={() => setConfirmarExclusao(false)}
      />
    </Stack>
  );
}
