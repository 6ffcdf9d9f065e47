import type { RouteObject } from 'react-router';
import type { DadosRota, Regra, Tela } from '@/lib/telas';
import { Carregando } from '@/ui/Carregando';
import { ErroDeRota } from './ErroDeRota';
import { Guarda } from './guardas';
import { LayoutAutenticado } from './layouts/LayoutAutenticado';
import { Raiz } from './Raiz';
import { TELAS } from './telas';

const paginaEmConstrucao = () => import('@/features/em-construcao/PaginaEmConstrucao');
const paginaLogin = () => import('@/features/auth/PaginaLogin');

/** A lazy route for one screen (placeholder until the screen gets its `pagina`). */
function rotaDaTela(tela: Tela): RouteObject {
  const carregar = tela.pagina ?? paginaEmConstrucao;
  return {
    path: tela.caminho.replace(/^\//, ''),
    handle: { titulo: tela.titulo, regra: tela.regra } satisfies DadosRota,
    lazy: async () => ({ Component: (await carregar()).default }),
  };
}

const REGRAS: Regra[] = ['autenticado', 'admin', 'revenda', 'gestorRevenda'];

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
          element: <LayoutAutenticado />,
          children: [
            ...REGRAS.map((regra) => ({
              element: <Guarda regra={regra} />,
              children: telas.filter((t) => t.regra === regra).map(rotaDaTela),
            })),
            {
              path: '*',
              handle: { titulo: 'Página não encontrada' },
              lazy: async () => ({ Component: (await import('@/features/acesso/PaginaNaoEncontrada')).default }),
            },
          ],
        },
      ],
    },
  ];
}
