import { Text } from '@mantine/core';
import { useState } from 'react';

/** The reseller's logo (at most 180×80 in the wide table, spec 2 §2) or, without one or when it fails, its name. */
export function LogoRevenda({
  l,
  largura,
  altura,
}: {
  l: { revenda: string; logo_revenda: string | null };
  largura: number;
  altura: number;
}) {
  const [falhou, setFalhou] = useState(false);
  if (!l.logo_revenda || falhou) {
    return (
      <Text size="sm" fw={500} truncate="end" title={l.revenda}>
        {l.revenda}
      </Text>
    );
  }
  return (
    <img
      src={l.logo_revenda}
      alt={l.revenda}
      title={l.revenda}
      loading="lazy"
      onError={() => setFalhou(true)}
      style={{ maxWidth: largura, maxHeight: altura, objectFit: 'contain', verticalAlign: 'middle' }}
    />
  );
}
