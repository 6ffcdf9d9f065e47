import { Avatar, Group, Text } from '@mantine/core';
import { useRevenda } from '@/features/revendas/api';

/**
 * The signed-in reseller in the header (issue 25 item 7): its logo and trading name, so a dealer who also works for
 * another store sees at once whose stock this is. Not on a phone: at 390 px the brand, the user's name and Sair fill the
 * header already.
 */
export function IdentidadeRevenda({ idRevenda }: { idRevenda: string }) {
  const { data: r } = useRevenda(idRevenda);
  if (!r) return null;
  const nome = r.penome_fantasia;
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }} data-testid="identidade-revenda" title={nome} visibleFrom="sm">
      <Avatar src={r.logotipo || null} alt="" size={28} radius="sm" color="intermedio" aria-hidden>
        {nome.slice(0, 1).toUpperCase()}
      </Avatar>
      <Text size="sm" fw={600} c="gray.8" truncate="end" maw={{ sm: 140, lg: 240 }}>
        {nome}
      </Text>
    </Group>
  );
}
