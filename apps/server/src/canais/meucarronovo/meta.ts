import type { MetaCanal } from '../tipos.ts';

/** Na Pista (formerly Meu Carro Novo): internal id meucarronovo (spec 1 §9). */
export const meta: MetaCanal = {
  id: 'meucarronovo',
  rotulo: 'Na Pista',
  tipo: 'portal',
  soAdmin: false,
  habilidades: ['configurar'],
  contrato: 'terceiros',
};
