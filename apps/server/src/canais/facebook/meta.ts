import type { MetaCanal } from '../tipos.ts';

export const meta: MetaCanal = {
  id: 'facebook',
  rotulo: 'Facebook',
  tipo: 'social',
  soAdmin: false,
  habilidades: ['configurar', 'revogar', 'configurarPagina'],
  contrato: 'publico',
};
