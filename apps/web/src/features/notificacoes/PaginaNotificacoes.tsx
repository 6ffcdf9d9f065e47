import { MENSAGENS_NOTIFICACAO, type Notificacao, ROTULO_ACESSO_NOTIFICACAO } from '@intermedio/contracts';
import { Anchor, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useRevenda } from '@/features/revendas/api';
import { rotas } from '@/lib/rotas';
import { AlertaErro, mensagemDoErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { type ColunaTabela, DataTable } from '@/ui/DataTable';
import { EstadoVazio } from '@/ui/EstadoVazio';
import { DataHora } from '@/ui/Formatados';
import { ModalConfirmacao } from '@/ui/ModalConfirmacao';
import { useEnviarLembrete, useExcluirNotificacao, useNotificacoes } from './api';

type Acao = { tipo: 'lembrete' | 'excluir'; notificacao: Notificacao };
const COR_ESTADO = { enviando: 'blue', sucesso: 'green', erro: 'red' } as const;
const ROTULO_ESTADO = { enviando: 'Enviando', sucesso: 'Enviado', erro: 'Erro' } as const;

/** The last reminder's state: a live badge with the result message and when it ended. */
function EstadoLembrete({ n }: { n: Notificacao }) {
  if (!n.lembrete_estado) return null;
  return (
    <Stack gap={0}>
      <Group gap={4} wrap="nowrap">
        {n.lembrete_estado === 'enviando' && <Loader size={12} />}
        <Badge color={COR_ESTADO[n.lembrete_estado]} variant="light" data-testid="estado-lembrete">
          {ROTULO_ESTADO[n.lembrete_estado]}
        </Badge>
      </Group>
      <Text size="xs" lineClamp={2} title={n.lembrete_mensagem ?? ''}>
        {n.lembrete_mensagem} {n.lembrete_em && n.lembrete_estado !== 'enviando' && <DataHora valor={n.lembrete_em} />}
      </Text>
    </Stack>
  );
}

/** /revenda/:idRevenda/notificacoes/listar (admin, spec 2 §2): Título, Link, Acesso, Lembrete, Manutenção. */
export default function PaginaNotificacoes() {
  const { idRevenda = '' } = useParams();
  const lista = useNotificacoes(idRevenda);
  const revenda = useRevenda(idRevenda);
  const lembrete = useEnviarLembrete(idRevenda);
  const excluir = useExcluirNotificacao(idRevenda);
  const [acao, setAcao] = useState<Acao | null>(null);
  const ocupado = lembrete.isPending || excluir.isPending;

  const confirmar = () => {
    if (!acao) return;
    const fim = { onSettled: () => setAcao(null) };
    if (acao.tipo === 'lembrete')
      lembrete.mutate(acao.notificacao.id, {
        ...fim,
        onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
      });
    else
      excluir.mutate(acao.notificacao.id, {
        ...fim,
        onSuccess: (r) => notifications.show({ color: 'green', message: r.mensagem }),
        onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
      });
  };

  const colunas: ColunaTabela<Notificacao>[] = [
    {
      id: 'titulo',
      cabecalho: 'Título',
      largura: 240,
      larguraTelefone: 'auto',
      ordenar: (n) => n.titulo,
      celula: (n) => <span title={n.titulo}>{n.titulo}</span>,
    },
    {
      id: 'link',
      cabecalho: 'Link',
      largura: 220,
      secundaria: 'telefone',
      ordenar: (n) => n.link,
      celula: (n) =>
        n.link ? (
          <Anchor href={n.link} target="_blank" rel="noopener noreferrer" size="sm" title={n.link}>
            {n.link}
          </Anchor>
        ) : null,
    },
    {
      id: 'acesso',
      cabecalho: 'Acesso',
      largura: 100,
      secundaria: 'telefone',
      ordenar: (n) => ROTULO_ACESSO_NOTIFICACAO[n.acesso],
      celula: (n) => ROTULO_ACESSO_NOTIFICACAO[n.acesso],
    },
    {
      id: 'lembrete',
      cabecalho: 'Lembrete',
      largura: 280,
      // On a phone the reminder's Enviar and its state move into the row's details.
      secundaria: 'telefone',
      celula: (n) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => setAcao({ tipo: 'lembrete', notificacao: n })}
            disabled={n.lembrete_estado === 'enviando'}
            aria-label={`Enviar lembrete: ${n.titulo}`}
          >
            Enviar
          </Button>
          <EstadoLembrete n={n} />
        </Group>
      ),
    },
    {
      id: 'manutencao',
      cabecalho: 'Manutenção',
      largura: 120,
      fixa: true,
      larguraTelefone: 100,
      celula: (n) => (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={() => setAcao({ tipo: 'excluir', notificacao: n })}
          aria-label={`Excluir ${n.titulo}`}
        >
          Excluir
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1}>Notificações</Title>
          {revenda.data && (
            <Text c="gray.7" size="sm">
              Revenda: {revenda.data.penome_fantasia}
            </Text>
          )}
        </div>
        <Button component={Link} to={rotas.revenda.notificacoes.incluir(idRevenda)} leftSection={<IconPlus size={16} aria-hidden />}>
          Nova notificação
        </Button>
      </Group>
      {lista.error && !lista.data && <AlertaErro erro={lista.error} tentarNovamente={() => void lista.refetch()} />}
      {lista.isPending && <Carregando />}
      {lista.data && (
        <DataTable
          colunas={colunas}
          linhas={lista.data}
          chaveLinha={(n) => n.id}
          legenda="Notificações"
          vazio={
            <EstadoVazio
              texto="As notificações chegam aos aparelhos dos clientes desta revenda que aceitaram recebê-las."
              acao={{ rotulo: 'Nova notificação' }}
            />
          }
          alturaLinha={64}
          buscar={(n) => n.titulo}
        />
      )}
      <ModalConfirmacao
        aberto={acao !== null}
        titulo={acao?.tipo === 'lembrete' ? 'Enviar lembrete' : 'Excluir notificação'}
        pergunta={acao?.tipo === 'lembrete' ? MENSAGENS_NOTIFICACAO.confirmarLembrete : MENSAGENS_NOTIFICACAO.confirmarExclusao}
        confirmar={acao?.tipo === 'lembrete' ? 'Enviar' : 'Excluir'}
        cor={acao?.tipo === 'lembrete' ? 'blue' : 'red'}
        ocupado={ocupado}
        aoConfirmar={confirmar}
        aoFechar={() => setAcao(null)}
      />
    </Stack>
  );
}
