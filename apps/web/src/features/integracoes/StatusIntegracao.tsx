import type { Integracao } from '@intermedio/contracts';
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCircleCheck, IconCircleX } from '@tabler/icons-react';

type Situacao = 'ativo' | 'inativo' | 'pendente' | 'naoConfigurado';
type Registro = Pick<Integracao, 'configurado' | 'status'> & { pendencia?: string | null };

/**
 * ok (green) = record with status true; banned (gold) = status false; red = no record (spec 1 §2). Pending (gold,
 * another icon) = not active yet for a reason the server names (Facebook / Instagram authorised, no page chosen).
 */
export function situacaoDe(registro: Registro | undefined): Situacao {
  if (!registro?.configurado) return 'naoConfigurado';
  if (registro.status) return 'ativo';
  return registro.pendencia ? 'pendente' : 'inativo';
}

/** The icons keep the spec's green / gold / red; the written label uses darker shades that reach 4.5:1 on white. */
const ICONES = {
  ativo: { Icone: IconCircleCheck, cor: 'var(--mantine-color-green-7)', corTexto: '#237032', rotulo: 'Ativo' },
  inativo: { Icone: IconBan, cor: 'var(--mantine-color-yellow-7)', corTexto: '#8f5b00', rotulo: 'Inativo' },
  pendente: { Icone: IconAlertTriangle, cor: 'var(--mantine-color-yellow-7)', corTexto: '#8f5b00', rotulo: 'Inativo' },
  naoConfigurado: {
    Icone: IconCircleX,
    cor: 'var(--mantine-color-red-7)',
    corTexto: 'var(--mantine-color-red-9)',
    rotulo: 'Não configurado',
  },
} as const;

/**
 * The status icon, with an accessible name (Ativo / Inativo / Não configurado, or what is missing when pending);
 * `comTexto` also writes it.
 */
export function StatusIntegracao({
  registro,
  comTexto = false,
  tamanho = 22,
}: {
  registro: Registro | undefined;
  comTexto?: boolean;
  tamanho?: number;
}) {
  const situacao = situacaoDe(registro);
  const { Icone, cor, corTexto } = ICONES[situacao];
  const rotulo = situacao === 'pendente' ? (registro?.pendencia ?? '') : ICONES[situacao].rotulo;
  const icone = (
    <Icone
      size={tamanho}
      color={cor}
      role="img"
      aria-label={comTexto ? undefined : rotulo}
      aria-hidden={comTexto || undefined}
      data-status={comTexto ? undefined : situacao}
      data-testid={comTexto ? undefined : 'status-integracao'}
      title={comTexto ? undefined : rotulo}
    />
  );
  if (!comTexto) return icone;
  return (
    <Group gap={6} wrap="nowrap" data-status={situacao} data-testid="status-integracao">
      {icone}
      <Text span fw={500} c={corTexto}>
        {rotulo}
      </Text>
    </Group>
  );
}

/** What keeps the channel from being active, written under its name in the Integrações list (issue 23 item 9). */
export function PendenciaIntegracao({ registro }: { registro: Registro }) {
  if (situacaoDe(registro) !== 'pendente') return null;
  return (
    <Text size="xs" c="#8f5b00" data-testid="pendencia-integracao">
      {registro.pendencia}
    </Text>
  );
}
