import { createHash } from 'node:crypto';
import type { OpcaoCanal } from './publicacao.ts';
import { ok, type Resultado } from './tipos.ts';

/**
 * Several lists of a channel asked at once (a draft needs colours, fuels, gearboxes…): every list by its name, or
 * the first failure. Names not asked stay empty lists.
 */
export async function pedirListas<K extends string>(
  todos: readonly K[],
  pedidos: readonly K[],
  pedir: (nome: K) => Promise<Resultado<OpcaoCanal[]>>,
): Promise<Resultado<Record<K, OpcaoCanal[]>>> {
  const respostas = await Promise.all(pedidos.map(pedir));
  const listas = Object.fromEntries(todos.map((n) => [n, [] as OpcaoCanal[]])) as Record<K, OpcaoCanal[]>;
  for (const [i, r] of respostas.entries()) {
    if (!r.ok) return r;
    listas[pedidos[i] as K] = r.valor;
  }
  return ok(listas);
}

/**
 * A kept list, frozen all the way down: every caller gets the same one (no copy per caller: copying the lists was
 * ~4 % of a bulk run's CPU), so a caller that would sort or mark it in place fails loudly instead of changing what the
 * next caller reads (ESM is strict mode: writing to a frozen object throws).
 */
function congelado<V>(valor: V): V {
  if (valor && typeof valor === 'object' && !Object.isFrozen(valor)) {
    Object.freeze(valor);
    for (const v of Object.values(valor)) congelado(v);
  }
  return valor;
}

/** How long a channel's catalogue list is kept in this process (catalogues change rarely; a draft per vehicle asked them all again). */
export const LISTAS_TTL_MS = 10 * 60_000;
const MAXIMO_LISTAS = 5000;
const listasGuardadas = new Map<string, { ate: number; valor: Promise<Resultado<unknown>> }>();

/**
 * A channel's catalogue list through the process cache. `chave` names it: the channel, its address and the list's
 * path, plus the integration when the list depends on the reseller's credentials. Only a success is kept, for
 * `ttlMs`; calls at the same time share one request; every caller gets the same frozen list (`congelado`).
 */
export async function listaEmCache<T>(chave: string, pedir: () => Promise<Resultado<T>>, ttlMs = LISTAS_TTL_MS): Promise<Resultado<T>> {
  const agora = Date.now();
  let entrada = listasGuardadas.get(chave);
  if (!entrada || entrada.ate <= agora) {
    if (listasGuardadas.size >= MAXIMO_LISTAS) listasGuardadas.delete(listasGuardadas.keys().next().value as string);
    const nova = { ate: agora + ttlMs, valor: pedir().then(congelado) as Promise<Resultado<unknown>> };
    listasGuardadas.set(chave, nova);
    entrada = nova;
    // A failure (or a throw) is not kept: the next call asks the channel again.
    nova.valor.then(
      (r) => {
        if (!r.ok && listasGuardadas.get(chave) === nova) listasGuardadas.delete(chave);
      },
      () => {
        if (listasGuardadas.get(chave) === nova) listasGuardadas.delete(chave);
      },
    );
  }
  return (await entrada.valor) as Resultado<T>;
}

/** A credential as part of a cache key (never the credential itself in memory keys). */
export const resumoDoSegredo = (segredo: string) => createHash('sha256').update(segredo).digest('hex').slice(0, 24);

/** Forgets every kept list (tests). */
export const esquecerListas = () => listasGuardadas.clear();

/**
 * A reseller's own list (its quotas: Webmotors' modalities, Na Pista's plan) once per bulk run (`ctx.daRodada`, set by
 * the bulk job per reseller × channel) instead of once per vehicle; without it (the screens) always asked. Only a
 * success is kept; calls at the same time share one request; every caller gets the same frozen list. A quota used up during
 * the run is the channel's to refuse at the send, with its own reason, as on the screen.
 */
export async function naRodada<T>(ctx: { daRodada?: Map<string, Promise<unknown>> }, chave: string, pedir: () => Promise<Resultado<T>>) {
  const memo = ctx.daRodada;
  if (!memo) return pedir();
  let valor = memo.get(chave) as Promise<Resultado<T>> | undefined;
  if (!valor) {
    valor = pedir().then(congelado);
    memo.set(chave, valor);
    const esquecer = () => {
      if (memo.get(chave) === valor) memo.delete(chave);
    };
    valor.then((r) => !r.ok && esquecer(), esquecer);
  }
  return valor;
}
