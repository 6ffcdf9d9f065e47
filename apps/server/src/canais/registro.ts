import type { CanalId } from '@intermedio/contracts';
import { autoline } from './autoline/adapter.ts';
import { autoscar } from './autoscar/adapter.ts';
import { facebook } from './facebook/adapter.ts';
import { icarros } from './icarros/adapter.ts';
import { instagram } from './instagram/adapter.ts';
import { canalMedido } from './medicao.ts';
import { mercadolivre } from './mercadolivre/adapter.ts';
import { meucarronovo } from './meucarronovo/adapter.ts';
import { mobiauto } from './mobiauto/adapter.ts';
import { olx } from './olx/adapter.ts';
import type { Canal } from './tipos.ts';
import { webmotors } from './webmotors/adapter.ts';

/** The only place that knows every channel: a missing channel is a compile error. */
export const CANAIS_REGISTRADOS = {
  autoline,
  autoscar,
  facebook,
  icarros,
  instagram,
  mercadolivre,
  meucarronovo,
  mobiauto,
  olx,
  webmotors,
} satisfies Record<CanalId, Canal>;

const medidos = new Map<CanalId, Canal>();
/** A channel's adapter, its calls measured (canais/medicao.ts). Tests swap functions on CANAIS_REGISTRADOS' adapters. */
export const canal = (id: CanalId): Canal => {
  let c = medidos.get(id);
  if (!c) {
    c = canalMedido(CANAIS_REGISTRADOS[id]);
    medidos.set(id, c);
  }
  return c;
};
