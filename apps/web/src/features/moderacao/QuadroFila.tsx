import { type FilaModeracao, MENSAGENS_MODERACAO } from '@intermedio/contracts';
import { Alert, Button, Checkbox, Group, Paper, Stack, Title } from '@mantine/core';
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

type Entrada = { id: string; revenda: string };

/** What the columns of a queue get from the frame: the row's checkbox and its single validation. */
export type Ferramentas<T> = {
  marcador: (l: T) => ReactNode;
  validarUm: (l: T) => void;
  validando: boolean;
  compacta: boolean;
};

type Props<T> = {
  fila: FilaModeracao;
  titulo: string;
  painel: string;
  /** Singular and plural of the counted unit ("veículo", "veículos"). */
  unidade: [string, string];
  botao: string;
  consulta: { data: T[] | undefined; error: Error | null; isPending: boolean; refetch: () => unknown };
  /** The rows shown (the queue after the screen's filters). */
  linhas: readonly T[] | undefined;
  filtros: ReactNode;
  colunas: (f: Ferramentas<T>) => ColunaTabela<T>[];
  /** Another action's error (a channel block's Excluir), shown in the same red alert area under the filters. */
  erroAcao?: { texto: string; fechar: () => void } | null;
  alturaLinha: (compacta: boolean) => number;
  vazio: string;
};

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
  const linhas = p.linhas ?? [];
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
  const contagem = `${formatarNumero(n)} ${n === 1 ? p.unidade[0] : p.unidade[1]}${n !== total ? ` (de ${formatarNumero(total)})` : ''}`;

  return (
    <Stack>
      <Title order={1}>{p.titulo}</Title>
      <Paper withBorder p={{ base: 'xs', xs: 'md' }}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="xs">
            <Title order={2} size="h4">
              {p.painel}
              {p.consulta.data ? ` - ${contagem}` : ''}
            </Title>
            <Button
              leftSection={<IconChecks size={16} aria-hidden />}
              disabled={visiveis.length === 0 || validar.isPending}
              onClick={() => setConfirmar(true)}
            >
              {p.botao}
              {visiveis.length > 0 ? ` (${formatarNumero(visiveis.length)})` : ''}
            </Button>
          </Group>
          {p.filtros}
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
          {p.consulta.data && (
            <DataTable
              colunas={p.colunas(ferramentas)}
              linhas={linhas}
              chaveLinha={(l) => l.id}
              legenda={p.painel}
              alturaLinha={p.alturaLinha(compacta)}
              // Rows of ~100 px with a dozen blocks each: 3 rows beyond the view are enough for a smooth scroll.
              overscan={3}
              vazio={total === 0 ? p.vazio : 'Nenhuma entrada com estes filtros.'}
            />
          )}
        </Stack>
      </Paper>
      <ModalConfirmacao
        aberto={confirmar}
        titulo="Confirmação"
        pergunta={MENSAGENS_MODERACAO.confirmarLote[p.fila]}
        confirmar="Validar"
        cor="blue"
        ocupado={validar.isPending}
        aoConfirmar={() => executar(visiveis, true)}
        aoFechar={() => setConfirmar(false)}
      />
    </Stack>
  );
}
