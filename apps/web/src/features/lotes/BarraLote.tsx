import { type AcaoLote, type CanalId, ROTULO_ACAO_LOTE, ROTULO_CANAL } from '@intermedio/contracts';
import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatarNumero } from '@/lib/formato';
import { mensagemDoErro } from '@/ui/AlertaErro';
import { ModalConfirmacao } from '@/ui/ModalConfirmacao';
import { useCriarLote } from './api';

type Props = {
  idRevenda: string;
  /** The selected vehicles' ids. */
  selecionados: readonly string[];
  /** The reseller's configured channels (the choices of Publicar em… / Retirar de…). */
  configurados: readonly CanalId[];
  /** "Marcar como vendido" is offered (gestor and admin). */
  podeVender: boolean;
  aoLimpar: () => void;
  /** The batch was created: the page opens its progress panel. */
  aoIniciar: (idLote: string) => void;
};

const PERGUNTA: Record<AcaoLote, (n: string) => string> = {
  publicar: (n) => `Publicar ${n} nos canais escolhidos?`,
  retirar: (n) => `Retirar os anúncios de ${n} dos canais escolhidos?`,
  atualizar: (n) => `Atualizar os anúncios publicados de ${n} em todos os canais?`,
  vendido: (n) => `Marcar ${n} como vendido? Os anúncios serão retirados de todos os canais.`,
};
const CONFIRMAR: Record<AcaoLote, string> = {
  publicar: 'Publicar',
  retirar: 'Retirar',
  atualizar: 'Atualizar',
  vendido: 'Marcar como vendido',
};

/**
 * The bulk bar of the vehicle list (issue 24 item 2), shown while vehicles are selected: Publicar em… and Retirar
 * de… (choose among the configured channels), Atualizar anúncios, and Marcar como vendido (confirm). Each asks once
 * and starts a batch on the server, which runs in the background.
 */
export function BarraLote({ idRevenda, selecionados, configurados, podeVender, aoLimpar, aoIniciar }: Props) {
  const criar = useCriarLote(idRevenda);
  const [acao, setAcao] = useState<AcaoLote | null>(null);
  const [canais, setCanais] = useState<string[]>([]);
  const n = selecionados.length;
  const quantos = n === 1 ? '1 veículo' : `${formatarNumero(n)} veículos`;
  const escolheCanais = acao === 'publicar' || acao === 'retirar';

  const abrir = (a: AcaoLote) => {
    setCanais([]);
    setAcao(a);
  };
  const iniciar = () => {
    if (!acao) return;
    criar.mutate(
      { acao, veiculos: [...selecionados], canais: escolheCanais ? (canais as CanalId[]) : [] },
      {
        onSuccess: (l) => {
          setAcao(null);
          aoIniciar(l.id);
        },
        onError: (e) => notifications.show({ color: 'red', message: mensagemDoErro(e) }),
      },
    );
  };

  return (
    <Paper withBorder p="xs" role="region" aria-label="Ações em lote">
      <Group gap="xs" justify="space-between">
        <Text size="sm" fw={500} aria-live="polite">
          {n === 1 ? '1 veículo selecionado' : `${formatarNumero(n)} veículos selecionados`}
        </Text>
        <Group gap="xs">
          <Button size="compact-sm" onClick={() => abrir('publicar')} disabled={!configurados.length}>
            {ROTULO_ACAO_LOTE.publicar}
          </Button>
          <Button size="compact-sm" variant="light" onClick={() => abrir('atualizar')}>
            {ROTULO_ACAO_LOTE.atualizar}
          </Button>
          <Button size="compact-sm" variant="light" onClick={() => abrir('retirar')} disabled={!configurados.length}>
            {ROTULO_ACAO_LOTE.retirar}
          </Button>
          {podeVender && (
            <Button size="compact-sm" variant="light" onClick={() => abrir('vendido')}>
              {ROTULO_ACAO_LOTE.vendido}
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="gray.8" onClick={aoLimpar}>
            Limpar seleção
          </Button>
        </Group>
      </Group>
      {acao && (
        <ModalConfirmacao
          aberto
          titulo={ROTULO_ACAO_LOTE[acao]}
          pergunta={PERGUNTA[acao](quantos)}
          confirmar={CONFIRMAR[acao]}
          cor={acao === 'retirar' ? 'red.9' : 'blue.9'}
          ocupado={criar.isPending}
          aoConfirmar={iniciar}
          aoFechar={() => setAcao(null)}
        >
          {escolheCanais && (
            <Checkbox.Group label="Canais" value={canais} onChange={setCanais} withAsterisk>
              <Stack gap={6} mt={6}>
                {configurados.map((c) => (
                  <Checkbox key={c} value={c} label={ROTULO_CANAL[c]} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          {escolheCanais && !canais.length && (
            <Text size="xs" c="gray.7">
              Escolha pelo menos um canal.
            </Text>
          )}
        </ModalConfirmacao>
      )}
    </Paper>
  );
}
