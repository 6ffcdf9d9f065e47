import {
  ALVOS_SOCIAIS,
  type AlvoSocial,
  CAMPO_TEXTO,
  MENSAGENS_PUBLICACAO,
  REDE_DO_ALVO,
  ROTULO_ALVO,
  type TipoPublicacao,
  VALIDACAO_DO_ALVO,
} from '@intermedio/contracts';
import { Box, Button, Group, Image, Loader, Modal, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheckFilled, IconDownload, IconPlayerPlay, IconPlus, IconPointFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useIntegracoes } from '@/features/integracoes/api';
import { useRevenda } from '@/features/revendas/api';
import { formatarNumero } from '@/lib/formato';
import { AlertaErro, mensagemDoErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { type ColunaTabela, DataTable } from '@/ui/DataTable';
import { DataHora } from '@/ui/Formatados';
import { type ItemSocial, useItensSociais, usePublicar } from './api';
import { baixarArquivo } from './baixar';

/** Green check when true, grey dot otherwise (spec 2 §2), with a text for screen readers. */
function Indicador({ ativo, rotulo }: { ativo: boolean; rotulo: string }) {
  const texto = `${rotulo}: ${ativo ? 'sim' : 'não'}`;
  return (
    <Tooltip label={texto}>
      <Box component="span" role="img" aria-label={texto} style={{ display: 'inline-flex' }}>
        {ativo ? (
          <IconCircleCheckFilled size={20} color="var(--mantine-color-green-7)" />
        ) : (
          <IconPointFilled size={20} color="var(--mantine-color-gray-5)" />
        )}
      </Box>
    </Tooltip>
  );
}

export type DefinicaoLista = {
  tipo: TipoPublicacao;
  titulo: string;
  painel: string;
  novo: string;
  rotaIncluir: (idRevenda: string) => string;
};

/**
 * The banner and sold lists (spec 2 §2, spec 3 §2.6): thumbnail, text, date, Baixar and one block per target with
 * the Publicar indicator (requested), the Status indicator (published) and the Publicar action, shown only when the
 * reseller's integration for that network is active and the item is not yet published there. Live, newest first.
 * A modal "Aguarde..." covers publishing and downloading.
 */
export function ListaPublicacoes({ d }: { d: DefinicaoLista }) {
  const { idRevenda = '' } = useParams();
  const itens = useItensSociais(d.tipo, idRevenda);
  const revenda = useRevenda(idRevenda);
  const integracoes = useIntegracoes(idRevenda);
  const publicar = usePublicar(d.tipo, idRevenda);
  const [baixando, setBaixando] = useState(false);
  const ativa = (rede: 'facebook' | 'instagram') => integracoes.data?.some((i) => i.canal === rede && i.status === true) ?? false;

  const aoPublicar = (item: ItemSocial, alvo: AlvoSocial) =>
    publicar.mutate(
      { item, alvo },
      {
        onSuccess: (r) => notifications.show({ color: 'green', message: r.mensagem }),
        onError: (e) =>
          notifications.show({
            color: 'red',
            message: mensagemDoErro(e).startsWith('Erro ao publicar')
              ? mensagemDoErro(e)
              : `${MENSAGENS_PUBLICACAO.erro(d.tipo, alvo)} ${mensagemDoErro(e)}`,
          }),
      },
    );

  const aoBaixar = async (item: ItemSocial) => {
    const m = item.imagem[0];
    if (!m) return;
    setBaixando(true);
    try {
      await baixarArquivo(m.fileOriginal || m.fileUrl, m.fileName || `${d.tipo}-${item.id}`);
    } catch (e) {
      notifications.show({ color: 'red', message: mensagemDoErro(e) });
    } finally {
      setBaixando(false);
    }
  };

  const colunas: ColunaTabela<ItemSocial>[] = [
    {
      id: 'imagem',
      cabecalho: 'Imagem',
      largura: 120,
      celula: (i) => {
        const m = i.imagem[0];
        if (!m) return null;
        return (
          <Box pos="relative" w={100} h={80}>
            <Image
              src={m.fileThumb || m.fileUrl}
              alt={`Miniatura: ${String((i as Record<string, unknown>)[CAMPO_TEXTO[d.tipo]])}`}
              maw={100}
              mah={80}
              fit="contain"
            />
            {m.video && (
              <Box pos="absolute" top={4} left={4} c="white" bg="dark" style={{ borderRadius: 4, display: 'flex' }} aria-hidden>
                <IconPlayerPlay size={16} />
              </Box>
            )}
          </Box>
        );
      },
    },
    {
      id: 'texto',
      cabecalho: 'Texto',
      largura: 260,
      celula: (i) => {
        const texto = String((i as Record<string, unknown>)[CAMPO_TEXTO[d.tipo]] ?? '');
        return (
          <Text size="sm" lineClamp={3} title={texto}>
            {texto}
          </Text>
        );
      },
    },
    { id: 'data', cabecalho: 'Data', largura: 140, celula: (i) => <DataHora valor={i.created_at} /> },
    {
      id: 'acoes',
      cabecalho: 'Ações',
      largura: 110,
      celula: (i) => (
        <Button size="compact-sm" variant="light" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => void aoBaixar(i)}>
          Baixar
        </Button>
      ),
    },
    ...ALVOS_SOCIAIS.map(
      (alvo): ColunaTabela<ItemSocial> => ({
        id: alvo,
        cabecalho: ROTULO_ALVO[alvo],
        largura: 200,
        celula: (i) => {
          const publicado = i[VALIDACAO_DO_ALVO[alvo]];
          return (
            <Group gap={6} wrap="nowrap">
              <Indicador ativo={i[alvo]} rotulo={`Publicar em ${ROTULO_ALVO[alvo]}`} />
              <Indicador ativo={publicado} rotulo={`Status em ${ROTULO_ALVO[alvo]}`} />
              {ativa(REDE_DO_ALVO[alvo]) && !publicado && (
                <Button
                  size="compact-xs"
                  onClick={() => aoPublicar(i, alvo)}
                  disabled={publicar.isPending}
                  aria-label={`Publicar em ${ROTULO_ALVO[alvo]}`}
                >
                  Publicar
                </Button>
              )}
            </Group>
          );
        },
      }),
    ),
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1}>{d.titulo}</Title>
          {revenda.data && (
            <Text c="gray.7" size="sm">
              Revenda: {revenda.data.penome_fantasia}
            </Text>
          )}
        </div>
        <Button component={Link} to={d.rotaIncluir(idRevenda)} leftSection={<IconPlus size={16} aria-hidden />}>
          {d.novo}
        </Button>
      </Group>
      <Paper withBorder p="md">
        <Stack>
          <Title order={2} size="h4">
            {d.painel}
            {itens.data ? ` (${formatarNumero(itens.data.length)})` : ''}
          </Title>
          {itens.error && !itens.data && <AlertaErro erro={itens.error} tentarNovamente={() => void itens.refetch()} />}
          {itens.isPending && <Carregando />}
          {itens.data && <DataTable colunas={colunas} linhas={itens.data} chaveLinha={(i) => i.id} legenda={d.painel} alturaLinha={96} />}
        </Stack>
      </Paper>
      <Modal
        opened={publicar.isPending || baixando}
        onClose={() => {}}
        withCloseButton={false}
        closeOnEscape={false}
        closeOnClickOutside={false}
        centered
        title="Aguarde..."
      >
        <Group>
          <Loader size="sm" />
          <Text>{baixando ? 'Baixando o arquivo…' : 'Publicando…'}</Text>
        </Group>
      </Modal>
    </Stack>
  );
}
