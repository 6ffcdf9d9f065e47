import {
  MENSAGENS,
  type Plano,
  RECURSOS,
  RECURSOS_PADRAO,
  type Recurso,
  type Revenda,
  type RevendaEntrada,
  TIPOS_MOLDURA,
} from '@intermedio/contracts';
import type { FormErrors } from '@mantine/form';
import { lerValor } from '@/lib/formato';

export type TipoMoldura = (typeof TIPOS_MOLDURA)[number];

/** What the reseller form edits: texts as strings ('' = empty), numbers as number | '' (Mantine NumberInput). */
export type ValoresRevenda = {
  perazao_social_nome: string;
  penome_fantasia: string;
  pecpf_cnpj: string;
  peinscricaoestadual: string;
  peinscricaomunicipal: string;
  peemail: string;
  pehomepage: string;
  petelefone1: string;
  petelefone2: string;
  petelefone3: string;
  pecep_fiscal: string;
  peendereco_fiscal: string;
  peendereco_fiscal_numero: string;
  peendereco_fiscal_compl: string;
  pebairro_fiscal: string;
  pecidade: string;
  peuf: string | null;
  peblocotexto: string;
  peblocotextovendidos: string;
  peblocotextobanners: string;
  peobsadm: string;
  logotipo: string;
  plano: Plano | null;
  recursos: Record<Recurso, boolean>;
  pedatavencimento: number | '';
  /** number, or the decimal string the money input gives once typed ("1234.50"). */
  pevalormensalidade: number | string;
  pestatus: string | null;
  texto_sobre_nos_site: string;
  horario_seg_sex: string;
  horario_sab: string;
  mapa_link: string;
  instagram_link: string;
  facebook_link: string;
  tipo_moldura_veiculo: TipoMoldura;
  diretorio_veiculo: string;
  imagem_moldura_veiculo: string;
  tipo_moldura_vendido: TipoMoldura;
  diretorio_vendido: string;
  imagem_moldura_vendido: string;
  transformation: string;
  transformation_vendidos: string;
  transformation_videos: string;
};

const TEXTOS = [
  'perazao_social_nome',
  'penome_fantasia',
  'pecpf_cnpj',
  'peinscricaoestadual',
  'peinscricaomunicipal',
  'peemail',
  'pehomepage',
  'petelefone1',
  'petelefone2',
  'petelefone3',
  'pecep_fiscal',
  'peendereco_fiscal',
  'peendereco_fiscal_compl',
  'pebairro_fiscal',
  'pecidade',
  'peblocotexto',
  'peblocotextovendidos',
  'peblocotextobanners',
  'peobsadm',
  'logotipo',
  'texto_sobre_nos_site',
  'horario_seg_sex',
  'horario_sab',
  'mapa_link',
  'instagram_link',
  'facebook_link',
  'diretorio_veiculo',
  'imagem_moldura_veiculo',
  'diretorio_vendido',
  'imagem_moldura_vendido',
  'transformation',
  'transformation_vendidos',
  'transformation_videos',
] as const satisfies readonly (keyof ValoresRevenda & keyof Revenda)[];

const tipoMoldura = (v: string | null | undefined): TipoMoldura => TIPOS_MOLDURA.find((t) => t === v) ?? '';

/** Form values of a new reseller, or of an existing one (null → ''). */
export function valoresIniciais(r?: Revenda): ValoresRevenda {
  const textos = Object.fromEntries(TEXTOS.map((c) => [c, r?.[c] ?? ''])) as Record<(typeof TEXTOS)[number], string>;
  const valor = lerValor(r?.pevalormensalidade);
  return {
    ...textos,
    peendereco_fiscal_numero: r?.peendereco_fiscal_numero?.toString() ?? '',
    peuf: r?.peuf || null,
    plano: r?.plano ?? null,
    recursos: Object.fromEntries(RECURSOS.map((k) => [k, r?.recursos[k] ?? RECURSOS_PADRAO[k]])) as Record<Recurso, boolean>,
    pedatavencimento: r?.pedatavencimento ?? '',
    pevalormensalidade: valor ?? '',
    pestatus: r?.pestatus || null,
    tipo_moldura_veiculo: tipoMoldura(r?.tipo_moldura_veiculo),
    tipo_moldura_vendido: tipoMoldura(r?.tipo_moldura_vendido),
  };
}

/** The request body (revendaEntrada): every field, since PUT replaces the reseller. Called after validation (plano set). */
export function paraEntrada(v: ValoresRevenda): RevendaEntrada {
  return {
    ...v,
    plano: v.plano as Plano,
    pedatavencimento: v.pedatavencimento === '' ? null : v.pedatavencimento,
    pevalormensalidade: v.pevalormensalidade === '' ? null : v.pevalormensalidade,
    peuf: (v.peuf || null) as RevendaEntrada['peuf'],
    pestatus: (v.pestatus || null) as RevendaEntrada['pestatus'],
  };
}

/**
 * The frame rules of spec 1 §5 (the contract checks them too, but only once the other fields are valid;
 * here they show together with the rest): imagem_rodape needs directory and image, personalizada the transformation.
 */
export function errosMoldura(v: ValoresRevenda): FormErrors {
  const erros: FormErrors = {};
  const exigir = (campo: keyof ValoresRevenda) => {
    if (!String(v[campo] ?? '').trim()) erros[campo] = MENSAGENS.preenchimentoObrigatorio;
  };
  if (v.tipo_moldura_veiculo === 'imagem_rodape') {
    exigir('diretorio_veiculo');
    exigir('imagem_moldura_veiculo');
  }
  if (v.tipo_moldura_veiculo === 'personalizada') exigir('transformation');
  if (v.tipo_moldura_vendido === 'imagem_rodape') {
    exigir('diretorio_vendido');
    exigir('imagem_moldura_vendido');
  }
  if (v.tipo_moldura_vendido === 'personalizada') exigir('transformation_vendidos');
  return erros;
}
