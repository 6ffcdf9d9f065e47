import { type FilaModeracao, MENSAGENS_MODERACAO } from '@intermedio/contracts';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChecks } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { formatarNumero } from '@/lib/formato';
import { AlertaErro, mensagemDoErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { type ColunaTabela, DataTable } from '@/ui/DataTable';
import { ModalConfirmacao } from '@/ui/ModalConfirmacao';
import { useValidar } from './api';
import { type OpcoesFiltros, useFiltrosFila } from './filtros';
import { LogoRevenda } from './LogoRevenda';

type Entrada = { id: string; idRevenda: string; revenda: string; logo_revenda: string | null };

/** A queue's texts (spec 2 §2): heading, panel, bulk button, the counted unit (singular, plural), empty queue. */
export type TextosFila = { titulo: string; painel: string; botao: string; unidade: [string, string]; vazio: string };

/** What the columns of a queue get from the frame: the row's checkbox and its single validation. */
export type Ferramentas<T> = {
  marcador: (l: T) => ReactNode;
  validarUm: (l: T) => void;
  validando: boolean;
  compacta: boolean;
};

/** The compact layout (phones): the entry's cell (checkbox, reseller, then `entrada`) and its labelled lines' cell. */
export function colunasCompactas<T extends Entrada>(
  f: Ferramentas<T>,
  c: { ids: [string, string]; cabecalhos: [string, string]; entrada: (l: T) => ReactNode; linhas: (l: T) => ReactNode },
): ColunaTabela<T>[] {
  return [
    {
      id: c.ids[0],
      cabecalho: c.cabecalhos[0],
      largura: 150,
      celula: (l) => (
        <EntradaCompacta f={f} l={l}>
          {c.entrada(l)}
        </EntradaCompacta>
      ),
    },
    { id: c.ids[1], cabecalho: c.cabecalhos[1], celula: c.linhas },
  ];
}

/**
 * The compact layout's other cell: one labelled line per channel (or social target), each label `largura` px wide with
 * its full name as a tooltip; `depois` goes under the lines.
 */
export function LinhasRotuladas<K extends string>(p: {
  chaves: readonly K[];
  rotulo: (k: K) => string;
  nome: (k: K) => string;
  largura: number;
  gap: number;
  conteudo: (k: K) => ReactNode;
  depois?: ReactNode;
}) {
  return (
    <Stack gap={p.gap}>
      {p.chaves.map((k) => (
        <Group key={k} gap={4} wrap="nowrap">
          <Text size="xs" w={p.largura} truncate="end" title={p.nome(k)}>
            {p.rotulo(k)}
          </Text>
          {p.conteudo(k)}
        </Group>
      ))}
      {p.depois}
    </Stack>
  );
}

type Props<T> = {
  fila: FilaModeracao;
  textos: TextosFila;
  consulta: { data: T[] | undefined; error: Error | null; isPending: boolean; refetch: () => unknown };
  /** The screen's filters (search text, channel states): a module constant, or memoised. */
  filtro: Omit<OpcoesFiltros<T>, 'painel'>;
  colunas: (f: Ferramentas<T>) => ColunaTabela<T>[];
  /** Another action's error (a channel block's Excluir), shown in the same red alert area under the filters. */
  erroAcao?: { texto: string; fechar: () => void } | null;
  alturaLinha: (compacta: boolean) => number;
  /** What the blocks' signs mean, shown above the table. */
  legenda?: ReactNode;
};

/** The first columns of every queue's wide table: the checkbox and the reseller (logo or name; sorted by name). */
export function colunasDaEntrada<T extends Entrada>(f: Ferramentas<T>): ColunaTabela<T>[] {
  return [
    { id: 'marcar', cabecalho: 'Validação', largura: 92, alinhar: 'center', celula: (l) => f.marcador(l) },
    {
      id: 'revenda',
      cabecalho: 'Revenda',
      largura: 150,
      ordenar: (l) => l.revenda,
      // Narrower than the spec's 180 px maximum, so that a queue's essential columns fit 1366 px (issue 23 item 17).
      celula: (l) => <LogoRevenda l={l} largura={130} altura={64} />,
    },
  ];
}

/** The compact layout's entry cell: the checkbox and the reseller on top, then what the queue shows of the entry. */
export function EntradaCompacta<T extends Entrada>({ f, l, children }: { f: Ferramentas<T>; l: T; children: ReactNode }) {
  return (
    <Stack gap={4} style={{ whiteSpace: 'normal' }}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        {f.marcador(l)}
        <LogoRevenda l={l} largura={100} altura={40} />
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The frame of every moderation dashboard (spec 2 §2, §4, §8): heading, panel "Lista de … - N …", filters, the
 * virtualised table with a checkbox per row, the bulk button with the spec's confirmation, and the red alert area
 * for validation errors. Validated rows leave the list at once (and the home counters move, live).
 */
export function QuadroFila<T extends Entrada>(p: Props<T>) {
  const compacta = useMediaQuery('(max-width: 36em)') ?? false;
  const [marcadas, setMarcadas] = useState<ReadonlySet<string>>(new Set());
  const [confirmar, setConfirmar] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const validar = useValidar(p.fila);
  const { titulo, painel, botao, unidade, vazio } = p.textos;
  const filtrados = useFiltrosFila(p.consulta.data, { ...p.filtro, painel });
  const linhas = filtrados.linhas ?? [];
  // Only checked rows still shown count (a row may leave the queue, live, or be hidden by a filter).
  const visiveis = useMemo(() => linhas.filter((l) => marcadas.has(l.id)).map((l) => l.id), [linhas, marcadas]);
  const todas = linhas.length > 0 && visiveis.length === linhas.length;

  const alternar = (id: string) =>
    setMarcadas((atual) => {
      const nova = new Set(atual);
      if (!nova.delete(id)) nova.add(id);
      return nova;
    });

  const executar = (ids: readonly string[], lote: boolean) => {
    setErro(null);
    validar.mutate(ids, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: !lote ? MENSAGENS_MODERACAO.validadoUm[p.fila] : MENSAGENS_MODERACAO.validadosLote[p.fila],
        });
        setMarcadas((atual) => new Set([...atual].filter((id) => !ids.includes(id))));
      },
      onError: (e) => {
        const titulo = !lote ? MENSAGENS_MODERACAO.erroUm[p.fila] : MENSAGENS_MODERACAO.erroLote[p.fila];
        setErro(`${titulo} ${mensagemDoErro(e)}`);
        notifications.show({ color: 'red', message: titulo });
      },
      onSettled: () => setConfirmar(false),
    });
  };

  const marcador = (l: T) => (
    <Checkbox checked={marcadas.has(l.id)} onChange={() => alternar(l.id)} aria-label={`Marcar para validação: ${l.revenda}`} size="sm" />
  );
  const ferramentas: Ferramentas<T> = { marcador, validarUm: (l) => executar([l.id], false), validando: validar.isPending, compacta };
  const total = p.consulta.data?.length ?? 0;
  const n = linhas.length;
  const contagem = `${formatarNumero(n)} ${n === 1 ? unidade[0] : unidade[1]}${n !== total ? ` (de ${formatarNumero(total)})` : ''}`;

  return (
    <Stack>
      <Title order={1}>{titulo}</Title>
      <Paper withBorder p={{ base: 'xs', xs: 'md' }}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="xs">
            <Title order={2} size="h4">
              {painel}
              {p.consulta.data ? ` - ${contagem}` : ''}
            </Title>
            <Button
              leftSection={<IconChecks size={16} aria-hidden />}
              disabled={visiveis.length === 0 || validar.isPending}
              onClick={() => setConfirmar(true)}
            >
              {botao}
              {visiveis.length > 0 ? ` (${formatarNumero(visiveis.length)})` : ''}
            </Button>
          </Group>
          {filtrados.filtros}
          <Group gap="xs">
            <Checkbox
              label="Marcar todas as exibidas"
              checked={todas}
              indeterminate={visiveis.length > 0 && !todas}
              disabled={n === 0}
              onChange={() => setMarcadas(todas ? new Set() : new Set(linhas.map((l) => l.id)))}
              size="sm"
            />
          </Group>
          {erro && (
            <Alert color="red" title="Erro na validação" withCloseButton closeButtonLabel="Fechar" onClose={() => setErro(null)}>
              {erro}
            </Alert>
          )}
          {p.erroAcao && (
            <Alert color="red" title="Erro" withCloseButton closeButtonLabel="Fechar" onClose={p.erroAcao.fechar}>
              {p.erroAcao.texto}
            </Alert>
          )}
          {p.consulta.error && !p.consulta.data && <AlertaErro erro={p.consulta.error} tentarNovamente={() => void p.consulta.refetch()} />}
          {p.consulta.isPending && <Carregando />}
          {p.consulta.data && p.legenda}
          {p.consulta.data && (
            <DataTable
              colunas={p.colunas(ferramentas)}
              linhas={linhas}
              chaveLinha={(l) => l.id}
              legenda={painel}
              alturaLinha={p.alturaLinha(compacta)}
              // Rows of ~100 px with a dozen blocks each: 3 rows beyond the view are enough for a smooth scroll.
              overscan={3}
              vazio={total === 0 ? vazio : 'Nenhuma entrada com estes filtros.'}
            />
          )}
        </Stack>
      </Paper>
      <ModalConfirmacao
        aberto={confirmar}
        titulo="Confirmação"
        pergunta={MENSAGENS_MODERACAO.confirmarLote[p.fila]}
        confirmar="Validar"
        cor="intermedio"
        ocupado={validar.isPending}
        aoConfirmar={() => executar(visiveis, true)}
        aoFechar={() => setConfirmar(false)}
      />
    </Stack>
  );
}
