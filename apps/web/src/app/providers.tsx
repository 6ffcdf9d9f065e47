import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, definirAoPerderSessao } from '@/lib/api';
import { encerrarSessaoLocal } from '@/lib/sessao';
import { tema } from './tema';

/** The app's query cache; any 401 answer forgets the session (the layout then goes to /login). */
export function criarQueryClient() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers are final; only network/server failures are retried.
        retry: (tentativas, erro) => !(erro instanceof ApiError && erro.status >= 400 && erro.status < 500) && tentativas < 2,
        staleTime: 10_000,
      },
    },
  });
  definirAoPerderSessao(() => encerrarSessaoLocal(queryClient));
  return queryClient;
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={tema}>
        <Notifications position="top-right" />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
