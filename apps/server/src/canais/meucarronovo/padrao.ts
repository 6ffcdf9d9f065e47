import {
  CARACTERISTICAS_NAPISTA,
  type CampoPadrao,
  type PadroesPublicacao,
  type PostMeuCarroNovo,
  postMeuCarroNovo,
  type RascunhoMeuCarroNovo,
} from '@intermedio/contracts';
import { postOuRevisao, textoPadrao } from '../padroes.ts';
import type { VeiculoParaCanal } from '../publicacao.ts';

/** The Incluir screen's labels of the post's fields (PaginaIncluirNaPista through linhasPortal), in its order. */
const ROTULOS: Readonly<Record<string, string>> = {
  idTipoAnuncio: 'Anúncio',
  idMarca: 'Marca',
  idModelo: 'Modelo',
  idVersao: 'Versão',
  placa: 'Placa',
  quilometragem: 'Km',
  valor: 'Preço',
  observacoes: 'Observações',
  idCombustivel: 'Combustível',
  idCor: 'Cor',
  idPortas: 'Portas',
  idCambio: 'Câmbio',
  opcionais: 'Opcionais',
};

/** The two features the product has no data for (BLINDADO and DOCUMENTAÇÃO EM DIA come from the vehicle). */
const CARACTERISTICAS_PADRAO = CARACTERISTICAS_NAPISTA.filter((c) => c.campo === 'aceitaTroca' || c.campo === 'adaptadoPne');
const SIM_NAO = [
  { id: 'sim', nome: 'Sim' },
  { id: 'nao', nome: 'Não' },
];

/**
 * What Na Pista's bulk publish reads: the ad type ("Anúncio", required: one of the current plan's, `opcoesPadrao`),
 * the observations template, and ACEITA TROCA / ADAPTADO PARA PNE, which the screen starts unticked.
 * No title, phone or CEP: the advert has none.
 */
export const camposPadraoNaPista: readonly CampoPadrao[] = [
  { campo: 'tipo_anuncio', rotulo: 'Anúncio', obrigatorio: true },
  { campo: 'descricao', rotulo: 'Observações' },
  ...CARACTERISTICAS_PADRAO.map((c) => ({ campo: `escolhas.${c.campo}`, rotulo: c.rotulo, opcoes: SIM_NAO })),
];

/**
 * The post "Incluir veículo Na Pista" would send for this draft (the form starts as the draft's `veiculoPost`), with
 * the reseller's defaults: the ad type when the plan offers several (the draft preselects it only when there is one)
 * and that type still has free slots, else it is reviewed; the observations template; the two features above ("sim"
 * ticks it). Brand, model or version unmatched or ambiguous, a colour, fuel, gearbox or doors the channel's lists do
 * not name → the screen's labels for review, never a guess.
 */
export function postPadraoNaPista(
  d: RascunhoMeuCarroNovo,
  v: VeiculoParaCanal,
  p: PadroesPublicacao,
): { post: PostMeuCarroNovo } | { revisao: string[] } {
  const r = d.veiculoPost;
  const livre = (id: string | undefined) => Boolean(id && d.retTiposAnuncio.some((t) => t.id === id && t.disponiveis > 0));
  const marcado = (campo: 'aceitaTroca' | 'adaptadoPne') => r[campo] || p.escolhas?.[campo] === 'sim';
  const post: PostMeuCarroNovo = {
    idTipoAnuncio: livre(r.idTipoAnuncio) ? r.idTipoAnuncio : livre(p.tipo_anuncio) ? (p.tipo_anuncio ?? '') : '',
    idMarca: r.idMarca,
    idModelo: r.idModelo,
    idVersao: r.idVersao,
    placa: r.placa,
    quilometragem: r.quilometragem,
    valor: r.valor,
    observacoes: textoPadrao(p.descricao, v, r.observacoes),
    idCombustivel: r.idCombustivel,
    idCor: r.idCor,
    idPortas: r.idPortas,
    idCambio: r.idCambio,
    opcionais: r.opcionais,
    blindado: r.blindado,
    adaptadoPne: marcado('adaptadoPne'),
    aceitaTroca: marcado('aceitaTroca'),
    documentacaoEmDia: r.documentacaoEmDia,
  };
  return postOuRevisao(postMeuCarroNovo, post, ROTULOS);
}
