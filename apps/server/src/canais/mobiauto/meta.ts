import type { MetaCanal } from '../tipos.ts';

export const meta: MetaCanal = {
  id: 'mobiauto',
  rotulo: 'Mobiauto',
  tipo: 'portal',
  soAdmin: false,
  habilidades: ['configurar', 'renovar'],
  contrato: 'terceiros',
};
