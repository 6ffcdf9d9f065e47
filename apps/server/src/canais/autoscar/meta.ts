import type { MetaCanal } from '../tipos.ts';

/**
 * Autoscar has no public publishing API (channels.md §8): the contract in client.ts (docs/autoscar.md) is our design, to be
 * agreed with Autoscar; correcting it means changing this folder and its sandbox only.
 */
export const meta: MetaCanal = {
  id: 'autoscar',
  rotulo: 'Autoscar',
  tipo: 'portal',
  soAdmin: true,
  habilidades: ['configurar', 'publicar', 'alterar', 'remover'],
  contrato: 'projetado',
};
