import { listaEmCache, pedirListas, resumoDoSegredo } from '../listas.ts';
import { ordenarOpcoes } from '../mapeamento.ts';
import type { OpcaoCanal } from '../publicacao.ts';
import { type ContextoCanal, ok, type Resultado } from '../tipos.ts';
import { chamarAutoscar } from './client.ts';

/** Autoscar lists cars and motorcycles; its catalogue is asked by type (`?tipo=carro|moto`). */
export type TipoAutoscar = 'carro' | 'moto';
export const tipoAutoscar = (tipo: string): TipoAutoscar | null => (tipo === 'carro' || tipo === 'moto' ? tipo : null);

/**
 * One catalogue list (`{itens: [{id, nome}]}`), sorted case-insensitively (spec 3 §2.1). Asked with the integrator's
 * key (the same for every reseller), so it is kept per address and key for 10 minutes (listas.ts).
 */
export function listaAutoscar(ctx: ContextoCanal, caminho: string): Promise<Resultado<OpcaoCanal[]>> {
  return listaEmCache(`autoscar|${ctx.base}|${resumoDoSegredo(ctx.app.clientSecret)}|${caminho}`, async () => {
    const r = await chamarAutoscar(ctx, 'GET', `/catalogo/${caminho}`);
    if (!r.ok) return r;
    const itens = (r.valor.corpo as { itens?: { id: unknown; nome: unknown }[] } | null)?.itens ?? [];
    return ok(ordenarOpcoes(itens.map((i) => ({ id: String(i.id), nome: String(i.nome) }))));
  });
}

export const marcasAutoscar = (ctx: ContextoCanal, tipo: TipoAutoscar) => listaAutoscar(ctx, `marcas?tipo=${tipo}`);
export const modelosAutoscar = (ctx: ContextoCanal, marca: string) => listaAutoscar(ctx, `marcas/${encodeURIComponent(marca)}/modelos`);
export const versoesAutoscar = (ctx: ContextoCanal, modelo: string) => listaAutoscar(ctx, `modelos/${encodeURIComponent(modelo)}/versoes`);

/** The fixed lists the screen offers (spec 3 §3.3); start and cooling types exist for motorcycles only. */
const LISTAS = {
  combustiveis: 'combustiveis',
  cores: 'cores',
  tiposVeiculo: 'tipos-veiculo',
  transmissoes: 'transmissoes',
  opcionais: 'opcionais',
  partidas: 'tipos-partida',
  refrigeracoes: 'tipos-refrigeracao',
} as const;
export type ListasAutoscar = Record<keyof typeof LISTAS, OpcaoCanal[]>;

export function listasAutoscar(ctx: ContextoCanal, tipo: TipoAutoscar): Promise<Resultado<ListasAutoscar>> {
  const nomes = Object.keys(LISTAS) as (keyof typeof LISTAS)[];
  const pedidas = nomes.filter((n) => tipo === 'moto' || (n !== 'partidas' && n !== 'refrigeracoes'));
  return pedirListas(nomes, pedidas, (n) => listaAutoscar(ctx, `${LISTAS[n]}?tipo=${tipo}`));
}
