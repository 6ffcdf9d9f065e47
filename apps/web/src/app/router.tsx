import type { RouteObject } from 'react-router';
import { CAMINHOS_JANELA } from '@/features/integracao-social/caminhos';
import type { DadosRota, Regra, Tela } from '@/lib/telas';
import { Carregando } from '@/ui/Carregando';
import { ErroDeRota, ErroDeTela } from './ErroDeRota';
import { Guarda } from './guardas';
import { Raiz } from './Raiz';
import { TELAS } from './telas';
import { trilhaDe } from './trilha';

const paginaEmConstrucao = () => import('@/features/em-construcao/PaginaEmConstrucao');
const paginaLogin = () => import('@/features/auth/PaginaLogin');

/** A lazy route for one screen (placeholder until the screen gets its `pagina`). */
function rotaDaTela(tela: Tela, telas: readonly Tela[]): RouteObject {
  const carregar = tela.pagina ?? paginaEmConstrucao;
  return {
    path: tela.caminho.replace(/^\//, ''),
    handle: { titulo: tela.titulo, regra: tela.regra, trilha: trilhaDe(tela, telas) } satisfies DadosRota,
    lazy: async () => ({ Component: (await carregar()).default }),
  };
}

const REGRAS: Regra[] = ['autenticado', 'admin', 'revenda', 'gestorRevenda'];

/** Screens of the social authorisation popup (430x580): signed-in, but without the menu layout. */
const naJanela = (t: Tela) => CAMINHOS_JANELA.has(t.caminho);

/** The whole route tree; `main.tsx` gives it to a browser router, tests to a memory router. */
export function criarRotas(telas: readonly Tela[] = TELAS): RouteObject[] {
  return [
    {
      path: '/',
      Component: Raiz,
      HydrateFallback: Carregando,
      ErrorBoundary: ErroDeRota,
      children: [
        { index: true, handle: { titulo: 'Acesso ao painel' }, lazy: async () => ({ Component: (await paginaLogin()).default }) },
        { path: 'login', handle: { titulo: 'Acesso ao painel' }, lazy: async () => ({ Component: (await paginaLogin()).default }) },
        {
          // Public: the password-reset link of the e-mail (no session, no menu).
          path: 'redefinir-senha/:token',
          handle: { titulo: 'Alteração de senha' },
          lazy: async () => ({ Component: (await import('@/features/senha/PaginaRedefinirSenha')).default }),
        },
        {
          // Layouts load with the first signed-in screen, not with the sign-in page (issue 15: first-load budget).
          lazy: async () => ({ Component: (await import('@/features/integracao-social/LayoutJanela')).LayoutJanela }),
          children: REGRAS.map((regra) => ({
            element: <Guarda regra={regra} />,
            children: telas.filter((t) => t.regra === regra && naJanela(t)).map((t) => rotaDaTela(t, telas)),
          })).filter((r) => r.children.length > 0),
        },
        {
          lazy: async () => ({ Component: (await import('./layouts/LayoutAutenticado')).LayoutAutenticado }),
          children: [
            ...REGRAS.map((regra) => ({
              element: <Guarda regra={regra} />,
              // A screen that fails to load or render shows its message here, inside the layout (menu and Sair stay).
              ErrorBoundary: ErroDeTela,
              children: telas.filter((t) => t.regra === regra && !naJanela(t)).map((t) => rotaDaTela(t, telas)),
            })),
            {
              path: '*',
              handle: { titulo: 'Página não encontrada' },
              ErrorBoundary: ErroDeTela,
              lazy: async () => ({ Component: (await import('@/features/acesso/PaginaNaoEncontrada')).default }),
            },
          ],
        },
      ],
    },
  ];
}
