import type { MetaCanal } from '../tipos.ts';

export const meta: MetaCanal = {
  id: 'mercadolivre',
  rotulo: 'Mercado Livre',
  tipo: 'portal',
  soAdmin: false,
  habilidades: ['configurar', 'renovar'],
  contrato: 'publico',
};
