import type { MetaCanal } from '../tipos.ts';

/** iCarros may have closed its dealer vertical in 2026 (channels.md §4): the adapter follows generation 2. */
export const meta: MetaCanal = {
  id: 'icarros',
  rotulo: 'iCarros',
  tipo: 'portal',
  soAdmin: false,
  habilidades: ['configurar', 'renovar'],
  contrato: 'terceiros',
};
