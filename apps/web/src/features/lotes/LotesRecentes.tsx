import { type AcaoLote, type ResumoLote, ROTULO_ACAO_LOTE, ROTULO_CANAL, ROTULO_ESTADO_LOTE } from '@intermedio/contracts';
import { Button, Group, Loader, Menu, Text } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { formatarDataHora, formatarNumero } from '@/lib/formato';
import { useLotesRecentes } from './api';

type Props = { idRevenda: string /** Opens the batch's progress panel. */; aoAbrir: (idLote: string) => void };

/** A running batch's verb on the list's live indicator. */
const EM_CURSO: Record<AcaoLote, string> = {
  publicar: 'Publicando…',
  atualizar: 'Atualizando…',
  retirar: 'Retirando…',
  vendido: 'Marcando como vendido…',
};

const nDeN = (l: ResumoLote) => `${formatarNumero(l.concluidos)} de ${formatarNumero(l.total)}`;
const canais = (l: ResumoLote) => l.canais.map((c) => ROTULO_CANAL[c]).join(', ');

/**
 * "Ações em lote" on the vehicle list (issue 24 item 2 follow-up): the reseller's last batches (action, channels,
 * n de N, state, when), each reopening its progress panel; a batch still running shows as "Publicando… n de N",
 * which opens it too. Live through the change events of lotes / lote_itens, no polling.
 */
export function LotesRecentes({ idRevenda, aoAbrir }: Props) {
  const recentes = useLotesRecentes(idRevenda);
  const lista = recentes.data ?? [];
  const emCurso = lista.find((l) => l.estado === 'executando');

  return (
    <Group gap="xs">
      {emCurso && (
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<Loader size={12} aria-hidden />}
          onClick={() => aoAbrir(emCurso.id)}
          aria-live="polite"
        >
          {`${EM_CURSO[emCurso.acao]} ${nDeN(emCurso)}`}
        </Button>
      )}
      <Menu position="bottom-end" shadow="md" width={320}>
        <Menu.Target>
          <Button variant="default" leftSection={<IconStack2 size={16} aria-hidden />}>
            Ações em lote
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Ações em lote recentes</Menu.Label>
          {recentes.isPending && <Menu.Item disabled>Carregando…</Menu.Item>}
          {recentes.error && <Menu.Item disabled>Não foi possível carregar as ações em lote.</Menu.Item>}
          {recentes.data && !lista.length && <Menu.Item disabled>Nenhuma ação em lote ainda.</Menu.Item>}
          {lista.map((l) => (
            <Menu.Item key={l.id} onClick={() => aoAbrir(l.id)}>
              <Text size="sm" fw={500}>
                {ROTULO_ACAO_LOTE[l.acao]}
                {l.canais.length ? ` ${canais(l)}` : ''}
              </Text>
              <Text size="xs" c="gray.7">
                {`${nDeN(l)} · ${ROTULO_ESTADO_LOTE[l.estado]} · ${formatarDataHora(l.created_at)}`}
              </Text>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
