import {
  type CanalId,
  type IntegracaoVeiculo,
  MENSAGENS_PUBLICACAO_VEICULO as M,
  MENSAGENS_SINCRONIZACAO as MS,
  ROTULO_CANAL,
} from '@intermedio/contracts';
import { Alert, Anchor, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { usePedirAtualizacao, usePublicarDeNovo, useSincronizacao } from '@/features/publicacao/sincronizacao';
import { rotas } from '@/lib/rotas';
import { DataHora } from '@/ui/Formatados';
import { chavesVeiculos } from './api';
import { useExcluirAnuncio } from './excluirAnuncio';

/** Channels whose advert can be changed from this table (spec 3 §2.1). */
const COM_ALTERAR: readonly CanalId[] = ['autoscar', 'webmotors'];

/** What the vehicle itself allows: a sold vehicle is not published nor its adverts changed; a removed one not published. */
export type SituacaoVeiculo = { vendido: boolean; removido: boolean };

/** What the Ações column offers for one channel (spec 3 §2.1). */
export function acoesIntegracao(
  i: IntegracaoVeiculo,
  veiculo: SituacaoVeiculo = { vendido: false, removido: false },
): ('incluir' | 'alterar' | 'excluir')[] {
  // A removal at the channel runs (or the reconciliation finishes it), or a change waits for the channel's answer:
  // the server refuses anything else meanwhile (409).
  if (i.operacao) return [];
  if (i.publicado && i.id_anuncio) return COM_ALTERAR.includes(i.canal) && !veiculo.vendido ? ['alterar', 'excluir'] : ['excluir'];
  // A send still pending is resolved by the server (answer or reconciliation): nothing to click meanwhile.
  if (i.estado === 'pendente') return [];
  // The server refuses to publish a sold or removed vehicle (422): no Incluir leading to a screen that says so.
  if (veiculo.vendido || veiculo.removido) return [];
  return i.configurada && i.status_configuracao ? ['incluir'] : [];
}

/** A channel the reseller configured, or where the vehicle has (or had) a send: listed first (issue 25 item 5). */
export const emUso = (i: IntegracaoVeiculo) => i.configurada || i.publicado || i.estado !== null || i.operacao !== null;

/**
 * Sync (issue 24 item 1): a published advert left desatualizado after its update failed (the reason under it) can be
 * sent again; not where the channel cannot edit (the reason says so; Instagram: remove and publish again).
 */
export const podeTentarDeNovo = (i: IntegracaoVeiculo) =>
  i.publicado && i.desatualizado && !i.operacao && Boolean(i.ultimo_erro) && i.canal !== 'instagram' && i.ultimo_erro !== MS.semAtualizacao;

/**
 * The advert itself where the channel has one (issue 24 item 4): its number as the channel shows it (OLX's list_id,
 * else the advert's id), "Ver anúncio ↗" when the channel gave an
 * address (spec 3 §8 url_anuncio; a new tab), and when the channel last answered for it (publication, confirmation
 * or change).
 */
function DadosAnuncio({ i }: { i: IntegracaoVeiculo }) {
  if (!i.id_anuncio && !i.url_anuncio && !i.sincronizado_em) return null;
  return (
    <Stack gap={0} align="flex-start">
      {i.id_anuncio && (
        <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          Anúncio nº {i.codigo_anuncio ?? i.id_anuncio}
        </Text>
      )}
      {i.url_anuncio && (
        <Anchor
          href={i.url_anuncio}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          aria-label={`Ver anúncio no ${ROTULO_CANAL[i.canal]} (abre em nova aba)`}
        >
          Ver anúncio ↗
        </Anchor>
      )}
      {i.sincronizado_em && (
        <Text size="xs" c="gray.7">
          Sincronizado em <DataHora valor={i.sincronizado_em} />
        </Text>
      )}
    </Stack>
  );
}

/**
 * Status publicação: pendente / excluindo or atualizando (a removal or a change running at the channel, until it
 * ends) / publicado ("desatualizado" after a vehicle change, and the reason when the last change failed) / falhou
 * with the last error; under it the advert's id, link and last sync.
 */
function StatusPublicacao({ i }: { i: IntegracaoVeiculo }) {
  return (
    <Stack gap={4} align="flex-start">
      <EstadoPublicacao i={i} />
      {(i.publicado || i.estado === 'pendente') && <DadosAnuncio i={i} />}
    </Stack>
  );
}

function EstadoPublicacao({ i }: { i: IntegracaoVeiculo }) {
  if (i.publicado && i.operacao)
    return (
      <Badge color="blue" variant="light">
        {i.operacao === 'excluir' ? 'Excluindo…' : 'Atualizando…'}
      </Badge>
    );
  if (i.estado === 'pendente')
    return (
      <Stack gap={4} align="flex-start">
        <Badge color="yellow" variant="light">
          Pendente
        </Badge>
        {/* The channel took the send and confirms it later (Olx import, Mobiauto publish check): polled by the server. */}
        {i.id_anuncio && (
          <Text size="xs" c="gray.7" maw={320}>
            Aguardando a confirmação de {ROTULO_CANAL[i.canal]}.
          </Text>
        )}
      </Stack>
    );
  if (i.publicado)
    return (
      <Stack gap={4} align="flex-start">
        <Group gap={4}>
          <Badge color="green" variant="light">
            Publicado
          </Badge>
          {i.desatualizado && (
            <Badge color="orange" variant="light" title="O veículo foi alterado depois da publicação: o anúncio mostra dados antigos.">
              Desatualizado
            </Badge>
          )}
        </Group>
        {/* Instagram cannot edit a post: said even before a sync round wrote it as the reason. */}
        {i.canal === 'instagram' && i.desatualizado && i.ultimo_erro !== MS.instagram && (
          <Text size="xs" c="gray.7" maw={320}>
            {MS.instagram}
          </Text>
        )}
        {/* A change (Alterar) refused or not confirmed by the channel: the advert stays published, with the reason. */}
        {i.ultimo_erro && (
          <Text size="xs" c="gray.7" maw={320}>
            {i.ultimo_erro}
          </Text>
        )}
      </Stack>
    );
  if (i.estado === 'falhou')
    return (
      <Stack gap={4} align="flex-start">
        <Badge color="red" variant="light">
          Falhou
        </Badge>
        {i.ultimo_erro && (
          <Text size="xs" c="red.8" maw={320}>
            {i.ultimo_erro}
          </Text>
        )}
        {/* The refused advert the channel kept (Mobiauto's blocked deal) is being removed: Incluir comes back after. */}
        {i.operacao === 'excluir' && (
          <Text size="xs" c="gray.7" maw={320}>
            Excluindo o anúncio recusado em {ROTULO_CANAL[i.canal]}…
          </Text>
        )}
      </Stack>
    );
  return (
    <Badge color="gray" variant="light">
      Não publicado
    </Badge>
  );
}

function StatusConfiguracao({ i }: { i: IntegracaoVeiculo }) {
  if (!i.configurada)
    return (
      <Badge color="gray" variant="light">
        Não configurada
      </Badge>
    );
  return i.status_configuracao ? (
    <Badge color="green" variant="light">
      Ativa
    </Badge>
  ) : (
    <Badge color="yellow" variant="light">
      Inativa
    </Badge>
  );
}

/**
 * Integrations table of the vehicle view: Integração, Status configuração, Status publicação, Ações. Incluir leads
 * to the channel's publishing screen; Excluir asks the channel to remove the advert after a confirmation.
 */
export function TabelaIntegracoesVeiculo({
  idRevenda,
  idVeiculo,
  integracoes,
  situacao,
}: {
  idRevenda: string;
  idVeiculo: string;
  integracoes: readonly IntegracaoVeiculo[];
  situacao?: SituacaoVeiculo;
}) {
  const queryClient = useQueryClient();
  const compacta = useMediaQuery('(max-width: 36em)') ?? false;
  const [excluindo, setExcluindo] = useState<IntegracaoVeiculo | null>(null);
  const excluir = useExcluirAnuncio();
  const modo = useSincronizacao(idRevenda).data;
  const atualizar = usePedirAtualizacao(idRevenda, idVeiculo);
  const publicarDeNovo = usePublicarDeNovo(idRevenda, idVeiculo);
  const [maisCanais, setMaisCanais] = useState(false);
  const idOutras = useId();
  const principais = integracoes.filter(emUso);
  const outras = integracoes.filter((i) => !emUso(i));
  const algumDesatualizado = integracoes.some((i) => i.publicado && i.desatualizado && !i.operacao && i.canal !== 'instagram');
  const confirmarExclusao = (i: IntegracaoVeiculo) =>
    excluir.mutate(
      { canal: i.canal, idVeiculo, idAnuncio: i.id_anuncio },
      {
        onSettled: () => {
          setExcluindo(null);
          return queryClient.invalidateQueries({ queryKey: chavesVeiculos.detalhe(idRevenda, idVeiculo) });
        },
      },
    );

  const botoes = (i: IntegracaoVeiculo) => {
    const nome = ROTULO_CANAL[i.canal];
    const acoes = acoesIntegracao(i, situacao);
    return (
      <Group gap="xs" wrap={compacta ? 'wrap' : 'nowrap'}>
        {acoes.includes('incluir') && (
          <Button
            component={Link}
            to={rotas.revenda.publicacao.incluir(idRevenda, idVeiculo, i.canal)}
            size="compact-sm"
            variant="light"
            aria-label={`Incluir anúncio no ${nome}`}
          >
            Incluir
          </Button>
        )}
        {acoes.includes('alterar') && (
          <Button
            component={Link}
            to={rotas.revenda.publicacao.alterar(idRevenda, idVeiculo, i.canal, i.id_anuncio ?? '')}
            size="compact-sm"
            variant="light"
            aria-label={`Alterar anúncio no ${nome}`}
          >
            Alterar
          </Button>
        )}
        {acoes.includes('excluir') && (
          <Button size="compact-sm" variant="light" color="red" aria-label={`Excluir anúncio no ${nome}`} onClick={() => setExcluindo(i)}>
            Excluir
          </Button>
        )}
        {/* Instagram cannot edit a post: its stored post is published again (issue 24 item 1). */}
        {i.canal === 'instagram' && i.publicado && i.desatualizado && !i.operacao && !situacao?.vendido && (
          <Button
            size="compact-sm"
            variant="light"
            color="orange"
            aria-label={`Publicar de novo no ${nome}`}
            loading={publicarDeNovo.isPending}
            onClick={() => publicarDeNovo.mutate(i.canal)}
          >
            Publicar de novo
          </Button>
        )}
        {podeTentarDeNovo(i) && !situacao?.vendido && (
          <Button
            size="compact-sm"
            variant="light"
            color="orange"
            aria-label={`Tentar de novo a atualização do anúncio no ${nome}`}
            loading={atualizar.isPending && atualizar.variables === i.canal}
            onClick={() => atualizar.mutate(i.canal)}
          >
            Tentar de novo
          </Button>
        )}
      </Group>
    );
  };

  /* On a phone the four columns become two (channel and its configuration; publication and actions), so the
            actions are not cut off at 390 px (issue 23 item 17). */
  const tabela = (lista: readonly IntegracaoVeiculo[], rotulo: string) => (
    <Table.ScrollContainer minWidth={compacta ? 0 : 560}>
      <Table striped withTableBorder aria-label={rotulo} layout={compacta ? 'fixed' : undefined}>
        <Table.Thead>
          {compacta ? (
            <Table.Tr>
              <Table.Th w="50%">Integração</Table.Th>
              <Table.Th>Publicação</Table.Th>
            </Table.Tr>
          ) : (
            <Table.Tr>
              <Table.Th>Integração</Table.Th>
              <Table.Th>Status configuração</Table.Th>
              <Table.Th>Status publicação</Table.Th>
              <Table.Th>Ações</Table.Th>
            </Table.Tr>
          )}
        </Table.Thead>
        <Table.Tbody>
          {lista.map((i) =>
            compacta ? (
              <Table.Tr key={i.canal}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Stack gap={4} align="flex-start">
                    {ROTULO_CANAL[i.canal]}
                    <StatusConfiguracao i={i} />
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={6} align="flex-start">
                    <StatusPublicacao i={i} />
                    {botoes(i)}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ) : (
              <Table.Tr key={i.canal}>
                <Table.Td>{ROTULO_CANAL[i.canal]}</Table.Td>
                <Table.Td>
                  <StatusConfiguracao i={i} />
                </Table.Td>
                <Table.Td>
                  <StatusPublicacao i={i} />
                </Table.Td>
                <Table.Td>{botoes(i)}</Table.Td>
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  return (
    <>
      {/* "Perguntar" (the reseller's setting): the adverts are updated when the reseller asks (issue 24 item 1). */}
      {modo === 'perguntar' && algumDesatualizado && !situacao?.vendido && (
        <Group>
          <Button
            variant="light"
            color="orange"
            loading={atualizar.isPending && !atualizar.variables}
            onClick={() => atualizar.mutate(undefined)}
          >
            Atualizar em todos os canais
          </Button>
        </Group>
      )}
      {tabela(principais, 'Integrações')}
      {/* The channels the reseller has not configured (nor any advert on): folded, so the ones that matter lead. */}
      {outras.length > 0 && (
        <>
          <Group>
            <Button
              variant="subtle"
              aria-expanded={maisCanais}
              aria-controls={idOutras}
              leftSection={<IconChevronDown size={16} aria-hidden style={{ transform: maisCanais ? 'rotate(180deg)' : undefined }} />}
              onClick={() => setMaisCanais((a) => !a)}
            >
              Configurar mais canais ({outras.length})
            </Button>
          </Group>
          <div id={idOutras}>{maisCanais && tabela(outras, 'Integrações não configuradas')}</div>
        </>
      )}
      {excluir.erro && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} withCloseButton onClose={excluir.limparErro}>
          {excluir.erro}
        </Alert>
      )}
      <Modal opened={excluindo !== null} onClose={() => !excluir.isPending && setExcluindo(null)} title="Confirmação" centered>
        {excluindo && (
          <Stack>
            <Text>{M.confirmarExclusao(ROTULO_CANAL[excluindo.canal])}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setExcluindo(null)} disabled={excluir.isPending}>
                Cancelar
              </Button>
              <Button color="red" onClick={() => confirmarExclusao(excluindo)} loading={excluir.isPending}>
                Excluir
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
