import { ROTULO_COMBUSTIVEL } from '@intermedio/contracts';
import { chamarCanal, type RespostaCanal, tipoPorStatus } from './http.ts';
import { listaEmCache } from './listas.ts';
import { casarNoCatalogo, casarOpcao, casarOpcional, ordenarOpcoes } from './mapeamento.ts';
import { comPortador, type Portador, portadorDe } from './portador.ts';
import type { OpcaoCanal, SessaoCanal, VeiculoParaCanal } from './publicacao.ts';
import { type ErroCanal, falha, ok, type Resultado } from './tipos.ts';

/**
 * What the REST portals (iCarros, Mobiauto, Na Pista) share: JSON calls with a Bearer token, the channel's error
 * message out of its body, and the product → channel mapping of colours, fuels, gearbox, doors and options.
 */
export type Api = {
  get<T>(caminho: string): Promise<Resultado<T>>;
  enviar(
    metodo: 'GET' | 'POST' | 'PUT' | 'DELETE',
    caminho: string,
    corpo?: unknown,
    timeoutMs?: number,
  ): Promise<Resultado<RespostaCanal>>;
};

/** The channel's own words: Spring's `message`, Na Pista's `mensagem`, OAuth's `error_description`. */
export function mensagemDoCanal(r: RespostaCanal): string {
  const corpo = (r.json() ?? {}) as Record<string, unknown>;
  const texto = corpo.message ?? corpo.mensagem ?? corpo.error_description ?? corpo.error;
  return (typeof texto === 'string' && texto.trim() ? texto.trim() : `HTTP ${r.status}`).replace(/\.$/, '');
}

export const erroDaResposta = (r: RespostaCanal): Resultado<never> => falha(tipoPorStatus(r.status), mensagemDoCanal(r));

/**
 * A channel's catalogue (the same for every reseller): `get` of a path matching `caminhos` goes through the process
 * cache (listas.ts, `LISTAS_TTL_MS`), kept per channel, address and path, never per token.
 */
export type CatalogoPortal = { canal: string; caminhos: RegExp };

/**
 * JSON calls with a Bearer token; with a `Portador`, a 401 renews the token once and repeats the call once. With
 * `catalogo`, the catalogue's GETs are kept in the process cache.
 */
export function apiJson(base: string, token: string | Portador, timeoutMs: number, catalogo?: CatalogoPortal): Api {
  const portador = typeof token === 'string' ? { token } : token;
  const cabecalhos = (t: string) => ({ authorization: `Bearer ${t}`, accept: 'application/json' });
  const chamar = (caminho: string, init: (t: string) => RequestInit, limite = timeoutMs) =>
    comPortador(portador, (t) => chamarCanal(`${base}${caminho}`, init(t), limite));
  const ler = async <T>(caminho: string): Promise<Resultado<T>> => {
    const r = await chamar(caminho, (t) => ({ headers: cabecalhos(t) }));
    if (!r.ok) return r;
    if (r.valor.status === 204) return ok([] as T);
    if (r.valor.status !== 200) return erroDaResposta(r.valor);
    return ok(r.valor.json() as T);
  };
  return {
    get<T>(caminho: string) {
      if (catalogo?.caminhos.test(caminho)) return listaEmCache(`${catalogo.canal}|${base}|${caminho}`, () => ler<T>(caminho));
      return ler<T>(caminho);
    },
    enviar(metodo, caminho, corpo, limite = timeoutMs) {
      const init = (t: string): RequestInit =>
        corpo === undefined
          ? { method: metodo, headers: cabecalhos(t) }
          : { method: metodo, headers: { ...cabecalhos(t), 'content-type': 'application/json' }, body: JSON.stringify(corpo) };
      return chamar(caminho, init, limite);
    },
  };
}

/**
 * A Keycloak channel's stored session: the access token (renewed by the job, and once mid-operation on a 401) and
 * the dealer id at the channel.
 */
export function sessaoKeycloak(sessao: SessaoCanal): Resultado<{ token: Portador; dealer: string }> {
  const token = sessao.segredos.access_token;
  const dealer = sessao.dados.dealer_id;
  if (!token || dealer === undefined || dealer === null || dealer === '')
    return falha('auth', 'integração sem token de acesso; configure o canal novamente');
  return ok({ token: portadorDe(sessao, token), dealer: String(dealer) });
}

/** Lists of `{ id, name }` (iCarros, Mobiauto) or `{ id, nome }` (Na Pista) as the screen's sorted choices. */
export const opcoes = (lista: unknown): OpcaoCanal[] =>
  ordenarOpcoes(
    (Array.isArray(lista) ? (lista as Record<string, unknown>[]) : []).map((i) => ({
      id: String(i.id),
      nome: String(i.name ?? i.nome ?? ''),
    })),
  );

/** A catalogue list of the channel (models, versions…) as the screen's choices. */
export async function opcoesDe(api: Api, caminho: string): Promise<Resultado<OpcaoCanal[]>> {
  const r = await api.get(caminho);
  return r.ok ? ok(opcoes(r.valor)) : r;
}

export const idCasado = (lista: readonly OpcaoCanal[], ...nomes: string[]) => {
  for (const nome of nomes) {
    const achada = nome ? casarOpcao(lista, nome) : null;
    if (achada) return achada.id;
  }
  return '';
};

/** The product's fuel word (flex, alcool…) under the names channels use for it. */
export function nomesCombustivel(combustivel: string): string[] {
  const rotulo = ROTULO_COMBUSTIVEL[combustivel as keyof typeof ROTULO_COMBUSTIVEL] ?? combustivel;
  return combustivel === 'alcool' ? [rotulo, 'Etanol'] : [rotulo];
}
export const nomeCambio = (v: VeiculoParaCanal) => (v.cambio === 'A' ? 'Automático' : 'Manual');

/** Doors as the screens offer them (0, 1, 2, 4); another count has no preselection. */
export const portasPortal = (v: VeiculoParaCanal) => (v.portas !== null && [0, 1, 2, 4].includes(v.portas) ? String(v.portas) : '');

/** The channel's options the vehicle has (matched by name), for the checkboxes. */
export function opcionaisMarcados(lista: readonly OpcaoCanal[], v: VeiculoParaCanal) {
  const marcados = new Set(v.opcionais.map((o) => casarOpcional(lista, o)?.id).filter(Boolean));
  return lista.map((o) => ({ ...o, checked: marcados.has(o.id) }));
}

/** The first failure among parallel catalogue calls, or every value. */
export function todos<T extends readonly Resultado<unknown>[]>(
  resultados: T,
): Resultado<{ [K in keyof T]: T[K] extends Resultado<infer V> ? V : never }> {
  const erro = resultados.find((r): r is { ok: false; erro: ErroCanal } => !r.ok);
  if (erro) return erro;
  return ok(
    resultados.map((r) => (r as { ok: true; valor: unknown }).valor) as { [K in keyof T]: T[K] extends Resultado<infer V> ? V : never },
  );
}

/** Photos in display order, by their public original address. */
export const fotosDoVeiculo = (v: VeiculoParaCanal) => v.fotos.map((f) => f.urlOriginal || f.url).filter((u) => /^https?:\/\//.test(u));

/** The photos as the screens show them (80 px thumbnails), in the order the channel receives them. */
export const imagensDoVeiculo = (v: VeiculoParaCanal) =>
  v.fotos.map((f, i) => ({ fileUrl: f.url, fileThumb: f.miniatura, fileName: `foto-${i + 1}.jpg` }));

/** The channel's catalogue lists of a draft, as it returned them. */
type ListasCatalogo = { marcas: unknown; combustiveis: unknown; cores: unknown; cambios: unknown; opcionais: unknown };

/**
 * A draft's catalogue (spec 3 §2.5): the channel's lists as choices with the vehicle's own preselected. Brand, model
 * and version cascade through `casarNoCatalogo` (brand aliases; a version is preselected only when exactly one
 * matches); an unmatched step leaves the next list empty.
 */
export async function catalogoCasado(
  v: VeiculoParaCanal,
  listas: ListasCatalogo,
  modelosDe: (marca: string) => Promise<Resultado<OpcaoCanal[]>>,
  versoesDe: (marca: string, modelo: string) => Promise<Resultado<OpcaoCanal[]>>,
) {
  const marcas = opcoes(listas.marcas);
  const casado = await casarNoCatalogo(v, { marcas, modelosDe, versoesDe });
  if (!casado.ok) return casado;
  const { idMarca, modelos, idModelo, versoes, idVersao } = casado.valor;
  const combustiveis = opcoes(listas.combustiveis);
  const cores = opcoes(listas.cores);
  const cambios = opcoes(listas.cambios);
  const opcionais = opcionaisMarcados(opcoes(listas.opcionais), v);
  return ok({
    marcas,
    idMarca,
    modelos,
    idModelo,
    versoes,
    idVersao,
    combustiveis,
    idCombustivel: idCasado(combustiveis, ...nomesCombustivel(v.combustivel)),
    cores,
    idCor: idCasado(cores, v.cor),
    cambios,
    idCambio: idCasado(cambios, nomeCambio(v)),
    opcionais,
    idsOpcionais: opcionais.filter((o) => o.checked).map((o) => o.id),
  });
}

/** A delete's answer (spec 3 §4): 200/204 removed; 404, or what `jaRemovido` recognises, was already removed. */
export function resultadoExclusao(
  r: RespostaCanal,
  jaRemovido: (r: RespostaCanal) => boolean = () => false,
): Resultado<'removido' | 'jaRemovido'> {
  if (r.status === 200 || r.status === 204) return ok('removido');
  if (r.status === 404 || jaRemovido(r)) return ok('jaRemovido');
  return erroDaResposta(r);
}
