import {
  CODIGO_TIPO_VEICULO,
  type ImagemVeiculoEntrada,
  type TipoFipe,
  type Veiculo,
  type VeiculoEntrada,
  veiculoEntrada,
} from '@intermedio/contracts';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';

type Flag = 0 | 1;
/** A chosen ad location: the reseller's location id and, when it asks for one, the version picked. */
/** A chosen ad location; `versao` is the chosen version's name, kept with its code (shown instead of the code). */
export type LocalEscolhido = {
  id: string;
  codigoMarca: string | null;
  codigoModelo: string | null;
  codigoVersao: string | null;
  versao: string | null;
};

/** The form's values: the contract's input with the selects as text. */
export type ValoresVeiculo = {
  vetipoveiculo: string;
  vefipe_marca: string;
  ve_modelo: string;
  ve_versao: string;
  vefipe_codigo: string;
  veano_fabricacao: string;
  vefipe_ano_modelo: string;
  vefipe_combustivel: string;
  vecambio: string;
  vecor: string;
  veportas: string;
  vecarroceria: string;
  veiplaca: string;
  vequilometragem: string;
  vevalor: number | string;
  vecodigo_interno: string;
  veobservacao: string;
  veveiculonovo: Flag;
  veipva_pago: Flag;
  veblindado: Flag;
  vegarantia_fabrica: Flag;
  veexibir_site: boolean;
  imagens: ImagemVeiculoEntrada[];
  /** Ids of the optionals catalogue. */
  opcionais: string[];
  locais_anuncio: LocalEscolhido[];
};

export const VALORES_NOVO: ValoresVeiculo = {
  vetipoveiculo: 'carro',
  vefipe_marca: '',
  ve_modelo: '',
  ve_versao: '',
  vefipe_codigo: '',
  veano_fabricacao: '',
  vefipe_ano_modelo: '',
  vefipe_combustivel: 'flex',
  vecambio: '',
  vecor: '',
  veportas: '',
  vecarroceria: '',
  veiplaca: '',
  vequilometragem: '',
  vevalor: '',
  vecodigo_interno: '',
  veobservacao: '',
  veveiculonovo: 0,
  veipva_pago: 0,
  veblindado: 0,
  vegarantia_fabrica: 0,
  veexibir_site: true,
  imagens: [],
  opcionais: [],
  locais_anuncio: [],
};

const texto = (x: string | number | null | undefined) => (x === null || x === undefined ? '' : String(x));
const flag = (n: number): Flag => (n === 1 ? 1 : 0);

/** A stored vehicle as form values (change form). */
export function valoresDe(v: Veiculo): ValoresVeiculo {
  return {
    vetipoveiculo: v.vetipoveiculo,
    vefipe_marca: v.vefipe_marca,
    ve_modelo: v.ve_modelo,
    ve_versao: v.ve_versao,
    vefipe_codigo: texto(v.vefipe_codigo),
    veano_fabricacao: texto(v.veano_fabricacao),
    vefipe_ano_modelo: texto(v.vefipe_ano_modelo),
    vefipe_combustivel: v.vefipe_combustivel || 'flex',
    vecambio: texto(v.vecambio),
    vecor: texto(v.vecor),
    veportas: texto(v.veportas),
    vecarroceria: texto(v.vecarroceria),
    veiplaca: texto(v.veiplaca),
    vequilometragem: v.veveiculonovo === 1 ? '' : texto(v.vequilometragem),
    vevalor: v.vevalor,
    vecodigo_interno: texto(v.vecodigo_interno),
    veobservacao: texto(v.veobservacao),
    veveiculonovo: flag(v.veveiculonovo),
    veipva_pago: flag(v.veipva_pago),
    veblindado: flag(v.veblindado),
    vegarantia_fabrica: flag(v.vegarantia_fabrica),
    veexibir_site: v.veexibir_site,
    imagens: v.imagens.map(({ imagem, fileName, fileUrl, fileThumb, fileOriginal }) => ({
      imagem,
      fileName,
      fileUrl,
      fileThumb,
      fileOriginal,
    })),
    opcionais: v.opcionais.map((o) => o.id),
    locais_anuncio: v.locais_anuncio.map((l) => ({
      id: l.id,
      codigoMarca: l.codigoMarca ?? null,
      codigoModelo: l.codigoModelo ?? null,
      codigoVersao: l.codigoVersao ?? null,
      versao: l.versao ?? null,
    })),
  };
}

/** Form values → the contract's input (what is validated and sent). Bodies only for cars; km only for used vehicles. */
export function paraEntrada(v: ValoresVeiculo): VeiculoEntrada {
  const novo = v.veveiculonovo === 1;
  return {
    ...v,
    vetipoveiculo: v.vetipoveiculo as VeiculoEntrada['vetipoveiculo'],
    vefipe_codigo: v.vefipe_codigo || null,
    vefipe_combustivel: v.vefipe_combustivel as VeiculoEntrada['vefipe_combustivel'],
    vecambio: v.vecambio as VeiculoEntrada['vecambio'],
    vecor: v.vecor as VeiculoEntrada['vecor'],
    vecarroceria: v.vetipoveiculo === 'carro' ? (v.vecarroceria as VeiculoEntrada['vecarroceria']) : null,
    vequilometragem: novo ? null : v.vequilometragem,
    // An empty select is "no answer", not 0 doors (Number('') would be 0).
    veportas: v.veportas === '' ? (undefined as unknown as number) : v.veportas,
    vevalor: v.vevalor === '' ? null : v.vevalor,
  };
}

const validarEntrada = zod4Resolver(veiculoEntrada, { errorPriority: 'first' });

/** The vehicle form: its values checked by the contract's schema (the server's), after `paraEntrada`. */
export function useFormVeiculo(iniciais: ValoresVeiculo) {
  return useForm<ValoresVeiculo>({ initialValues: iniciais, validate: (valores) => validarEntrada(paraEntrada(valores)) });
}
export type FormVeiculo = ReturnType<typeof useFormVeiculo>;

/** Price-lookup type code of the form's vehicle type (outros: only the manual FIPE table). */
export const codigoFipe = (tipo: string): TipoFipe | null =>
  tipo in CODIGO_TIPO_VEICULO ? CODIGO_TIPO_VEICULO[tipo as keyof typeof CODIGO_TIPO_VEICULO] : null;
