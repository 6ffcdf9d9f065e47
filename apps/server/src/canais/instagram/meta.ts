import type { MetaCanal } from '../tipos.ts';

export const meta: MetaCanal = {
  id: 'instagram',
  rotulo: 'Instagram',
  tipo: 'social',
  soAdmin: false,
  habilidades: ['configurar', 'revogar', 'configurarPagina'],
  contrato: 'publico',
};
