import type { MetaCanal } from '../tipos.ts';

export const meta: MetaCanal = {
  id: 'olx',
  rotulo: 'Olx',
  tipo: 'portal',
  soAdmin: true,
  habilidades: ['configurar'],
  contrato: 'publico',
};
