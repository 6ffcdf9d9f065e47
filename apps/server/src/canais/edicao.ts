import { esperaPedida, limiteDeRequisicoes, type RespostaCanal } from './http.ts';
import { erroDaResposta, idCasado, mensagemDoCanal, nomeCambio, nomesCombustivel, opcionaisMarcados } from './portais.ts';
import type { OpcaoCanal, VeiculoParaCanal } from './publicacao.ts';
import type { Resultado } from './tipos.ts';

/**
 * What the channels' edit operations share (sync, issue 24 item 1: `PublicacaoVeiculo.atualizar`). An edit never
 * creates an advert and repeating it leaves the advert as once, so every step works from what the channel holds.
 */

/** The advert is gone at the channel: an edit never creates one, so the dealer removes it here and publishes again. */
export function anuncioInexistente(canal: string, id: string): Resultado<never> {
  return {
    ok: false,
    erro: {
      tipo: 'rejected',
      mensagem: `o anúncio ${id} não existe mais em ${canal}`,
      texto: `O anúncio ${id} não existe mais em ${canal} (foi removido no canal). Exclua-o aqui e publique o veículo de novo.`,
    },
  };
}

/** When the channel does not say how long to back off. */
const ESPERA_PADRAO_S = 60;

/**
 * A channel limiting requests (HTTP 429, Graph codes 4/17/32) refused nothing: `transient` with the wait, so the
 * update is tried again later (`limiteDeRequisicoes`, as the other channels' updates). `rotulo`: "O iCarros"…
 */
export function limiteComoTransitorio<T>(rotulo: string, r: Resultado<T>): Resultado<T> {
  return !r.ok && r.erro.tipo === 'rate_limit'
    ? { ok: false, erro: limiteDeRequisicoes(rotulo, ESPERA_PADRAO_S, r.erro.detalhe ?? r.erro.mensagem) }
    : r;
}

/** A REST channel's refusal of an edit call: 429 with its `Retry-After`, otherwise the channel's own words. */
export function erroDaEdicao(rotulo: string, r: RespostaCanal): Resultado<never> {
  if (r.status === 429) return { ok: false, erro: limiteDeRequisicoes(rotulo, esperaPedida(r) ?? ESPERA_PADRAO_S, mensagemDoCanal(r)) };
  return erroDaResposta(r);
}

/**
 * How to turn the photos a channel holds (`atuais`, in its order) into `desejadas` (in display order): the photos to
 * delete, the addresses to add, and for each wanted place the photo kept there (null: added). Computed again from the
 * channel's state on every attempt, so a retry after an interruption never adds a photo twice.
 */
export function planoDeFotos<I>(atuais: readonly { id: I; url: string }[], desejadas: readonly string[]) {
  const livres = [...atuais];
  const mantidas = desejadas.map((url) => {
    const i = livres.findIndex((a) => a.url === url);
    return i < 0 ? null : (livres.splice(i, 1)[0] ?? null);
  });
  return { remover: livres, novas: desejadas.filter((_, i) => !mantidas[i]), mantidas };
}

/** The channel's lists of what the vehicle determines by name (REST portals' `{ id, nome }` choices). */
export type ListasDoVeiculo = { cores: OpcaoCanal[]; combustiveis: OpcaoCanal[]; cambios: OpcaoCanal[]; opcionais: OpcaoCanal[] };

/**
 * The channel's codes of the vehicle's colour, fuel, gearbox and options, matched again from its current names as the
 * draft matches them (`postAtualizado` is pure and has no lists: `atualizar` completes the post with these). A name
 * that matches nothing keeps the code sent before; options are the vehicle's that the channel has.
 */
export function codigosDoVeiculo(
  v: VeiculoParaCanal,
  listas: ListasDoVeiculo,
  antes: { cor: string; combustivel: string; cambio: string },
) {
  return {
    cor: idCasado(listas.cores, v.cor) || antes.cor,
    combustivel: idCasado(listas.combustiveis, ...nomesCombustivel(v.combustivel)) || antes.combustivel,
    cambio: idCasado(listas.cambios, nomeCambio(v)) || antes.cambio,
    opcionais: opcionaisMarcados(listas.opcionais, v)
      .filter((o) => o.checked)
      .map((o) => o.id),
  };
}
