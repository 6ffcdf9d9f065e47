import type { MetaCanal } from '../tipos.ts';

export const meta: MetaCanal = {
  id: 'webmotors',
  rotulo: 'Webmotors',
  tipo: 'portal',
  soAdmin: false,
  habilidades: ['configurar', 'renovar'],
  contrato: 'terceiros',
};
