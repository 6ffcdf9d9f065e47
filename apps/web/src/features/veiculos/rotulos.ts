import {
  anosFabricacao,
  anosModelo,
  CAMBIOS,
  CARROCERIAS,
  COMBUSTIVEIS,
  CORES_VEICULO,
  PORTAS,
  ROTULO_CAMBIO,
  ROTULO_CARROCERIA,
  ROTULO_COMBUSTIVEL,
  ROTULO_TIPO_VEICULO,
  TIPOS_VEICULO,
  type VeiculoLinha,
} from '@intermedio/contracts';

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

/** The list's text and type filter, shared with the stock export (contracts/exportacoes.ts). */
export { filtrarVeiculos } from '@intermedio/contracts';
