import { listaEmCache, pedirListas, resumoDoSegredo } from '../listas.ts';
import type { OpcaoCanal, SessaoCanal } from '../publicacao.ts';
import { type ContextoCanal, ok, type Resultado } from '../tipos.ts';
import { listaAutoline as listaNoCanal, loginDaSessao } from './client.ts';

/**
 * A catalogue operation (`Consultar*`, channels.md §6) through the process cache (listas.ts, 10 minutes). Autoline
 * has no session: every call carries the reseller's login, and the draft is where a wrong login shows (AUTENTICACAO),
 * so the lists are kept per login (hashed) as well as address, operation and parameters; a refusal is never kept.
 */
const listaAutoline = (
  ctx: ContextoCanal,
  login: ReturnType<typeof loginDaSessao>,
  operacao: string,
  parametros: Record<string, string | number> = {},
) =>
  listaEmCache(`autoline|${ctx.base}|${resumoDoSegredo(`${login.email}\n${login.senha}`)}|${operacao}|${JSON.stringify(parametros)}`, () =>
    listaNoCanal(ctx, login, operacao, parametros),
  );

/** Autoline's car catalogue (segment "Car"): makes, models, and versions of a model year. */
export const marcasAutoline = (ctx: ContextoCanal, s: SessaoCanal) =>
  listaAutoline(ctx, loginDaSessao(s), 'ConsultarMarcas', { segment: 'Car' });
export const modelosAutoline = (ctx: ContextoCanal, s: SessaoCanal, marca: string) =>
  listaAutoline(ctx, loginDaSessao(s), 'ConsultarModelos', { makeId: marca });

/**
 * Versions hang from a model year at Autoline (`ConsultarAnosModelo` → `ConsultarVersoesModelo`): the vehicle's model
 * year, or the latest the model has when Autoline does not list that year.
 */
export async function versoesAutoline(
  ctx: ContextoCanal,
  s: SessaoCanal,
  modelo: string,
  anoModelo: number | null,
): Promise<Resultado<OpcaoCanal[]>> {
  const anos = await listaAutoline(ctx, loginDaSessao(s), 'ConsultarAnosModelo', { modelId: modelo });
  if (!anos.ok) return anos;
  const ano = anos.valor.find((a) => a.nome === String(anoModelo)) ?? [...anos.valor].sort((a, b) => Number(b.nome) - Number(a.nome))[0];
  return ano ? listaAutoline(ctx, loginDaSessao(s), 'ConsultarVersoesModelo', { modelYearId: ano.id }) : ok([]);
}

const LISTAS = {
  cores: 'ConsultarCores',
  combustiveis: 'ConsultarCombustiveis',
  cambios: 'ConsultarCambios',
  portas: 'ConsultarNroPortas',
  categorias: 'ConsultarCategorias',
  opcionais: 'ConsultarOpcionais',
} as const;
export type ListasAutoline = Record<keyof typeof LISTAS, OpcaoCanal[]>;

/** The fixed lists of the screen, asked together. */
export const listasAutoline = (ctx: ContextoCanal, s: SessaoCanal): Promise<Resultado<ListasAutoline>> => {
  const nomes = Object.keys(LISTAS) as (keyof typeof LISTAS)[];
  const segmento = (n: keyof typeof LISTAS): Record<string, string> => (n === 'opcionais' || n === 'categorias' ? { segment: 'Car' } : {});
  return pedirListas(nomes, nomes, (n) => listaAutoline(ctx, loginDaSessao(s), LISTAS[n], segmento(n)));
};
