import { CANAIS, CANAIS_AUTORIZACAO, CANAIS_SO_ADMIN, CANAIS_SOCIAIS, ROTULO_CANAL } from '@intermedio/contracts';
import type { Regra, Tela } from '@/lib/telas';
import type { CanalPortal } from './fluxos';

/** Autoscar and Olx are configured by admins only; every other channel also by the reseller's own users (spec 1 §6). */
export const telasIntegracoes: Tela[] = [
  { caminho: '/revenda/:idRevenda/integracao', titulo: 'Integrações', regra: 'revenda', pagina: () => import('./PaginaIntegracoes') },
  ...CANAIS.map(
    (canal): Tela => ({
      caminho: `/revenda/:idRevenda/configurar-${canal}`,
      titulo: `Configurar ${ROTULO_CANAL[canal]}`,
      regra: (CANAIS_SO_ADMIN.includes(canal) ? 'admin' : 'revenda') satisfies Regra,
      pagina: CANAIS_SOCIAIS.includes(canal)
        ? () => import('./PaginaConfigurarSocial').then((m) => ({ default: m.PAGINAS_SOCIAIS[canal as 'facebook' | 'instagram'] }))
        : () => import('./PaginaConfigurarPortal').then((m) => ({ default: m.PAGINAS_PORTAL[canal as CanalPortal] })),
    }),
  ),
  // Return of the OLX / Mercado Livre consent page (the redirect address registered at the channel): the server
  // checks the state against the session, so any signed-in user may land here.
  ...CANAIS_AUTORIZACAO.map(
    (canal): Tela => ({
      caminho: `/integracao/${canal}/retorno`,
      titulo: `Autorização ${ROTULO_CANAL[canal]}`,
      regra: 'autenticado',
      pagina: () => import('./PaginaRetornoAutorizacao').then((m) => ({ default: m.PAGINAS_RETORNO[canal] })),
    }),
  ),
  // Landing pages of the social networks' authorisation popup (no menu layout); the reseller id travels in `state`.
  {
    caminho: '/integracao/configurar-facebook',
    titulo: 'Configurar página do Facebook',
    regra: 'autenticado',
    pagina: () => import('@/features/integracao-social/PaginaRetornoFacebook'),
  },
  {
    caminho: '/integracao/configurar-instagram',
    titulo: 'Configurar conta do Instagram',
    regra: 'autenticado',
    pagina: () => import('@/features/integracao-social/PaginaRetornoInstagram'),
  },
];
