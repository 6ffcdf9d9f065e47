import {
  type CampoPadrao,
  type PadroesPublicacao,
  type PostMercadoLivre,
  postMercadoLivre,
  type RascunhoMercadoLivre,
} from '@intermedio/contracts';
import { casarOpcao } from '../mapeamento.ts';
import { textoPadrao } from '../padroes.ts';
import type { VeiculoParaCanal } from '../publicacao.ts';

/** The yes / no attribute defaults the product has no data for (named as the category names them). */
const ESCOLHAS_ML: { id: string; rotulo: string }[] = [{ id: 'SINGLE_OWNER', rotulo: 'Único dono' }];
const SIM_NAO = [
  { id: 'Sim', nome: 'Sim' },
  { id: 'Não', nome: 'Não' },
];

/**
 * What Mercado Livre's bulk publish reads: the title and description templates, the advert's CEP (the reseller's by
 * default) and "Único dono", which the product does not record. No plan (the item always goes as silver, the
 * package contracted with ML) and no phone (ML takes the seller's contact from the account).
 */
export const camposPadraoMercadoLivre: readonly CampoPadrao[] = [
  { campo: 'titulo', rotulo: 'Título' },
  { campo: 'descricao', rotulo: 'Descrição' },
  { campo: 'cep', rotulo: 'CEP' },
  ...ESCOLHAS_ML.map((e) => ({ campo: `escolhas.${e.id}`, rotulo: e.rotulo, opcoes: SIM_NAO })),
];

/** The screen's labels of the post's own fields (TelaIncluirMercadoLivre); attributes are named by the category. */
const ROTULOS: Record<string, string> = {
  ml_titulo_anuncio: 'Título',
  ml_descricao_anuncio: 'Descrição',
  'ml_veiculo_post.location.address_line': 'Endereço',
  'ml_veiculo_post.location.zip_code': 'CEP',
};

/**
 * The post "Incluir carro / moto Mercado Livre" would send for this draft (title in upper case, the draft's
 * description, attributes and location), with the reseller's defaults: the templates, the CEP, and the yes / no
 * attributes above where the draft left them empty (by the value's name; one the category does not offer counts as
 * none). A required attribute still empty (a brand ML does not list, a colour or fuel it does not name…), a text over
 * ML's limit, no address or CEP, no photos (ML refuses an item without pictures) → the screen's labels for review.
 */
export function postPadraoMercadoLivre(
  d: RascunhoMercadoLivre,
  v: VeiculoParaCanal,
  p: PadroesPublicacao,
): { post: PostMercadoLivre } | { revisao: string[] } {
  const atributos = [...d.requiredAtributos, ...d.newAtributos];
  const ml_attributes = { ...d.ml_values };
  for (const { id } of ESCOLHAS_ML) {
    const a = atributos.find((x) => x.id === id);
    const escolhido = p.escolhas?.[id] ?? '';
    if (!a || ml_attributes[id] || !escolhido) continue;
    const valor = casarOpcao(
      a.values.map((x) => ({ id: x.id, nome: x.name })),
      escolhido,
    );
    if (valor) ml_attributes[id] = valor.id;
  }
  const post: PostMercadoLivre = {
    ml_titulo_anuncio: textoPadrao(p.titulo, v, d.veiculoPost.title).toUpperCase(),
    ml_descricao_anuncio: textoPadrao(p.descricao, v, d.veiculoPost.description.plain_text),
    ml_attributes,
    ml_veiculo_post: {
      location: { ...d.veiculoPost.location, ...(p.cep ? { zip_code: p.cep.replace(/\D/g, '') } : {}) },
    },
  };
  const lido = postMercadoLivre.safeParse(post);
  const invalidos = new Set(lido.success ? [] : lido.error.issues.map((i) => i.path.join('.')));
  const faltam = [
    ...Object.entries(ROTULOS)
      .filter(([campo]) => invalidos.has(campo))
      .map(([, rotulo]) => rotulo),
    ...d.requiredAtributos.filter((a) => !ml_attributes[a.id]?.trim()).map((a) => a.name),
    ...(d.veiculoPost.pictures.length ? [] : ['Imagens']),
    ...[...invalidos].filter((c) => !ROTULOS[c]),
  ];
  return faltam.length || !lido.success ? { revisao: faltam } : { post: lido.data };
}
