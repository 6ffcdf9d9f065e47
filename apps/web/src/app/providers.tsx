import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { ApiError, definirAoPerderSessao } from '@/lib/api';
import { focarPrimeiroInvalidoAoEnviar } from '@/lib/foco-invalido';
import { encerrarSessaoLocal, useSessao } from '@/lib/sessao';
import { tema, variaveisCss } from './tema';

/** The app's query cache; any 401 answer forgets the session (the layout then goes to /login). */
export function criarQueryClient() {
  const queryClient = new QueryClient({
    defaultOptions: {
      // Offline, calls fail at once instead of waiting paused (TanStack's default): a save then says it got no answer
      // and keeps the form, Sair is remembered for later, and the screens show "Sem conexão com o servidor".
      mutations: { networkMode: 'always' },
      queries: {
        networkMode: 'always',
        // 4xx answers are final; only network/server failures are retried.
        retry: (tentativas, erro) => !(erro instanceof ApiError && erro.status >= 400 && erro.status < 500) && tentativas < 2,
        staleTime: 10_000,
      },
    },
  });
  definirAoPerderSessao(() => encerrarSessaoLocal(queryClient));
  return queryClient;
}

/**
 * `env="test"` in unit tests (Mantine's test mode): jsdom has no layout, so a popover's anchor measures 0 × 0 and
 * Mantine would hide the dropdown as "detached" (and its focus trap would find nothing to focus); test mode also
 * renders without transitions and portals.
 */
export function Providers({ queryClient, env, children }: { queryClient: QueryClient; env?: 'test'; children: ReactNode }) {
  useEffect(() => focarPrimeiroInvalidoAoEnviar(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={tema} cssVariablesResolver={variaveisCss} env={env}>
        <AreaDeNotificacoes />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

/**
 * Loads the toast area once someone is signed in or the first toast comes (the sign-in page usually shows none);
 * it stays mounted afterwards. Loading it with the session means a save that fails offline can still say so.
 * Imported by hand rather than with React.lazy: a Suspense boundary would hold the first toast back for React's
 * reveal throttle.
 */
function AreaDeNotificacoes() {
  const { notifications, queue } = useNotifications();
  const { data: sessao } = useSessao({ consultar: false });
  const [Area, setArea] = useState<ComponentType | null>(null);
  const pedida = !!sessao || notifications.length + queue.length > 0;
  useEffect(() => {
    if (pedida && !Area) void import('./Notificacoes').then((m) => setArea(() => m.default)).catch(() => undefined); // tried again with a later toast
  }, [pedida, Area]);
  return Area ? <Area /> : null;
}
