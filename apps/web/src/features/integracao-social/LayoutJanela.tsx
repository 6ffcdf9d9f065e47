import '@/app/estilos/completos';
import { Container } from '@mantine/core';
import { Navigate, Outlet } from 'react-router';
import { rotas } from '@/lib/rotas';
import { SessaoAtivaProvider, useSessao } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';

/**
 * Layout of the popup landing pages: requires a session like every signed-in screen (none → /login) but has no
 * header, menu or live-events connection (the panel that opened the popup keeps its own).
 */
export function LayoutJanela() {
  const { data: sessao, isPending, isError, error, refetch } = useSessao();
  if (isPending) return <Carregando />;
  if (isError)
    return (
      <Container component="main" size={430} py="md">
        <AlertaErro erro={error} tentarNovamente={() => void refetch()} />
      </Container>
    );
  if (!sessao || (sessao.usuario.role !== 'admin' && sessao.usuario.role !== 'gestor')) return <Navigate to={rotas.login()} replace />;
  return (
    <SessaoAtivaProvider sessao={sessao}>
      <Container component="main" size={430} px="md" py="md">
        <Outlet />
      </Container>
    </SessaoAtivaProvider>
  );
}
