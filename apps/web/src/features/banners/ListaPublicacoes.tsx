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
import { ActionIcon, Anchor, Box, Button, Group, Image, Loader, Modal, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCircleCheckFilled, IconDownload, IconPlayerPlay, IconPlus, IconPointFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useIntegracoes } from '@/features/integracoes/api';
import { useRevenda } from '@/features/revendas/api';
import { formatarNumero } from '@/lib/formato';
import { rotas } from '@/lib/rotas';
import { AlertaErro, mensagemDoErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { type ColunaTabela, DataTable } from '@/ui/DataTable';
import { EstadoVazio } from '@/ui/EstadoVazio';
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

const NOME_REDE = { facebook: 'Facebook', instagram: 'Instagram' } as const;

/** What the two icons of each network block mean (issue 23 item 20). */
function Legenda() {
  const icone = (ativo: boolean) => (
    <span aria-hidden style={{ display: 'inline-flex', verticalAlign: 'middle' }}>
      {ativo ? (
        <IconCircleCheckFilled size={16} color="var(--mantine-color-green-7)" />
      ) : (
        <IconPointFilled size={16} color="var(--mantine-color-gray-5)" />
      )}
    </span>
  );
  return (
    <Text size="xs" role="note" aria-label="Legenda das redes">
      Em cada rede, o 1º ícone diz se a publicação foi pedida e o 2º se foi publicada: {icone(true)} sim, {icone(false)} não.
    </Text>
  );
}

/** Short target names for the compact layout (the full name is in each control's accessible name). */
const ROTULO_CURTO: Record<AlvoSocial, string> = { ig_stories: 'IG Stories', ig_feed: 'IG Feed', fb_feed: 'FB Feed' };

export type DefinicaoLista = {
  tipo: TipoPublicacao;
  titulo: string;
  painel: string;
  novo: string;
  /** What the list is for, said when it is empty. */
  paraQue: string;
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
  const compacta = useMediaQuery('(max-width: 36em)') ?? false;
  const ativa = (rede: 'facebook' | 'instagram') => integracoes.data?.some((i) => i.canal === rede && i.status === true) ?? false;
  // Known only once the integrations have loaded (no "não configurado" flashing meanwhile).
  const semRede = (rede: 'facebook' | 'instagram') => !!integracoes.data && !ativa(rede);

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

  const texto = (i: ItemSocial) => String((i as Record<string, unknown>)[CAMPO_TEXTO[d.tipo]] ?? '');

  const miniatura = (i: ItemSocial, lado: number) => {
    const m = i.imagem[0];
    if (!m) return null;
    return (
      <Box pos="relative" w={lado} h={lado * 0.8} style={{ flexShrink: 0 }}>
        <Image src={m.fileThumb || m.fileUrl} alt={`Miniatura: ${texto(i)}`} maw={lado} mah={lado * 0.8} fit="contain" />
        {m.video && (
          <Box pos="absolute" top={4} left={4} c="white" bg="dark" style={{ borderRadius: 4, display: 'flex' }} aria-hidden>
            <IconPlayerPlay size={16} />
          </Box>
        )}
      </Box>
    );
  };

  /**
   * Requested and published indicators of one target, and its Publicar action when it applies; when the network is
   * not configured, why it is not published, with a link to configure it (issue 23 item 20).
   */
  const alvoDoItem = (i: ItemSocial, alvo: AlvoSocial) => {
    const publicado = i[VALIDACAO_DO_ALVO[alvo]];
    const rede = REDE_DO_ALVO[alvo];
    const configurada = integracoes.data?.some((x) => x.canal === rede && x.configurado);
    const nota = `Não publicado: ${NOME_REDE[rede]} ${configurada ? 'inativo' : 'não configurado'}`;
    const icones = (
      <Group gap={6} wrap="nowrap">
        <Indicador ativo={i[alvo]} rotulo={`Publicar em ${ROTULO_ALVO[alvo]}`} />
        <Indicador ativo={publicado} rotulo={`Status em ${ROTULO_ALVO[alvo]}`} />
        {ativa(rede) && !publicado && (
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
    if (publicado || !semRede(rede)) return icones;
    // Compact: the note is only in the link's name and tooltip (no room beside the icons).
    const link = (texto: string) => (
      <Anchor
        component={Link}
        to={rotas.revenda.integracao(idRevenda)}
        size="xs"
        title={`${nota}: configurar em Integrações`}
        aria-label={compacta ? `${nota}: configurar` : undefined}
      >
        {texto}
      </Anchor>
    );
    return compacta ? (
      <Group gap={6} wrap="nowrap">
        {icones}
        {link('Configurar')}
      </Group>
    ) : (
      <Stack gap={2} style={{ whiteSpace: 'normal' }}>
        {icones}
        <Text size="xs">
          {nota}. {link('Configurar')}
        </Text>
      </Stack>
    );
  };

  const colunas: ColunaTabela<ItemSocial>[] = [
    { id: 'imagem', cabecalho: 'Imagem', largura: 108, celula: (i) => miniatura(i, 90) },
    {
      id: 'texto',
      cabecalho: 'Texto',
      largura: 190,
      ordenar: texto,
      celula: (i) => (
        <Text size="sm" lineClamp={3} title={texto(i)}>
          {texto(i)}
        </Text>
      ),
    },
    { id: 'data', cabecalho: 'Data', largura: 132, ordenar: (i) => i.created_at, celula: (i) => <DataHora valor={i.created_at} /> },
    {
      id: 'acoes',
      cabecalho: 'Ações',
      largura: 100,
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
        // Three blocks of 170 px: with the other columns, 1,040 px, inside the 1366 px screen (issue 23 item 17).
        largura: 170,
        celula: (i) => alvoDoItem(i, alvo),
      }),
    ),
  ];

  /** At phone widths the seven columns collapse into two (item; targets stacked), so nothing scrolls sideways. */
  const colunasCompactas: ColunaTabela<ItemSocial>[] = [
    {
      id: 'item',
      cabecalho: 'Publicação',
      largura: 130,
      celula: (i) => (
        <Stack gap={4} style={{ whiteSpace: 'normal' }}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            {miniatura(i, 56)}
            <ActionIcon variant="light" onClick={() => void aoBaixar(i)} aria-label={`Baixar: ${texto(i)}`}>
              <IconDownload size={16} aria-hidden />
            </ActionIcon>
          </Group>
          <Text size="xs" lineClamp={2} title={texto(i)}>
            {texto(i)}
          </Text>
          <Text size="xs" c="gray.7">
            <DataHora valor={i.created_at} />
          </Text>
        </Stack>
      ),
    },
    {
      id: 'redes',
      cabecalho: 'Redes',
      celula: (i) => (
        <Stack gap={4}>
          {ALVOS_SOCIAIS.map((alvo) => (
            <Group key={alvo} gap={4} wrap="nowrap">
              <Text size="xs" w={58} title={ROTULO_ALVO[alvo]}>
                {ROTULO_CURTO[alvo]}
              </Text>
              {alvoDoItem(i, alvo)}
            </Group>
          ))}
        </Stack>
      ),
    },
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
          {itens.data && <Legenda />}
          {itens.data && (
            <DataTable
              colunas={compacta ? colunasCompactas : colunas}
              linhas={itens.data}
              chaveLinha={(i) => i.id}
              legenda={d.painel}
              alturaLinha={compacta ? 132 : 96}
              buscar={texto}
              vazio={<EstadoVazio texto={d.paraQue} acao={{ rotulo: d.novo }} />}
            />
          )}
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
