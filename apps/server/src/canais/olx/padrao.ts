import {
  type CampoPadrao,
  OLX_DIRECOES,
  OLX_SIM_NAO,
  OLX_STATUS_FINANCEIRO,
  type PadroesPublicacao,
  type PostOlx,
  postOlx,
  type RascunhoOlx,
} from '@intermedio/contracts';
import { escolhaOuPadrao, postOuRevisao, textoPadrao } from '../padroes.ts';
import type { OpcaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import { digitos } from './rascunho.ts';

/** The Incluir screen's labels of the post's fields (PaginaIncluirOlx), in the screen's order, for the review list. */
const ROTULOS: Readonly<Record<string, string>> = {
  subject: 'Título anúncio',
  body: 'Descrição anúncio',
  phone: 'Telefone',
  price: 'Preço',
  zipcode: 'CEP',
  regdate: 'Ano modelo',
  mileage: 'Quilometragem',
  gearbox: 'Câmbio',
  fuel: 'Combustível',
  vehicle_brand: 'Marca',
  vehicle_model: 'Modelo',
  vehicle_version: 'Versão',
  doors: 'Portas',
  end_tag: 'Final da placa',
  vehicle_tag: 'Placa',
  car_steering: 'Direção',
  motorpower: 'Potência do motor',
  cartype: 'Tipo de carro',
  carcolor: 'Cor',
  exchange: 'Aceita troca',
  financial_status: 'Status financeiro',
  financial: 'Estado financeiro',
  owner: 'Único dono',
  imagens: 'Imagens',
  car_features: 'Opcionais',
};

/**
 * What Olx's bulk publish reads: the title and description templates, the advert's phone and CEP (the reseller's own
 * by default), and the choices the product has no data for: financial status and steering (required by the screen;
 * steering is read from the options when they name it), swap and single owner.
 */
export const camposPadraoOlx: readonly CampoPadrao[] = [
  { campo: 'titulo', rotulo: 'Título anúncio' },
  { campo: 'descricao', rotulo: 'Descrição anúncio' },
  { campo: 'telefone', rotulo: 'Telefone' },
  { campo: 'cep', rotulo: 'CEP' },
  { campo: 'escolhas.financial_status', rotulo: 'Status financeiro', obrigatorio: true, opcoes: OLX_STATUS_FINANCEIRO },
  { campo: 'escolhas.car_steering', rotulo: 'Direção', obrigatorio: true, opcoes: OLX_DIRECOES },
  { campo: 'escolhas.exchange', rotulo: 'Aceita troca', opcoes: OLX_SIM_NAO },
  { campo: 'escolhas.owner', rotulo: 'Único dono', opcoes: OLX_SIM_NAO },
];

/**
 * The post "Incluir veículo Olx" would send for this draft (the form starts as the draft's `veiculoPost`), with the
 * reseller's defaults: the templates, phone and CEP when given, and the choices above where the draft left them
 * unchosen ('' or '0'; a default outside OLX's codes counts as none). Whatever the screen would still refuse — brand,
 * model or version unmatched or ambiguous (the draft leaves them empty), a required choice without default, a text
 * over OLX's limit, a vehicle without photos (OLX refuses an ad without images) — is answered as the screen's labels.
 */
export function postPadraoOlx(d: RascunhoOlx, v: VeiculoParaCanal, p: PadroesPublicacao): { post: PostOlx } | { revisao: string[] } {
  const r = d.veiculoPost;
  // '' and '0' are "not chosen" on OLX's selects.
  const escolha = (atual: string, campo: keyof PostOlx, lista: readonly OpcaoCanal[]) => {
    const padrao = escolhaOuPadrao(atual === '0' ? '' : atual, lista, p.escolhas?.[campo]);
    return padrao || atual;
  };
  const post: PostOlx = {
    ...r,
    subject: textoPadrao(p.titulo, v, r.subject),
    body: textoPadrao(p.descricao, v, r.body),
    phone: p.telefone ? digitos(p.telefone) : r.phone,
    zipcode: p.cep ? digitos(p.cep) : r.zipcode,
    financial_status: escolha(r.financial_status, 'financial_status', OLX_STATUS_FINANCEIRO),
    car_steering: escolha(r.car_steering, 'car_steering', OLX_DIRECOES),
    exchange: escolha(r.exchange, 'exchange', OLX_SIM_NAO),
    owner: escolha(r.owner, 'owner', OLX_SIM_NAO),
  };
  return postOuRevisao(postOlx, post, ROTULOS, d.images.length ? [] : ['imagens']);
}
