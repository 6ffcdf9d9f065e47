import {
  type CampoPadrao,
  MARCHAS_AUTOSCAR,
  type PadroesPublicacao,
  type RascunhoAutoscar,
  STATUS_AUTOSCAR,
  veiculoPostAutoscarPorTipo,
} from '@intermedio/contracts';
import { descricaoPadrao, escolhaPadrao, revisao } from '../padroes.ts';
import type { OpcaoCanal, PublicacaoVeiculo, VeiculoParaCanal } from '../publicacao.ts';
import { ok } from '../tipos.ts';
import { listasAutoscar } from './catalogo.ts';

/** The Incluir screen's labels of the post's fields (FormularioAutoscar), for the review list. */
const ROTULOS: Record<string, string> = {
  modelId: 'Versão',
  city: 'Cidade',
  state: 'UF',
  fuelType: 'Combustível',
  color: 'Cor',
  bodyStyle: 'Tipo de veículo',
  transmission: 'Transmissão',
  plate: 'Placa',
  ports: 'Portas',
  matchType: 'Tipo de partida',
  coolingType: 'Tipo de refrigeração',
  marches: 'Marchas',
  motor: 'Cilindrada',
  description: 'Descrição',
  optionals: 'Opcionais',
  photos: 'Imagens',
};

/**
 * What Autoscar's bulk publish reads: the description template, and a motorcycle's vehicle type (the product keeps no
 * body for motorcycles), start type, cooling type and gears, which the product's data does not have (the Incluir
 * screen starts them empty). Autoscar's advert has no
 * plan, ad type, title, phone or CEP (city and UF are the reseller's).
 */
export const camposPadraoAutoscar: readonly CampoPadrao[] = [
  { campo: 'descricao', rotulo: 'Descrição' },
  { campo: 'escolhas.bodyStyle', rotulo: 'Tipo de veículo (motos)' },
  { campo: 'escolhas.matchType', rotulo: 'Tipo de partida (motos)' },
  { campo: 'escolhas.coolingType', rotulo: 'Tipo de refrigeração (motos)' },
  { campo: 'escolhas.marches', rotulo: 'Marchas (motos)', opcoes: MARCHAS_AUTOSCAR.map((n) => ({ id: String(n), nome: String(n) })) },
];

/** Vehicle (body) types, start and cooling types of motorcycles: Autoscar's own lists (asked with the integrator's key, kept 10 minutes). */
export async function opcoesPadraoAutoscar(ctx: Parameters<NonNullable<PublicacaoVeiculo['opcoesPadrao']>>[0]) {
  const l = await listasAutoscar(ctx, 'moto');
  if (!l.ok) return l;
  return ok<Record<string, OpcaoCanal[]>>({
    'escolhas.bodyStyle': l.valor.tiposVeiculo,
    'escolhas.matchType': l.valor.partidas,
    'escolhas.coolingType': l.valor.refrigeracoes,
  });
}

const naLista = (lista: readonly OpcaoCanal[] | undefined, id: string) => Boolean(id && lista?.some((o) => o.id === id));

/**
 * The post "Incluir carro / moto Autoscar" would send for this draft (FormularioAutoscar's `paraPost`: the options
 * checked in the draft, its photos), with the reseller's defaults where the draft is empty: the description template,
 * and a motorcycle's vehicle type, start, cooling and gears (a default no longer in Autoscar's list counts as empty). Whatever is
 * still missing or invalid — brand, model or version unmatched or ambiguous (the draft then leaves it empty, as the
 * screen does), colour, fuel, body, gearbox, doors, city… — is answered as the screen's labels for review.
 */
export function postPadraoAutoscar(
  d: RascunhoAutoscar,
  v: VeiculoParaCanal,
  p: PadroesPublicacao,
): { post: Record<string, unknown> } | { revisao: string[] } {
  const r = d.veiculoPost;
  const comum = {
    plate: r.plate,
    city: r.city,
    state: r.state,
    description: descricaoPadrao(p, v) ?? r.description,
    modelId: r.modelId,
    fuelType: r.fuelType,
    color: r.color,
    bodyStyle: r.bodyStyle,
    transmission: r.transmission,
    optionals: d.retOpcionais.filter((o) => o.checked).map((o) => o.descricao),
    photos: r.photos,
    status: STATUS_AUTOSCAR,
  };
  const padrao = (campo: 'matchType' | 'coolingType' | 'bodyStyle', lista: readonly OpcaoCanal[] | undefined) => {
    const atual = r[campo] ?? '';
    if (atual) return atual;
    const escolhido = escolhaPadrao(p, campo);
    return naLista(lista, escolhido) ? escolhido : '';
  };
  const marchas = escolhaPadrao(p, 'marches');
  const post =
    d.tipo === 'carro'
      ? { ...comum, ports: r.ports ?? null }
      : {
          ...comum,
          // A motorcycle has no body in the product: the reseller's default type (a car's unmatched body is reviewed).
          bodyStyle: v.carroceria ? r.bodyStyle : padrao('bodyStyle', d.retTipoVeiculo),
          matchType: padrao('matchType', d.retTipoPartida),
          coolingType: padrao('coolingType', d.retTipoRefrigeracao),
          marches: r.marches ?? (marchas === '' ? null : Number(marchas)),
          motor: r.motor ?? '',
        };
  const lido = veiculoPostAutoscarPorTipo[d.tipo].safeParse(post);
  const invalidos = new Set(lido.success ? [] : lido.error.issues.map((i) => String(i.path[0] ?? '')));
  const faltam = [
    ...revisao([
      ['Marca', !d.veiculoData.veiculo_marca],
      ['Modelo', !d.veiculoData.veiculo_modelo],
      ...Object.entries(ROTULOS).map(([campo, rotulo]): [string, boolean] => [rotulo, invalidos.has(campo)]),
    ]),
    ...[...invalidos].filter((c) => !ROTULOS[c]),
  ];
  return faltam.length ? { revisao: faltam } : { post };
}
