import { CANAIS, type CanalId, type Integracao, LINKS_SO_ADMIN, MENSAGENS_INTEGRACAO, ROTULO_CANAL } from '@intermedio/contracts';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconSettings } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { chaves } from '@/lib/chaves';
import { formatarDataHora } from '@/lib/formato';
import { rotas } from '@/lib/rotas';
import { useSessaoAtiva } from '@/lib/sessao';
import { AlertaErro, mensagemDoErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { gravarRegistro, useIntegracoes } from './api';
import { ConfiguracaoSincronizacao } from './ConfiguracaoSincronizacao';
import { type CanalPortal, camposDoCanal, ehCanalPortal, type ResultadoSalvar, salvarConfiguracao, valoresIniciais } from './fluxos';
import { PendenciaIntegracao, StatusIntegracao } from './StatusIntegracao';

/** Integrations list /revenda/:idRevenda/integracao (spec 1 §2): live table of the ten channels. */
export default function PaginaIntegracoes() {
  const { idRevenda = '' } = useParams();
  const { usuario } = useSessaoAtiva();
  const admin = usuario.role === 'admin';
  const { data, error, isPending, refetch } = useIntegracoes(idRevenda);
  // On a phone Configurar and the admin's Ações share one column, so nothing is cut at 390 px (issue 23 item 17).
  const compacta = useMediaQuery('(max-width: 36em)') ?? false;

  // The API answers the ten channels in label order; a channel it leaves out still gets its row (red icon).
  const linhas: Integracao[] = data ? [...data, ...CANAIS.filter((c) => !data.some((l) => l.canal === c)).map(semRegistro)] : [];
  linhas.sort((a, b) => rotulo(a.canal).localeCompare(rotulo(b.canal), 'pt-BR'));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Integrações</Title>
        <Button
          component={Link}
          to={admin ? rotas.revendas.listar() : rotas.painel()}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Voltar
        </Button>
      </Group>
      <ConfiguracaoSincronizacao idRevenda={idRevenda} />
      {error && !data && <AlertaErro erro={error} tentarNovamente={() => void refetch()} />}
      {isPending ? (
        <Carregando />
      ) : (
        data && (
          <Table.ScrollContainer minWidth={compacta ? 0 : 480}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Integrações da revenda" data-testid="tabela-integracoes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Integração</Table.Th>
                  <Table.Th w={compacta ? 64 : 110} ta="center">
                    Status
                  </Table.Th>
                  <Table.Th w={compacta ? 124 : 140}>Configurar</Table.Th>
                  {admin && !compacta && <Table.Th w={150}>Ações</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {linhas.map((l) => (
                  <LinhaIntegracao key={l.canal} idRevenda={idRevenda} registro={l} admin={admin} compacta={compacta} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      )}
    </Stack>
  );
}

const rotulo = (canal: string) => ROTULO_CANAL[canal as CanalId] ?? canal;
const semRegistro = (canal: CanalId): Integracao => ({
  canal,
  descricao: ROTULO_CANAL[canal],
  configurado: false,
  status: null,
  pendencia: null,
  dados: {},
  segredos_salvos: [],
  so_admin: false,
  verificado_em: null,
  ultimo_erro: null,
  created_at: null,
  updated_at: null,
});
const ehCanal = (canal: string): canal is CanalId => (CANAIS as readonly string[]).includes(canal);

function LinhaIntegracao(p: { idRevenda: string; registro: Integracao; admin: boolean; compacta: boolean }) {
  const { idRevenda, registro, admin, compacta } = p;
  const nome = rotulo(registro.canal);
  const canal = ehCanal(registro.canal) ? registro.canal : null;
  const mostrarLink = canal && (admin || !LINKS_SO_ADMIN.includes(canal));
  return (
    <Table.Tr data-canal={registro.canal}>
      <Table.Td>
        <Text fw={500}>{nome}</Text>
        <PendenciaIntegracao registro={registro} />
        <Verificacao registro={registro} />
      </Table.Td>
      <Table.Td ta="center">
        <StatusIntegracao registro={registro} />
      </Table.Td>
      <Table.Td>
        {mostrarLink && (
          <Anchor component={Link} to={rotas.revenda.configurar(idRevenda, canal)} aria-label={`Configurar ${nome}`}>
            <Group gap={4} wrap="nowrap" component="span">
              <IconSettings size={16} aria-hidden />
              Configurar
            </Group>
          </Anchor>
        )}
        {admin && compacta && canal && (
          <div style={{ marginTop: 4 }}>
            <AcaoStatus idRevenda={idRevenda} canal={canal} registro={registro} />
          </div>
        )}
      </Table.Td>
      {admin && !compacta && <Table.Td>{canal && <AcaoStatus idRevenda={idRevenda} canal={canal} registro={registro} />}</Table.Td>}
    </Table.Tr>
  );
}

/** When the channel was last asked and what went wrong then, so support can see why a channel is inactive. */
function Verificacao({ registro }: { registro: Integracao }) {
  if (!registro.verificado_em && !registro.ultimo_erro) return null;
  return (
    <Stack gap={0} data-testid="verificacao-integracao">
      {registro.verificado_em && (
        <Text size="xs" c="dimmed">
          Verificado em {formatarDataHora(registro.verificado_em)}
        </Text>
      )}
      {registro.ultimo_erro && (
        <Text size="xs" c="red.8" data-testid="ultimo-erro">
          Último erro: {registro.ultimo_erro}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Admin's Ações (spec 1 §6 leaves its content open): on a configured channel, "Desativar" writes the record with
 * status false and the same fields; "Ativar" (portals only) re-runs the channel's save flow with status true and
 * the stored fields, so the channel is asked again and a refusal leaves it Inativo (the social networks are
 * activated only by authorising on their screen).
 */
function AcaoStatus({ idRevenda, canal, registro }: { idRevenda: string; canal: CanalId; registro: Integracao }) {
  const queryClient = useQueryClient();
  const { usuario } = useSessaoAtiva();
  const nome = rotulo(canal);
  const ativar = registro.status !== true;

  const acao = useMutation({
    mutationFn: async (): Promise<ResultadoSalvar> => {
      const campos = ehCanalPortal(canal) ? camposDoCanal(canal, valoresIniciais(canal, registro)) : {};
      if (!ativar) {
        await gravarRegistro(idRevenda, canal, { status: false, ...campos });
        return { tipo: 'concluido' };
      }
      return salvarConfiguracao({ canal: canal as CanalPortal, idRevenda, usuario: usuario.id, status: true, campos });
    },
    onSuccess: (r) => {
      if (r.tipo === 'concluido' && !r.recusa) {
        if (ativar) notifications.show({ color: 'green', title: nome, message: MENSAGENS_INTEGRACAO.configurada });
        return;
      }
      const mensagem =
        r.tipo === 'campos'
          ? 'Configuração incompleta: use Configurar para informar os dados do canal.'
          : r.tipo === 'concluido'
            ? r.recusa
            : r.mensagem;
      notifications.show({ color: 'red', title: nome, message: mensagem });
    },
    onError: (erro) => notifications.show({ color: 'red', title: nome, message: mensagemDoErro(erro) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chaves.revenda.sub(idRevenda, 'integracoes') }),
  });

  if (!registro.configurado || (ativar && !ehCanalPortal(canal))) return null;
  return (
    <Button
      size="compact-sm"
      variant="light"
      color={ativar ? 'green' : 'yellow'}
      loading={acao.isPending}
      onClick={() => acao.mutate()}
      aria-label={`${ativar ? 'Ativar' : 'Desativar'} ${nome}`}
    >
      {ativar ? 'Ativar' : 'Desativar'}
    </Button>
  );
}
