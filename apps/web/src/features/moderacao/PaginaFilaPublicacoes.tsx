import {
  ALVOS_SOCIAIS,
  type AlvoSocial,
  type FilaPublicacaoModeracao,
  type ModeracaoPublicacaoLinha,
  ROTULO_ALVO,
  VALIDACAO_DO_ALVO,
} from '@intermedio/contracts';
import { Box, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMemo } from 'react';
import { baixarArquivo } from '@/features/banners/baixar';
import { mensagemDoErro } from '@/ui/AlertaErro';
import type { ColunaTabela } from '@/ui/DataTable';
import { DataHora } from '@/ui/Formatados';
import { Miniatura } from '@/ui/Miniatura';
import { useFilaPublicacoes } from './api';
import { colunasCompactas, colunasDaEntrada, type Ferramentas, LinhasRotuladas, QuadroFila, type TextosFila } from './QuadroFila';
import { IconeStatus, VERDE_VALIDAR } from './StatusCanal';

type Definicao = TextosFila & { fila: FilaPublicacaoModeracao };
const DEFINICOES: Record<FilaPublicacaoModeracao, Definicao> = {
  banners: {
    fila: 'banners',
    titulo: 'Banners',
    painel: 'Lista de banners',
    botao: 'Validar banners',
    unidade: ['banner', 'banners'],
    vazio: 'Nenhum banner aguardando validação.',
  },
  vendidos: {
    fila: 'vendidos',
    titulo: 'Vendidos',
    painel: 'Lista de vendidos',
    botao: 'Validar vendidos',
    unidade: ['veículo', 'veículos'],
    vazio: 'Nenhum vendido aguardando validação.',
  },
};

const ROTULO_CURTO: Record<AlvoSocial, string> = { ig_stories: 'IG Stories', ig_feed: 'IG Feed', fb_feed: 'FB Feed' };
const OPCOES_ALVOS = ALVOS_SOCIAIS.map((a) => ({ value: a, label: ROTULO_ALVO[a] }));
const ESTADOS = [
  { value: 'publicado', label: 'Publicado' },
  { value: 'pendente', label: 'Pedido, não publicado' },
  { value: 'nao-pedido', label: 'Não pedido' },
];
const textoDaEntrada = (l: ModeracaoPublicacaoLinha) => `${l.revenda} ${l.texto}`;

function noEstado(l: ModeracaoPublicacaoLinha, valor: string, estado: string) {
  const alvo = valor as AlvoSocial;
  const publicado = l[VALIDACAO_DO_ALVO[alvo]];
  if (estado === 'publicado') return publicado;
  if (estado === 'pendente') return l[alvo] && !publicado;
  return !l[alvo];
}

const FILTRO = { texto: textoDaEntrada, canais: OPCOES_ALVOS, estados: ESTADOS, noEstado };

/** One social block (spec 2 §2): Publicar (requested) and Status (published); grey dot when not. */
function Alvo({ l, alvo }: { l: ModeracaoPublicacaoLinha; alvo: AlvoSocial }) {
  return (
    <Group gap={4} wrap="nowrap">
      <IconeStatus status={l[alvo] ? true : undefined} rotulo={`Publicar em ${ROTULO_ALVO[alvo]}`} />
      <IconeStatus status={l[VALIDACAO_DO_ALVO[alvo]] ? true : undefined} rotulo={`Status em ${ROTULO_ALVO[alvo]}`} />
    </Group>
  );
}

function colunas(d: Definicao, baixar: (l: ModeracaoPublicacaoLinha) => void) {
  return (f: Ferramentas<ModeracaoPublicacaoLinha>): ColunaTabela<ModeracaoPublicacaoLinha>[] => {
    const imagem = (l: ModeracaoPublicacaoLinha, largura: number, altura: number) => (
      <Box pos="relative" style={{ display: 'inline-block' }}>
        <Miniatura src={l.imagem?.fileThumb || l.imagem?.fileUrl} alt={`Imagem: ${l.texto}`} largura={largura} altura={altura} />
        {l.imagem?.video && (
          <Box pos="absolute" top={4} left={4} c="white" bg="dark" style={{ borderRadius: 4, display: 'flex' }} aria-hidden>
            <IconPlayerPlay size={14} />
          </Box>
        )}
      </Box>
    );
    const acoes = (l: ModeracaoPublicacaoLinha) => (
      <Group gap={4} wrap="wrap" style={{ whiteSpace: 'normal' }}>
        <Button
          size="compact-xs"
          color={VERDE_VALIDAR}
          onClick={() => f.validarUm(l)}
          disabled={f.validando}
          aria-label={`Validar: ${l.texto}`}
        >
          Validar
        </Button>
        <Button size="compact-xs" variant="light" onClick={() => baixar(l)} disabled={!l.imagem} aria-label={`Baixar: ${l.texto}`}>
          Baixar
        </Button>
      </Group>
    );
    const texto = (l: ModeracaoPublicacaoLinha, linhas: number) => (
      <Text size="xs" lineClamp={linhas} title={l.texto} style={{ whiteSpace: 'normal' }}>
        {l.texto}
      </Text>
    );
    if (f.compacta) {
      return colunasCompactas(f, {
        ids: ['item', 'redes'],
        cabecalhos: [d.titulo, 'Redes'],
        entrada: (l) => (
          <>
            {imagem(l, 64, 48)}
            {texto(l, 2)}
            <Text size="xs" c="gray.7">
              <DataHora valor={l.created_at} />
            </Text>
          </>
        ),
        linhas: (l) => (
          <LinhasRotuladas
            chaves={ALVOS_SOCIAIS}
            rotulo={(a) => ROTULO_CURTO[a]}
            nome={(a) => ROTULO_ALVO[a]}
            largura={62}
            gap={4}
            conteudo={(a) => <Alvo l={l} alvo={a} />}
            depois={acoes(l)}
          />
        ),
      });
    }
    // Wide layout (issue 23 item 17): 1,034 px at least, inside 1366 px; the text takes what is left; Ações is last
    // and sticks to the right edge; the blocks' names wrap in their narrow headers.
    return [
      ...colunasDaEntrada(f),
      { id: 'imagem', cabecalho: 'Imagem', largura: 104, celula: (l) => imagem(l, 80, 64) },
      { id: 'texto', cabecalho: 'Texto', ordenar: (l) => l.texto, celula: (l) => texto(l, 4) },
      { id: 'data', cabecalho: 'Data', largura: 136, ordenar: (l) => l.created_at, celula: (l) => <DataHora valor={l.created_at} /> },
      ...ALVOS_SOCIAIS.map(
        (a): ColunaTabela<ModeracaoPublicacaoLinha> => ({
          id: a,
          cabecalho: <span style={{ display: 'block', whiteSpace: 'normal' }}>{ROTULO_ALVO[a]}</span>,
          rotulo: ROTULO_ALVO[a],
          largura: 100,
          celula: (l) => <Alvo l={l} alvo={a} />,
        }),
      ),
      { id: 'acoes', cabecalho: 'Ações', largura: 140, fixa: true, celula: acoes },
    ];
  };
}

/** /dashboard/banners and /dashboard/vendidos (spec 2 §2): checkbox, reseller, image, text, date, actions, three blocks. */
function PaginaFilaPublicacoes({ fila }: { fila: FilaPublicacaoModeracao }) {
  const d = DEFINICOES[fila];
  const consulta = useFilaPublicacoes(fila);
  const cols = useMemo(
    () =>
      colunas(d, (l) => {
        const m = l.imagem;
        if (!m) return;
        baixarArquivo(m.fileOriginal || m.fileUrl, m.fileName || `${fila}-${l.idItem}`).catch((e: unknown) =>
          notifications.show({ color: 'red', message: mensagemDoErro(e) }),
        );
      }),
    [d, fila],
  );
  return (
    <QuadroFila
      fila={fila}
      textos={d}
      consulta={consulta}
      filtro={FILTRO}
      alturaLinha={(compacta) => (compacta ? 190 : 96)}
      colunas={cols}
    />
  );
}

export const PaginaBannersModeracao = () => <PaginaFilaPublicacoes fila="banners" />;
export const PaginaVendidosModeracao = () => <PaginaFilaPublicacoes fila="vendidos" />;
