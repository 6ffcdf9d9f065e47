import {
  type CampoPadrao,
  FLAGS_WEBMOTORS,
  type PadroesPublicacao,
  type PostWebmotors,
  type PostWebmotorsEntrada,
  postWebmotors,
  type RascunhoWebmotors,
} from '@intermedio/contracts';
import { descricaoPadrao, escolhaPadrao, revisao } from '../padroes.ts';
import type { OpcaoCanal, SessaoCanal } from '../publicacao.ts';
import { type ContextoCanal, ok, type Resultado } from '../tipos.ts';
import * as catalogo from './catalogo.ts';

/** The flags the product's data does not have (Blindado, IPVA pago and Garantia de fábrica come from the vehicle). */
const FLAGS_SEM_DADO = FLAGS_WEBMOTORS.filter((f) => !['Blindado', 'IpvaPago', 'GarantiaDeFabrica'].includes(f.campo));
const SIM_NAO = [
  { id: 'N', nome: 'Não' },
  { id: 'S', nome: 'Sim' },
];

/** The Incluir screen's labels of the post's fields (FormularioWebmotors), in its order, for the review list. */
const ROTULOS: Record<string, string> = {
  CodigoModalidade: 'Modalidade do anúncio',
  TipoAnuncio: 'Tipo do anúncio',
  CodigoMarca: 'Marca',
  CodigoModelo: 'Modelo',
  CodigoVersao: 'Versão',
  AnoDoModelo: 'Ano modelo',
  AnoFabricacao: 'Ano fabricação',
  Placa: 'Placa',
  Km: 'Quilometragem',
  PrecoReal: 'Preço',
  CodigoCombustivel: 'Combustível',
  CodigoCor: 'Cor',
  NrPortas: 'Portas',
  CodigoCambio: 'Câmbio',
  ...Object.fromEntries(FLAGS_WEBMOTORS.map((f) => [f.campo, 'Características'])),
  Observacao: 'Observações',
  Opcional: 'Opcionais',
};

/**
 * What Webmotors' bulk publish reads: the ad modality (the reseller's contracted ones; used when the vehicle's ad type
 * has several, the draft choosing the only one otherwise), the observations template, and the flags the product's
 * data does not have. The ad type is the vehicle's own (new or used); Webmotors' advert has no title, phone or CEP.
 */
export const camposPadraoWebmotors: readonly CampoPadrao[] = [
  { campo: 'plano', rotulo: 'Modalidade do anúncio' },
  { campo: 'descricao', rotulo: 'Observações' },
  ...FLAGS_SEM_DADO.map((f) => ({ campo: `escolhas.${f.campo}`, rotulo: f.rotulo, opcoes: SIM_NAO })),
];

/** The reseller's modalities at Webmotors, named with their ad type ("Plano Ouro (usados)"). */
export async function opcoesPadraoWebmotors(ctx: ContextoCanal, sessao: SessaoCanal): Promise<Resultado<Record<string, OpcaoCanal[]>>> {
  const m = await catalogo.modalidades(ctx, sessao);
  if (!m.ok) return m;
  const tipo = (t: string) => (t === 'N' ? 'novos' : 'usados');
  return ok({ plano: m.valor.map((x) => ({ id: x.id, nome: `${x.nome} (${tipo(x.tipoAnuncio)})` })) });
}

/**
 * The post "Incluir carro / moto Webmotors" would send for this draft (the form starts from the draft's post and
 * sends it whole), with the reseller's defaults where the draft is empty: the modality (only one of the vehicle's
 * ad type), the observations template, and a flag set to "Sim". Whatever is still missing or invalid — brand, model or
 * version unmatched or ambiguous, colour, fuel, gearbox, doors, years, observations over 1500 characters… — is
 * answered as the screen's labels for review.
 */
export function postPadraoWebmotors(
  d: RascunhoWebmotors,
  v: Parameters<typeof descricaoPadrao>[1],
  p: PadroesPublicacao,
): { post: PostWebmotors } | { revisao: string[] } {
  const r = d.veiculoPost;
  const plano = p.plano ?? '';
  const modalidadeDoTipo = d.retModalidade.some((m) => m.id === plano && m.tipoAnuncio === r.TipoAnuncio);
  const flags = Object.fromEntries(FLAGS_SEM_DADO.map((f) => [f.campo, escolhaPadrao(p, f.campo) === 'S' ? 'S' : r[f.campo]]));
  const post = {
    ...r,
    ...flags,
    CodigoModalidade: r.CodigoModalidade || (modalidadeDoTipo ? plano : ''),
    Observacao: descricaoPadrao(p, v) ?? r.Observacao,
  } as PostWebmotorsEntrada;
  const lido = postWebmotors.safeParse(post);
  const invalidos = new Set(lido.success ? [] : lido.error.issues.map((i) => String(i.path[0] ?? '')));
  // A year or the doors left null would be read as 0 by the schema's coercion: missing, not zero.
  for (const campo of ['AnoDoModelo', 'AnoFabricacao', 'NrPortas'] as const) if (r[campo] === null) invalidos.add(campo);
  const faltam = [
    ...new Set([
      ...revisao(Object.entries(ROTULOS).map(([campo, rotulo]): [string, boolean] => [rotulo, invalidos.has(campo)])),
      ...[...invalidos].filter((c) => !ROTULOS[c]),
    ]),
  ];
  return faltam.length || !lido.success ? { revisao: faltam } : { post: lido.data };
}
