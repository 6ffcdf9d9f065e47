import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatarNumero } from '@/lib/formato';

export type BlocoContadorProps = {
  /** Tile name, e.g. "Incluídos"; also the accessible name of the region. */
  rotulo: string;
  /** `data-testid` of the number: `contador-${id}`. */
  id: string;
  valor: number | undefined;
  para: string;
  /** A short line under the name saying what the tile counts (issue 25). */
  legenda?: string;
};

/** A dashboard tile: name, counter and "Ver detalhes". */
export function BlocoContador({ rotulo, id, valor, para, legenda }: BlocoContadorProps) {
  const idTitulo = useId();
  return (
    <Paper component="section" aria-labelledby={idTitulo} withBorder p="lg" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4" id={idTitulo}>
          {rotulo}
        </Title>
        {legenda && (
          <Text size="sm" c="dimmed" data-testid={`legenda-${id}`}>
            {legenda}
          </Text>
        )}
        {valor === undefined ? (
          <Skeleton height={44} width={80} />
        ) : (
          <Text data-testid={`contador-${id}`} fz={36} fw={700} lh={1.2}>
            {formatarNumero(valor)}
          </Text>
        )}
        <Anchor component={Link} to={para} size="sm" aria-label={`Ver detalhes: ${rotulo}`}>
          Ver detalhes
        </Anchor>
      </Stack>
    </Paper>
  );
}
