import { Center, Loader } from '@mantine/core';

/** Full-area spinner with an accessible name. */
export function Carregando({ rotulo = 'Carregando...' }: { rotulo?: string }) {
  return (
    <Center mih={200} role="status" aria-live="polite">
      <Loader aria-label={rotulo} />
    </Center>
  );
}
