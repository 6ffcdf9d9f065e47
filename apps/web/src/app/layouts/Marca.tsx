import { Group, Text } from '@mantine/core';

/** The product's mark: two arrows meeting in a square (the panel stands between resellers and channels). */
export function LogoIntermedio({ tamanho = 28 }: { tamanho?: number }) {
  return (
    <svg width={tamanho} height={tamanho} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-intermedio-8)" />
      <path d="M7 11h11l-3-3M25 21H14l3 3" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="16" cy="16" r="2.4" fill="var(--mantine-color-yellow-4)" />
    </svg>
  );
}

/** Logo and name, as in the header and on the sign-in screen. */
export function Marca({ tamanho = 28 }: { tamanho?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoIntermedio tamanho={tamanho} />
      <Text component="span" fw={700} fz={tamanho >= 36 ? 'xl' : 'lg'} c="intermedio.9" style={{ letterSpacing: '-0.01em' }}>
        Intermédio
      </Text>
    </Group>
  );
}
