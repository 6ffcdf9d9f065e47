import {
  ESTADOS_ITEM_LOTE,
  type EstadoItemLote,
  ITEM_LOTE_ABERTO,
  type ItemLote,
  ROTULO_ACAO_LOTE,
  ROTULO_CANAL,
  ROTULO_ESTADO_ITEM_LOTE,
  ROTULO_ESTADO_LOTE,
} from '@intermedio/contracts';
import { Anchor, Badge, Button, Chip, Drawer, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatarNumero } from '@/lib/formato';
import { rotas } from '@/lib/rotas';
import { AlertaErro, mensagemDoErro } from '@/ui/AlertaErro';
import { ListaVirtual } from '@/ui/ListaVirtual';
import { useCancelarLote, useLote } from './api';

type Props = { idRevenda: string; idLote: string; aoFechar: () => void };

const COR: Record<EstadoItemLote, string> = {
  aguardando: 'gray',
  enviando: 'blue',
  publicado: 'green',
  feito: 'green',
  falhou: 'red',
  revisao: 'orange',
  cancelado: 'gray',
};

/** One vehicle × channel: the vehicle, the channel, the state and the reason (a failure's, or the review link). */
function LinhaItem({ idRevenda, item }: { idRevenda: string; item: ItemLote }) {
  const canal = item.canal ? ROTULO_CANAL[item.canal] : null;
  return (
    <div style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', padding: '6px 0' }}>
      <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {item.veiculo}
          </Text>
          {canal && (
            <Text size="xs" c="gray.7">
              {canal}
            </Text>
          )}
        </div>
        <Badge color={COR[item.estado]} variant="light" size="sm" style={{ flexShrink: 0 }}>
          {ROTULO_ESTADO_ITEM_LOTE[item.estado]}
        </Badge>
      </Group>
      {item.estado === 'revisao' && item.canal ? (
        <Anchor component={Link} to={rotas.revenda.publicacao.incluir(idRevenda, item.veiculo_id, item.canal)} size="sm">
          {item.motivo}
        </Anchor>
      ) : (
        item.motivo && (
          <Text size="xs" c={item.estado === 'falhou' ? 'red.9' : 'gray.7'} style={{ overflowWrap: 'anywhere' }}>
            {item.motivo}
          </Text>
        )
      )}
    </div>
  );
}

type Filtro = EstadoItemLote | 'todos';

/**
 * The batch's items by state, as chips that filter the list: among hundreds of items the dealer goes straight to what
 * failed or needs review. Only the states present are offered.
 */
function FiltroEstados({ itens, valor, aoMudar }: { itens: readonly ItemLote[]; valor: Filtro; aoMudar: (f: Filtro) => void }) {
  const contagem = new Map<EstadoItemLote, number>();
  for (const i of itens) contagem.set(i.estado, (contagem.get(i.estado) ?? 0) + 1);
  const presentes = ESTADOS_ITEM_LOTE.filter((e) => contagem.has(e));
  if (presentes.length < 2) return null;
  return (
    <Chip.Group value={valor} onChange={(v) => aoMudar(v as Filtro)}>
      <Group gap={6} role="group" aria-label="Filtrar os itens por estado">
        <Chip value="todos" size="xs" variant="outline">
          Todos ({formatarNumero(itens.length)})
        </Chip>
        {presentes.map((e) => (
          <Chip key={e} value={e} size="xs" variant="outline" color={COR[e]}>
            {ROTULO_ESTADO_ITEM_LOTE[e]} ({formatarNumero(contagem.get(e) ?? 0)})
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/**
 * The progress of a bulk action (issue 24 item 2): "n de N", one row per vehicle × channel with its state and the
 * channel's reason (virtualised, filtered by state), review links to the vehicle's Incluir screen, and Cancelar while
 * it runs. Live through the change events (lotes, lote_itens), no polling.
 */
export function PainelLote({ idRevenda, idLote, aoFechar }: Props) {
  const lote = useLote(idRevenda, idLote);
  const cancelar = useCancelarLote(idRevenda, idLote);
  const l = lote.data;
  const titulo = l ? `Ação em lote: ${ROTULO_ACAO_LOTE[l.acao]}` : 'Ação em lote';
  const emCurso = l?.estado === 'executando';
  const aCancelar = l?.itens.some((i) => ITEM_LOTE_ABERTO.includes(i.estado)) ?? false;
  const [filtro, setFiltro] = useState<Filtro>('todos');
  const itens = l?.itens;
  // A state that no item has any more (all "Enviando" became "Publicado") shows every item again.
  const ativo = filtro !== 'todos' && itens?.some((i) => i.estado === filtro) ? filtro : 'todos';
  const visiveis = useMemo(() => (ativo === 'todos' ? (itens ?? []) : (itens ?? []).filter((i) => i.estado === ativo)), [itens, ativo]);

  return (
    <Drawer opened onClose={aoFechar} position="right" size="min(100%, 34rem)" title={titulo} closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {lote.error && !l && <AlertaErro erro={lote.error} tentarNovamente={() => void lote.refetch()} />}
      {lote.isPending && <Loader size="sm" aria-label="Carregando a ação em lote" />}
      {l && (
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Text fw={500} aria-live="polite">
              {formatarNumero(l.concluidos)} de {formatarNumero(l.total)} · {ROTULO_ESTADO_LOTE[l.estado]}
            </Text>
            {emCurso && aCancelar && (
              <Button
                size="compact-sm"
                variant="light"
                color="red.9"
                loading={cancelar.isPending}
                onClick={() =>
                  cancelar.mutate(undefined, { onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }) })
                }
              >
                Cancelar
              </Button>
            )}
          </Group>
          <Progress value={l.total ? (100 * l.concluidos) / l.total : 0} aria-label={`Progresso: ${l.concluidos} de ${l.total}`} />
          <FiltroEstados itens={l.itens} valor={ativo} aoMudar={setFiltro} />
          {/* A batch has up to 1,000 vehicles × the channels: only the rows in view are rendered. */}
          <ListaVirtual
            itens={visiveis}
            chave={(i) => i.id}
            rotulo="Itens da ação em lote"
            estimativa={56}
            alturaMaxima="calc(100dvh - 13rem)"
            render={(i) => <LinhaItem idRevenda={idRevenda} item={i} />}
          />
        </Stack>
      )}
    </Drawer>
  );
}
