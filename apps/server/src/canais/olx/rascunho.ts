import { OLX_CORES, OLX_ESTADO_FINANCEIRO, OLX_OPCIONAIS, type OpcaoOlx, type PostOlx, type RascunhoOlx } from '@intermedio/contracts';
import { casarOpcao, casarOpcional, nomeCanonico, ordenarOpcoes } from '../mapeamento.ts';
import type { VeiculoParaCanal } from '../publicacao.ts';

/** Mapping of the product's data to OLX codes (spec 3 §3.5, channels.md §1 sub_auto.md). */
export const digitos = (s: string) => s.replace(/\D/g, '');

const COMBUSTIVEL: Record<string, string> = {
  gasolina: '1',
  alcool: '2',
  etanol: '2',
  flex: '3',
  gnv: '4',
  'gas natural': '4',
  diesel: '5',
};
const CARROCERIA: [string, string][] = [
  ['hatch', '9'],
  ['sedan', '8'],
  ['seda', '8'],
  ['suv', '5'],
  ['picape', '3'],
  ['pick up', '3'],
  ['conversivel', '2'],
  ['buggy', '6'],
  ['van', '7'],
  ['minivan', '7'],
  ['utilitario', '7'],
];

/** OLX `motorpower` from the engine size in the version text ("1.0", "2.0"…): 1.0–1.1 → 1, 1.2–1.9 → 2–9, 2.x → 10, 3.x → 11, 4+ → 12. */
export function potencia(versao: string): string {
  const m = /\b(\d)[.,](\d)\b/.exec(versao);
  if (!m) return '';
  const [inteiro, decimo] = [Number(m[1]), Number(m[2])];
  if (inteiro === 1) return decimo <= 1 ? '1' : String(decimo);
  if (inteiro >= 4) return '12';
  return inteiro >= 2 ? String(inteiro + 8) : '';
}

/** `end_tag`: the plate's last digit + 1. */
export const finalPlaca = (placa: string) => {
  const ultimo = /(\d)\s*$/.exec(placa)?.[1];
  return ultimo === undefined ? '' : String(Number(ultimo) + 1);
};

const marcadas = (lista: OpcaoOlx[], nomes: string[]) => lista.filter((o) => nomes.some((n) => casarOpcional([o], n))).map((o) => o.id);

export function postInicial(v: VeiculoParaCanal, ids: { marca?: string; modelo?: string; versao?: string }): PostOlx {
  const opcionais = v.opcionais.map(nomeCanonico);
  const titulo = [v.marca, v.modelo, v.versao, v.anoModelo ?? ''].join(' ').replace(/\s+/g, ' ').trim().slice(0, 90);
  const carroceria = nomeCanonico(v.carroceria);
  const cor = v.cor ? (casarOpcao(OLX_CORES, v.cor)?.id ?? '10') : '';
  return {
    subject: titulo,
    body: (v.observacao.trim() || titulo).slice(0, 6000),
    phone: digitos(v.revenda.telefone),
    zipcode: digitos(v.revenda.cep),
    price: Math.round(v.valor),
    regdate: String(v.anoModelo ?? v.anoFabricacao ?? ''),
    mileage: Math.max(0, Math.round(v.km)),
    gearbox: v.cambio === 'A' ? '2' : '1',
    fuel: COMBUSTIVEL[nomeCanonico(v.combustivel)] ?? '',
    vehicle_brand: ids.marca ?? '',
    vehicle_model: ids.modelo ?? '',
    vehicle_version: ids.versao ?? '',
    doors: v.portas === 2 ? '1' : v.portas === 4 ? '2' : '',
    end_tag: finalPlaca(v.placa),
    vehicle_tag: v.placa.replace(/[^A-Za-z0-9]/g, '').toUpperCase(),
    car_steering: opcionais.some((o) => o.includes('direcao eletrica'))
      ? '2'
      : opcionais.some((o) => o.includes('direcao hidraulica'))
        ? '1'
        : '0',
    motorpower: potencia(v.versao),
    cartype: CARROCERIA.find(([nome]) => carroceria === nome)?.[1] ?? '',
    carcolor: cor,
    exchange: '',
    financial_status: '0',
    financial: v.ipvaPago ? ['2'] : [],
    owner: '',
    car_features: [...new Set([...marcadas(OLX_OPCIONAIS, v.opcionais), ...(v.blindado ? ['10'] : [])])],
  };
}

/** The draft with the catalogue cascades resolved as far as the product's names allow. */
export function montarRascunho(
  v: VeiculoParaCanal,
  listas: { marcas: OpcaoOlx[]; modelos: OpcaoOlx[]; versoes: OpcaoOlx[] },
  ids: { marca?: string; modelo?: string; versao?: string },
): RascunhoOlx {
  const post = postInicial(v, ids);
  return {
    veiculoPost: post,
    images: v.fotos.slice(0, 20).map((f) => ({ url: f.urlOriginal, miniatura: f.miniatura })),
    // Sorted by name like every list of the screens (spec 3 §2.1), not in OLX's code order.
    retOpcionais: ordenarOpcoes(OLX_OPCIONAIS.map((o) => ({ ...o, checked: post.car_features.includes(o.id) }))),
    retEstadoFinanceiro: ordenarOpcoes(OLX_ESTADO_FINANCEIRO.map((o) => ({ ...o, checked: post.financial.includes(o.id) }))),
    retMarca: ordenarOpcoes(listas.marcas),
    retModelo: ordenarOpcoes(listas.modelos),
    retVersao: ordenarOpcoes(listas.versoes),
  };
}
