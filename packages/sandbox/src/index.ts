import type { CanalId } from '@intermedio/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sandboxAutoline } from './autoline.ts';
import { sandboxAutoscar } from './autoscar.ts';
import { aceitarFormatosDosCanais, PUBLICO } from './comum.ts';
import { sandboxFcm } from './fcm.ts';
import { sandboxGraph } from './graph.ts';
import { sandboxIcarros } from './icarros.ts';
import { sandboxMercadoLivre } from './mercadolivre.ts';
import { sandboxMeuCarroNovo } from './meucarronovo.ts';
import { sandboxMobiauto } from './mobiauto.ts';
import { sandboxOlx } from './olx.ts';
import { sandboxWebmotors } from './webmotors.ts';

/**
 * Facebook and Instagram share one Graph API, so one sandbox: /sandbox/facebook. /sandbox/instagram is an alias
 * that forwards every request there (same process, same state), never a second backend.
 */
async function aliasGraph(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, corpo, pronto) => pronto(null, corpo));
  app.all('/*', PUBLICO, async (req, reply) => {
    const destino = req.url.replace(/^\/sandbox\/instagram/, '/sandbox/facebook');
    const { host, 'content-length': _tamanho, ...cabecalhos } = req.headers;
    const r = await app.inject({
      method: req.method as 'GET',
      url: destino,
      headers: { ...cabecalhos, ...(host ? { host } : {}) },
      ...(Buffer.isBuffer(req.body) ? { payload: req.body } : {}),
    });
    const { 'content-length': _t, 'transfer-encoding': _te, connection: _c, ...resposta } = r.headers;
    return reply.code(r.statusCode).headers(resposta).send(r.rawPayload);
  });
}

/** Each channel's side, played by this server under /sandbox/{canal} (the adapters' default base address). */
const SANDBOXES = {
  autoline: sandboxAutoline,
  autoscar: sandboxAutoscar,
  facebook: sandboxGraph,
  icarros: sandboxIcarros,
  instagram: aliasGraph,
  mercadolivre: sandboxMercadoLivre,
  meucarronovo: sandboxMeuCarroNovo,
  mobiauto: sandboxMobiauto,
  olx: sandboxOlx,
  webmotors: sandboxWebmotors,
} satisfies Record<CanalId, FastifyPluginAsync>;

export { contaSandbox } from './fcm.ts';
export { fipeSandboxRoutes, PREFIXO_SANDBOX_FIPE } from './fipe/fipe.sandbox.routes.ts';

export type OpcoesSandboxes = {
  /** The channels to stand in for: those with no real address (default: all). */
  canais?: readonly CanalId[];
  /** The FCM stand-in: only without a service account (default: on). */
  fcm?: boolean;
  /**
   * The inspection and test-control routes (every path segment starting with `_`: `_anuncios`, `_reter`, `_expirar`…)
   * answer only on test servers (SANDBOX_INSPECAO=1); otherwise they are not found, as they show every reseller's adverts.
   */
  inspecao?: boolean;
  /** The product's own address: where the webhook channels (Mercado Livre, OLX) deliver leads (issue 26). */
  produto?: () => string;
};

/** Whether a route is an inspection or test-control route (`/sandbox/autoscar/_anuncios`). */
export const rotaDeInspecao = (url: string) => url.split('/').some((s) => s.startsWith('_'));

export async function sandboxes(app: FastifyInstance, op: OpcoesSandboxes = {}) {
  aceitarFormatosDosCanais(app);
  if (!op.inspecao) {
    // Inherited by every stand-in below: their test routes fall through to the server's 404.
    app.addHook('onRoute', (rota) => {
      if (rotaDeInspecao(rota.url)) rota.handler = (_req, reply) => reply.callNotFound();
    });
  }
  const canais = new Set<string>(op.canais ?? Object.keys(SANDBOXES));
  for (const [canal, plugin] of Object.entries(SANDBOXES)) {
    if (canais.has(canal)) await app.register(plugin, { prefix: `/sandbox/${canal}`, produto: op.produto });
  }
  // Push (not a channel): Firebase Cloud Messaging HTTP v1.
  if (op.fcm ?? true) await app.register(sandboxFcm, { prefix: '/sandbox/fcm' });
}
