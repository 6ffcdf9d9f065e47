import type { MetaCanal } from '../tipos.ts';

export const meta: MetaCanal = {
  id: 'autoline',
  rotulo: 'Autoline',
  tipo: 'portal',
  soAdmin: false,
  habilidades: ['configurar', 'publicar', 'remover'],
  contrato: 'terceiros',
};
