import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TipoApi } from './catalogo.ts';
import { precoEmTexto, referencias, tabelaSandbox, VEHICLE_TYPE } from './gerador.ts';

/** Where the sandbox answers on this server; the lookup's default base address (FIPE_API_URL unset). */
export const PREFIXO_SANDBOX_FIPE = '/sandbox/fipe/api/v2';

/** Public, out of the OpenAPI document, and quiet in the log (the lookup may call it a dozen times per screen). */
const PUBLICO = { config: { acesso: 'publico' as const }, schema: { hide: true }, logLevel: 'warn' as const };
const TIPOS = new Set<string>(['cars', 'motorcycles', 'trucks']);
/** Reference months change prices slightly: older tables were a little dearer. */
const VARIACAO_POR_MES = 0.004;

type Params = { tipo?: string; marca?: string; modelo?: string; ano?: string };

/**
 * The FIPE price table API (parallelum v2 shape: GET /{vehicleType}/brands/{brandId}/models/{modelId}/years/{yearId},
 * GET /references, optional `?reference=`), served from the reference catalogue shipped in catalogo.ts.
 *
 * Switches in the X-Subscription-Token header, to rehearse failures: "recusar" → 401, "falhar" → 500,
 * "corromper" → 200 with a body that is not JSON, "lento" → answers after 2 s.
 */
export async function fipeSandboxRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    const token = String(req.headers['x-subscription-token'] ?? '').toLowerCase();
    if (token.includes('lento')) await new Promise((ok) => setTimeout(ok, 2000));
    if (token.includes('recusar')) return reply.code(401).send({ error: 'Invalid subscription token' });
    if (token.includes('falhar')) return reply.code(500).send({ error: 'Internal Server Error' });
    if (token.includes('corromper')) return reply.code(200).type('application/json').send('<html>erro</html>');
  });

  const naoEncontrado = (reply: FastifyReply) => reply.code(404).send({ error: 'Not Found' });

  /** The reference asked for (default: the newest) and its price factor; undefined when unknown. */
  const referenciaDe = (req: FastifyRequest) => {
    const lista = referencias();
    const pedida = (req.query as { reference?: string }).reference;
    const i = pedida === undefined ? 0 : lista.findIndex((r) => r.code === pedida);
    return i < 0 ? undefined : { ...lista[i], indice: i, fator: 1 + VARIACAO_POR_MES * i, lista };
  };

  const localizar = (p: Params) => {
    if (!p.tipo || !TIPOS.has(p.tipo)) return undefined;
    const tipo = p.tipo as TipoApi;
    const marcas = tabelaSandbox()[tipo];
    const marca = p.marca === undefined ? undefined : marcas.find((m) => m.codigo === p.marca);
    const modelo = p.modelo === undefined ? undefined : marca?.modelos.find((m) => m.id === p.modelo);
    const ano = p.ano === undefined ? undefined : modelo?.anos.find((a) => a.codigo === p.ano);
    return { tipo, marcas, marca, modelo, ano };
  };

  app.get('/references', PUBLICO, async () => referencias());

  app.get('/:tipo/brands', PUBLICO, async (req, reply) => {
    const l = localizar(req.params as Params);
    if (!l || !referenciaDe(req)) return naoEncontrado(reply);
    return l.marcas.map((m) => ({ code: m.codigo, name: m.nome })).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  });

  app.get('/:tipo/brands/:marca/models', PUBLICO, async (req, reply) => {
    const l = localizar(req.params as Params);
    if (!l?.marca || !referenciaDe(req)) return naoEncontrado(reply);
    return l.marca.modelos.map((m) => ({ code: m.id, name: m.nome })).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  });

  app.get('/:tipo/brands/:marca/models/:modelo/years', PUBLICO, async (req, reply) => {
    const l = localizar(req.params as Params);
    if (!l?.modelo || !referenciaDe(req)) return naoEncontrado(reply);
    return l.modelo.anos.map((a) => ({ code: a.codigo, name: `${a.ano} ${a.combustivel.nome}` }));
  });

  app.get('/:tipo/brands/:marca/models/:modelo/years/:ano', PUBLICO, async (req, reply) => {
    const l = localizar(req.params as Params);
    const ref = referenciaDe(req);
    if (!l?.marca || !l.modelo || !l.ano || !ref) return naoEncontrado(reply);
    const { marca, modelo, ano } = l;
    const precoNa = (indice: number) => precoEmTexto(Math.round((ano.preco * (1 + VARIACAO_POR_MES * indice)) / 10) * 10);
    return {
      brand: marca.nome,
      codeFipe: modelo.codigoFipe,
      fuel: ano.combustivel.nome,
      fuelAcronym: ano.combustivel.sigla,
      model: modelo.nome,
      modelYear: ano.ano,
      price: precoNa(ref.indice),
      priceHistory: ref.lista
        .slice(ref.indice, ref.indice + 3)
        .map((r, i) => ({ month: r.month, price: precoNa(ref.indice + i), reference: r.code })),
      referenceMonth: ref.month,
      vehicleType: VEHICLE_TYPE[l.tipo],
    };
  });
}
