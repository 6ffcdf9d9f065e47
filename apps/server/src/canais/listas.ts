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
