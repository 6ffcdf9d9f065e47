import {
  anosFabricacao,
  anosModelo,
  CAMBIOS,
  CARROCERIAS,
  COMBUSTIVEIS,
  CORES_VEICULO,
  normalizarBusca,
  PORTAS,
  ROTULO_CAMBIO,
  ROTULO_CARROCERIA,
  ROTULO_COMBUSTIVEL,
  ROTULO_TIPO_VEICULO,
  TIPOS_VEICULO,
  type VeiculoLinha,
} from '@intermedio/contracts';
import { formatarMoeda } from '@/lib/formato';

/** Options of the form's lists (spec 2 §9), labels with accents, stored values as the contract has them. */
export const OPCOES_TIPO = TIPOS_VEICULO.map((t) => ({ value: t, label: ROTULO_TIPO_VEICULO[t] }));
export const OPCOES_COMBUSTIVEL = COMBUSTIVEIS.map((c) => ({ value: c, label: ROTULO_COMBUSTIVEL[c] }));
export const OPCOES_CAMBIO = CAMBIOS.map((c) => ({ value: c, label: ROTULO_CAMBIO[c] }));
export const OPCOES_COR = CORES_VEICULO.map((c) => ({ value: c, label: c }));
export const OPCOES_CARROCERIA = CARROCERIAS.map((c) => ({ value: c, label: ROTULO_CARROCERIA[c] }));
export const OPCOES_PORTAS = PORTAS.map((p) => ({ value: String(p), label: String(p) }));
/** Year lists (spec 2 §5): the current year down to 1950; the model year starts one beyond the current. */
export const ANOS_FABRICACAO = anosFabricacao().map(String);
export const ANOS_MODELO = anosModelo().map(String);

/** The label of a stored code, or the code itself when it has none. */
export const rotuloDe = (mapa: Readonly<Record<string, string>>, valor: string | null | undefined) => (valor ? (mapa[valor] ?? valor) : '');

type NomeAno = Pick<VeiculoLinha, 'vefipe_marca' | 'vefipe_name' | 'veano_fabricacao' | 'vefipe_ano_modelo'>;
/** "Chevrolet Onix LT 1.0" */
export const nomeVeiculo = (v: Pick<NomeAno, 'vefipe_marca' | 'vefipe_name'>) => `${v.vefipe_marca} ${v.vefipe_name}`.trim();
/** "2021/2022" (manufacture / model year) */
export const anoVeiculo = (v: Pick<NomeAno, 'veano_fabricacao' | 'vefipe_ano_modelo'>) => `${v.veano_fabricacao}/${v.vefipe_ano_modelo}`;

/** What the list's text filter looks in: name, years, plate, colour, internal code, price, type. */
function textoDeBusca(v: VeiculoLinha): string {
  return normalizarBusca(
    [nomeVeiculo(v), anoVeiculo(v), v.veiplaca, v.vecor, v.vecodigo_interno, formatarMoeda(v.vevalor), ROTULO_TIPO_VEICULO[v.vetipoveiculo]]
      .filter(Boolean)
      .join(' '),
  );
}

/**
 * Each row's search text, built the first time a filter needs it and kept while the row object lives (a live
 * patch replaces the object, so only that row is built again). Nothing is built until the user filters.
 */
const buscas = new WeakMap<VeiculoLinha, string>();
function buscaDe(v: VeiculoLinha): string {
  let t = buscas.get(v);
  if (t === undefined) {
    t = textoDeBusca(v);
    buscas.set(v, t);
  }
  return t;
}

/** Every word typed must appear somewhere in the row (any order, accents and case ignored); the type must match. */
export function filtrarVeiculos<T extends VeiculoLinha>(linhas: readonly T[], texto: string, tipo: string | null): readonly T[] {
  const palavras = normalizarBusca(texto).split(' ').filter(Boolean);
  if (palavras.length === 0 && !tipo) return linhas;
  return linhas.filter((v) => (!tipo || v.vetipoveiculo === tipo) && palavras.every((p) => buscaDe(v).includes(p)));
}
