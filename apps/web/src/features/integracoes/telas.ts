import { CANAIS, type CanalId } from '@intermedio/contracts';
import { ROTULO_CANAL } from '@/lib/canais';
import type { Regra, Tela } from '@/lib/telas';

/** Autoscar and Olx are configured by admins only; every other channel also by the reseller's own users (spec 1 §6). */
const SO_ADMIN: ReadonlySet<CanalId> = new Set(['autoscar', 'olx']);

export const telasIntegracoes: Tela[] = [
  { caminho: '/revenda/:idRevenda/integracao', titulo: 'Integrações', regra: 'revenda' },
  ...CANAIS.map(
    (canal): Tela => ({
      caminho: `/revenda/:idRevenda/configurar-${canal}`,
      titulo: `Configurar ${ROTULO_CANAL[canal]}`,
      regra: (SO_ADMIN.has(canal) ? 'admin' : 'revenda') satisfies Regra,
    }),
  ),
  // Landing pages of the social networks' authorisation popup; the reseller id travels in `state`.
  { caminho: '/integracao/configurar-facebook', titulo: 'Configurar página do Facebook', regra: 'autenticado' },
  { caminho: '/integracao/configurar-instagram', titulo: 'Configurar conta do Instagram', regra: 'autenticado' },
];
