import type { CanalId } from '@intermedio/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sandboxAutoline } from './autoline.ts';
import { sandboxAutoscar } from './autoscar.ts';
import { aceitarFormatosDosCanais } from './comum.ts';
import { sandboxFcm } from './fcm.ts';
import { sandboxGraph } from './graph.ts';
import { sandboxIcarros, sandboxMobiauto } from './keycloak.ts';
import { sandboxMercadoLivre } from './mercadolivre.ts';
import { sandboxMeuCarroNovo } from './meucarronovo.ts';
import { sandboxOlx } from './olx.ts';
import { sandboxWebmotors } from './webmotors.ts';

/** Each channel's side, played by this server under /sandbox/{canal} (the adapters' default base address). */
const SANDBOXES = {
  autoline: sandboxAutoline,
  autoscar: sandboxAutoscar,
  facebook: sandboxGraph,
  icarros: sandboxIcarros,
  instagram: sandboxGraph,
  mercadolivre: sandboxMercadoLivre,
  meucarronovo: sandboxMeuCarroNovo,
  mobiauto: sandboxMobiauto,
  olx: sandboxOlx,
  webmotors: sandboxWebmotors,
} satisfies Record<CanalId, FastifyPluginAsync>;

export async function sandboxes(app: FastifyInstance) {
  aceitarFormatosDosCanais(app);
  for (const [canal, plugin] of Object.entries(SANDBOXES)) await app.register(plugin, { prefix: `/sandbox/${canal}` });
  // Push (not a channel): Firebase Cloud Messaging HTTP v1.
  await app.register(sandboxFcm, { prefix: '/sandbox/fcm' });
}
