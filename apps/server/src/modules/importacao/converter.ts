import {
  CAMPO_VEICULO_IMPORTACAO,
  CAMPOS_IMPORTACAO,
  CARROCERIAS,
  type CampoImportacao,
  CORES_VEICULO,
  type MapeamentoImportacao,
  TIPOS_VEICULO,
  type VeiculoEntrada,
  type VeiculoValidado,
  veiculoEntrada,
} from '@intermedio/contracts';
import type { VeiculoRegistro } from '../veiculos/veiculos.repository.ts';
import { normalizar } from './mapeamento.ts';

/**
 * One source row → the vehicle form's input, converting the labels dealers write ("Flex", "Automático", "Branca",
 * "Sim", "R$ 89.900,00", "35.000 km"); then validated by the form's own schema, so errors carry its messages.
 */
const porNome = <T extends string>(valores: readonly T[], extra: Record<string, T> = {}) => {
  const m = new Map<string, T>(Object.entries(extra));
  for (const v of valores) m.set(normalizar(v), v);
  return (texto: string): T | string => m.get(normalizar(texto)) ?? texto;
};

const tipo = porNome(TIPOS_VEICULO, {
  automovel: 'carro',
  carros: 'carro',
  motocicleta: 'moto',
  motos: 'moto',
  caminhoes: 'caminhao',
  outro: 'outros',
});
const COMBUSTIVEL: Record<string, string> = {
  flex: 'flex',
  flexivel: 'flex',
  bicombustivel: 'flex',
  alcoolgasolina: 'flex',
  gasolinaalcool: 'flex',
  gasolinaeetanol: 'flex',
  gasolinaealcool: 'flex',
  alcool: 'alcool',
  etanol: 'alcool',
  gasolina: 'gasolina',
  diesel: 'diesel',
  gnv: 'gnv',
  gas: 'gnv',
  eletrico: 'eletrico',
  eletrica: 'eletrico',
  hibrido: 'hibrido',
  hibrida: 'hibrido',
  oleo: 'oleo',
};
const CAMBIO: Record<string, 'A' | 'M'> = {
  a: 'A',
  aut: 'A',
  automatico: 'A',
  automatica: 'A',
  automatizado: 'A',
  automatizada: 'A',
  cvt: 'A',
  m: 'M',
  mec: 'M',
  manual: 'M',
  mecanico: 'M',
  mecanica: 'M',
};
const cor = porNome(CORES_VEICULO, {
  branca: 'Branco',
  preta: 'Preto',
  vermelha: 'Vermelho',
  amarela: 'Amarelo',
  prateado: 'Prata',
  prateada: 'Prata',
  dourada: 'Dourado',
  cinzento: 'Cinza',
  grafite: 'Cinza',
});
const carroceria = porNome(CARROCERIAS, {
  seda: 'Sedan',
  sedã: 'Sedan',
  hatchback: 'Hatch',
  picape: 'Pick-up',
  pickup: 'Pick-up',
  caminhonete: 'Pick-up',
  van: 'Van/Utilitario',
  utilitario: 'Van/Utilitario',
  minivan: 'Van/Utilitario',
  cabriolet: 'Conversivel',
  conversivel: 'Conversivel',
});
const SIM = new Set(['sim', 's', '1', 'true', 'x', 'yes', 'y', 'verdadeiro']);
const NAO = new Set(['nao', 'n', '0', 'false', 'no', '', 'falso']);

const sim = (t: string) => (SIM.has(normalizar(t)) ? 1 : NAO.has(normalizar(t)) ? 0 : t);

/** "R$ 89.900,00" / "89900" / "89.900" (thousands) / "89900.50" → the form's accepted text. */
export function textoValor(t: string) {
  const s = t.replace(/R\$|\s/gi, '');
  return /^\d{1,3}(\.\d{3})+$/.test(s) ? s.replace(/\./g, '') : s;
}
/** "35.000 km" → "35000". */
const textoKm = (t: string) => (/^[\d.\s]+(km)?$/i.test(t.trim()) ? t.replace(/\D/g, '') : t.trim());

/** The source's photo addresses (http/https), at most 40 as the form. */
export const urlsDeFotos = (t: string) => t.split(/[\s,;|]+/).filter((u) => /^https?:\/\/\S+$/i.test(u));
export const nomesDeOpcionais = (t: string) => (t.includes(';') ? t.split(';') : t.split(',')).map((s) => s.trim()).filter(Boolean);

/** The converted values of the mapped fields that have a value in this row (an empty cell is absent). */
export function valoresDaLinha(linha: Record<string, string>, m: MapeamentoImportacao) {
  const v: Partial<Record<CampoImportacao, string>> = {};
  for (const campo of CAMPOS_IMPORTACAO) {
    const coluna = m[campo];
    const t = coluna ? (linha[coluna] ?? '').trim() : '';
    if (t !== '') v[campo] = t;
  }
  // "2022/2023" in the year column, the model year not given apart.
  const anos = v.ano_fabricacao?.match(/^(\d{4})\s*[/-]\s*(\d{4})$/);
  if (anos) {
    v.ano_fabricacao = anos[1];
    v.ano_modelo ??= anos[2];
  }
  return v;
}

/** The form's input from a row's values (`opcionais` and `imagens` are filled by the caller). */
export function entradaDosValores(v: Partial<Record<CampoImportacao, string>>, base: Partial<VeiculoEntrada> = {}): VeiculoEntrada {
  const e: Record<string, unknown> = { vetipoveiculo: 'carro', ...base };
  const por: Partial<Record<CampoImportacao, (t: string) => unknown>> = {
    tipo,
    combustivel: (t) => COMBUSTIVEL[normalizar(t)] ?? t,
    cambio: (t) => CAMBIO[normalizar(t)] ?? t,
    cor: (t) => {
      const c = cor(t);
      return (CORES_VEICULO as readonly string[]).includes(c) ? c : cor(t.split(/\s+/)[0] ?? t);
    },
    carroceria,
    portas: (t) => t.replace(/\D/g, '') || t,
    km: textoKm,
    valor: textoValor,
    novo: sim,
    ipva_pago: sim,
    blindado: sim,
    garantia_fabrica: sim,
    exibir_site: (t) => (sim(t) === 1 ? true : sim(t) === 0 ? false : t),
  };
  for (const campo of CAMPOS_IMPORTACAO) {
    if (campo === 'opcionais' || campo === 'fotos') continue;
    const t = v[campo];
    if (t === undefined) continue;
    e[CAMPO_VEICULO_IMPORTACAO[campo]] = por[campo] ? por[campo](t) : t;
  }
  return e as VeiculoEntrada;
}

/** A stored vehicle as the form's input (an update starts from it; the row's values replace what they give). */
export function entradaDoVeiculo(v: VeiculoRegistro): Partial<VeiculoEntrada> {
  return {
    vetipoveiculo: v.vetipoveiculo,
    vefipe_marca: v.vefipe_marca,
    ve_modelo: v.ve_modelo,
    ve_versao: v.ve_versao,
    vefipe_codigo: v.vefipe_codigo,
    veano_fabricacao: v.veano_fabricacao,
    vefipe_ano_modelo: v.vefipe_ano_modelo,
    vefipe_combustivel: v.vefipe_combustivel as VeiculoEntrada['vefipe_combustivel'],
    vecambio: (v.vecambio ?? undefined) as VeiculoEntrada['vecambio'],
    vecor: (v.vecor ?? undefined) as VeiculoEntrada['vecor'],
    veportas: v.veportas ?? undefined,
    vecarroceria: (v.vecarroceria ?? null) as VeiculoEntrada['vecarroceria'],
    veiplaca: v.veiplaca,
    vequilometragem: v.vequilometragem,
    vevalor: v.vevalor,
    vecodigo_interno: v.vecodigo_interno,
    veobservacao: v.veobservacao,
    veveiculonovo: v.veveiculonovo as 0 | 1,
    veipva_pago: v.veipva_pago as 0 | 1,
    veblindado: v.veblindado as 0 | 1,
    vegarantia_fabrica: v.vegarantia_fabrica as 0 | 1,
    veexibir_site: v.veexibir_site,
    opcionais: v.opcionais.map((o) => o.id),
    locais_anuncio: v.locais_anuncio.map((l) => ({
      id: l.id,
      codigoMarca: l.codigoMarca,
      codigoModelo: l.codigoModelo,
      codigoVersao: l.codigoVersao,
      versao: l.versao,
    })),
  };
}

const CAMPO_DO_FORMULARIO = new Map(CAMPOS_IMPORTACAO.map((c) => [CAMPO_VEICULO_IMPORTACAO[c], c]));

/** Validates with the form's schema; errors are per import field, with the form's messages. */
export function validar(
  e: VeiculoEntrada,
): { ok: true; dados: VeiculoValidado } | { ok: false; erros: { campo: CampoImportacao; mensagem: string }[] } {
  const r = veiculoEntrada.safeParse(e);
  if (r.success) return { ok: true, dados: r.data };
  const erros: { campo: CampoImportacao; mensagem: string }[] = [];
  for (const i of r.error.issues) {
    const campo = CAMPO_DO_FORMULARIO.get(String(i.path[0] ?? ''));
    if (campo && !erros.some((x) => x.campo === campo)) erros.push({ campo, mensagem: i.message });
  }
  return { ok: false, erros };
}
