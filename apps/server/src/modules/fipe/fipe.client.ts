import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Adapter for the FIPE price table API in its public shape (parallelum v2, channels.md §11):
 *   GET /references → [{code, month}]
 *   GET /{cars|motorcycles|trucks}/brands → [{code, name}]
 *   GET /{vt}/brands/{brandId}/models → [{code, name}]
 *   GET /{vt}/brands/{brandId}/models/{modelId}/years → [{code: "2024-1", name: "2024 Gasolina"}]
 *   GET /{vt}/brands/{brandId}/models/{modelId}/years/{yearId} → {brand, codeFipe, fuel, fuelAcronym, model,
 *     modelYear, price: "R$ 85.430,00", referenceMonth, vehicleType, priceHistory}
 * Every call but /references takes `?reference=<code>`. An optional `X-Subscription-Token` raises the quota.
 */

export type TipoApiFipe = 'cars' | 'motorcycles' | 'trucks';
export const TIPO_API: Record<1 | 2 | 3, TipoApiFipe> = { 1: 'cars', 2: 'motorcycles', 3: 'trucks' };

export type RespostaFipe = { status: number; corpo: string };
/** Sends one GET (path below the API base, with query) and returns the raw answer. */
export type TransporteFipe = (caminho: string, cabecalhos: Record<string, string>) => Promise<RespostaFipe>;

/** Why a lookup failed: the table has no such entry, or the service did not answer properly. */
export class ErroFipe extends Error {
  constructor(
    readonly tipo: 'nao_encontrado' | 'indisponivel',
    message: string,
  ) {
    super(message);
  }
}

export const esquemasFipe = {
  referencias: z.array(z.object({ code: z.coerce.string(), month: z.string() })).min(1),
  lista: z.array(z.object({ code: z.coerce.string(), name: z.string() })),
  detalhe: z.object({
    brand: z.string(),
    codeFipe: z.string(),
    fuel: z.string(),
    fuelAcronym: z.string(),
    model: z.string(),
    modelYear: z.number(),
    price: z.string(),
    referenceMonth: z.string(),
    vehicleType: z.number().optional(),
  }),
};
export type DetalheFipe = z.infer<typeof esquemasFipe.detalhe>;

/** Over HTTP, with a time limit (FIPE_API_URL). */
export function transporteHttp(base: string, timeoutMs = 10_000): TransporteFipe {
  const raiz = base.replace(/\/+$/, '');
  return async (caminho, cabecalhos) => {
    const r = await fetch(`${raiz}${caminho}`, { headers: cabecalhos, signal: AbortSignal.timeout(timeoutMs) });
    return { status: r.status, corpo: await r.text() };
  };
}

/** The built-in sandbox, called inside this process (no network, no port to know): the default. */
export function transporteEmProcesso(app: FastifyInstance, prefixo: string): TransporteFipe {
  return async (caminho, cabecalhos) => {
    const r = await app.inject({ method: 'GET', url: `${prefixo}${caminho}`, headers: cabecalhos });
    return { status: r.statusCode, corpo: r.body };
  };
}

/** Calls whose answer always exists while the service works: /references and /{type}/brands. */
const ehListaFixa = (caminho: string) => /^\/(references|\w+\/brands)(\?|$)/.test(caminho);

/** One GET, its answer checked against the expected shape. Network failures, non-JSON and odd shapes are "indisponivel". */
export function criarClienteFipe(transporte: TransporteFipe, op: { token?: string | null } = {}) {
  const cabecalhos: Record<string, string> = { accept: 'application/json', ...(op.token ? { 'X-Subscription-Token': op.token } : {}) };
  return async function consultar<T>(caminho: string, esquema: z.ZodType<T>): Promise<T> {
    let r: RespostaFipe;
    try {
      r = await transporte(caminho, cabecalhos);
    } catch (e) {
      throw new ErroFipe('indisponivel', `FIPE não respondeu: ${(e as Error).message}`);
    }
    // Only an item can "not exist": a 404 on the reference list or on a vehicle type's brand list means the
    // service (or its address) is wrong, not that the table lacks something.
    if (r.status === 404 && !ehListaFixa(caminho)) throw new ErroFipe('nao_encontrado', `FIPE: ${caminho} não encontrado`);
    if (r.status < 200 || r.status >= 300) throw new ErroFipe('indisponivel', `FIPE respondeu ${r.status} em ${caminho}`);
    let json: unknown;
    try {
      json = JSON.parse(r.corpo);
    } catch {
      throw new ErroFipe('indisponivel', `FIPE respondeu algo que não é JSON em ${caminho}`);
    }
    const v = esquema.safeParse(json);
    if (!v.success) throw new ErroFipe('indisponivel', `FIPE respondeu num formato inesperado em ${caminho}`);
    return v.data;
  };
}
export type ClienteFipe = ReturnType<typeof criarClienteFipe>;

/** "R$ 85.430,00" → "85430.00" */
export function precoDecimal(texto: string): string | null {
  const limpo = texto.replace(/[^\d,]/g, '').replace(',', '.');
  const n = Number(limpo);
  return limpo && Number.isFinite(n) ? n.toFixed(2) : null;
}
