import '@/app/estilos/completos';
import { AppShell, Container, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useEventosAoVivo } from '@/lib/eventos';
import { rotas } from '@/lib/rotas';
import { encerrarSessaoLocal, SessaoAtivaProvider, useSair, useSessao } from '@/lib/sessao';
import { AlertaErro } from '@/ui/AlertaErro';
import { Carregando } from '@/ui/Carregando';
import { MenuAdmin } from '../menus/MenuAdmin';
import { MenuGestor } from '../menus/MenuGestor';
import { Cabecalho } from './Cabecalho';
import { PularParaConteudo } from './PularParaConteudo';
import { Trilha } from './Trilha';

/** Below this width (Mantine's `md`, 992 px) the navigation collapses behind the burger. */
const TELA_ESTREITA = '(max-width: 61.99em)';

/**
 * Every signed-in screen: requires a session (none → /login), keeps the live-events connection open,
 * and shows the shell: header (brand, name, Sair), the role's menu on the side, breadcrumbs, the screen.
 */
export function LayoutAutenticado() {
  const queryClient = useQueryClient();
  const { data: sessao, isPending, isError, error, refetch } = useSessao();
  const aoEncerrar = useCallback(() => encerrarSessaoLocal(queryClient), [queryClient]);
  useEventosAoVivo(sessao ? `${sessao.usuario.id}:${sessao.csrf}` : null, aoEncerrar);
  const [menuAberto, { toggle, close }] = useDisclosure(false);
  const estreita = useMediaQuery(TELA_ESTREITA) ?? false;
  const { pathname } = useLocation();
  // On a phone the menu closes once the user has picked a screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => close(), [pathname, close]);

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
  const { usuario, solicitacoesUrl } = sessao;
  // A closed drawer stays in the page off screen: `inert` keeps its links out of the tab order and of screen readers.
  const menuOculto = estreita && !menuAberto;

  return (
    <SessaoAtivaProvider sessao={sessao}>
      <PularParaConteudo />
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 232, breakpoint: 'md', collapsed: { mobile: !menuAberto } }}
        padding={{ base: 'sm', sm: 'md' }}
      >
        <AppShell.Header>
          <Cabecalho sessao={sessao} menuAberto={menuAberto} alternarMenu={toggle} />
        </AppShell.Header>
        <AppShell.Navbar p="xs" id="menu-principal" inert={menuOculto}>
          <ScrollArea component="nav" aria-label="Menu principal" type="auto" h="100%">
            {usuario.role === 'admin' ? (
              <MenuAdmin solicitacoesUrl={solicitacoesUrl} />
            ) : (
              <MenuGestor idRevenda={usuario.revenda} solicitacoesUrl={solicitacoesUrl} />
            )}
          </ScrollArea>
        </AppShell.Navbar>
        <AppShell.Main id="conteudo" tabIndex={-1} style={{ minWidth: 0, outline: 'none' }}>
          <Trilha />
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
