import { ActionIcon, Popover, Stack, Text } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type ColunaSecundaria<T> = { id: string; cabecalho: ReactNode; rotulo?: string; celula: (linha: T, indice: number) => ReactNode };

/**
 * The secondary columns of a row that did not fit, behind a "Detalhes" toggle. The panel stays in the row
 * (hidden until opened) and is positioned fixed, so the table's clipping does not cut it.
 */
export function DetalhesLinha<T>({ linha, indice, colunas }: { linha: T; indice: number; colunas: readonly ColunaSecundaria<T>[] }) {
  return (
    <Popover position="bottom-end" withinPortal={false} keepMounted floatingStrategy="fixed" shadow="md" width={320} trapFocus={false}>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" aria-label="Detalhes">
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} component="dl" m={0}>
          {colunas.map((c) => (
            <div key={c.id} style={{ whiteSpace: 'normal' }}>
              <Text component="dt" size="xs" c="gray.7" fw={600}>
                {c.rotulo ?? c.cabecalho}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {c.celula(linha, indice) ?? '—'}
              </Text>
            </div>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
