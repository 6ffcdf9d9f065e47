import '@/app/estilos/completos';
import { AppShell, Container } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useEventosAoVivo } from '@/lib/eventos';
import { rotas } from '@/lib/rotas';
import { encerrarSessaoLocal, SessaoAtivaProvider, useSair, useSessao } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { Cabecalho } from './Cabecalho';

/**
 * Every signed-in screen: requires a session (none → /login), keeps the live-events connection open,
 * and shows the admin menu to admins and the reseller menu to gestores.
 */
export function LayoutAutenticado() {
  const queryClient = useQueryClient();
  const { data: sessao, isPending, isError, error, refetch } = useSessao();
  const aoEncerrar = useCallback(() => encerrarSessaoLocal(queryClient), [queryClient]);
  useEventosAoVivo(sessao ? `${sessao.usuario.id}:${sessao.csrf}` : null, aoEncerrar);

  if (isPending) return <Carregando />;
  if (isError)
    return (
      <Container component="main" size="sm" py="xl">
        <AlertaErro erro={error} tentarNovamente={() => void refetch()} />
      </Container>
    );
  if (!sessao) return <Navigate to={rotas.login()} replace />;
  // Only admin and gestor use the panel; anyone else is signed out (spec 1 §2).
  if (sessao.usuario.role !== 'admin' && sessao.usuario.role !== 'gestor') return <EncerrarSessao />;

  return (
    <SessaoAtivaProvider sessao={sessao}>
      <AppShell header={{ height: 60 }} padding="md">
        <AppShell.Header>
          <Cabecalho sessao={sessao} />
        </AppShell.Header>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </SessaoAtivaProvider>
  );
}

function EncerrarSessao() {
  const { mutate } = useSair();
  useEffect(() => mutate(), [mutate]);
  return <Carregando rotulo="Encerrando sessão..." />;
}
