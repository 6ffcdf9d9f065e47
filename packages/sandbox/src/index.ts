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

export async function sandboxes(app: FastifyInstance) {
  aceitarFormatosDosCanais(app);
  for (const [canal, plugin] of Object.entries(SANDBOXES)) await app.register(plugin, { prefix: `/sandbox/${canal}` });
  // Push (not a channel): Firebase Cloud Messaging HTTP v1.
  await app.register(sandboxFcm, { prefix: '/sandbox/fcm' });
}
