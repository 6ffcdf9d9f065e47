import {
  CAMBIOS_CATALOGO,
  COMBUSTIVEIS_CATALOGO,
  CORES_CATALOGO,
  codigoCatalogo,
  marcasDoTipo,
  type TipoVeiculoCatalogo,
} from './catalogo-veiculos.ts';

/**
 * Webmotors' catalogue as its sandbox codes it: brands per vehicle type (cars and motorcycles are separate catalogues
 * at Webmotors), a model's code = brand code × 100 + position, a version's = model code × 100 + position.
 */
export type TipoWebmotors = Extract<TipoVeiculoCatalogo, 'carro' | 'moto'>;
export type VersaoWM = { codigo: number; nome: string };
export type ModeloWM = { codigo: number; nome: string; anos: number[]; versoes: VersaoWM[] };
export type MarcaWM = { codigo: number; nome: string; modelos: ModeloWM[] };

const BASE_MARCA: Record<TipoWebmotors, number> = { carro: 100, moto: 500 };

function catalogo(tipo: TipoWebmotors): MarcaWM[] {
  return marcasDoTipo(tipo).map((marca, i) => {
    const codigo = codigoCatalogo(BASE_MARCA[tipo], i);
    return {
      codigo,
      nome: marca.nome,
      modelos: marca.modelos.map((modelo, j) => {
        const codigoModelo = codigo * 100 + j + 1;
        return {
          codigo: codigoModelo,
          nome: modelo.nome,
          anos: modelo.anos,
          versoes: modelo.versoes.map((nome, k) => ({ codigo: codigoModelo * 100 + k + 1, nome })),
        };
      }),
    };
  });
}

export const MARCAS_WM: Record<TipoWebmotors, MarcaWM[]> = { carro: catalogo('carro'), moto: catalogo('moto') };

const codificar = (nomes: readonly string[], base: number) => nomes.map((nome, i) => ({ codigo: codigoCatalogo(base, i), nome }));
export const CORES_WM = codificar(CORES_CATALOGO, 0);
export const COMBUSTIVEIS_WM = codificar(COMBUSTIVEIS_CATALOGO, 0);
export const CAMBIOS_WM = codificar([...CAMBIOS_CATALOGO.map((c) => c.nome), 'Automatizado', 'CVT'], 0);
export const OPCIONAIS_WM = codificar(
  [
    'Air bag',
    'Alarme',
    'Ar condicionado',
    'Banco com regulagem de altura',
    'Bancos de couro',
    'Câmera de ré',
    'Computador de bordo',
    'Controle automático de velocidade',
    'Direção hidráulica',
    'Freio ABS',
    'Multimídia',
    'Rodas de liga leve',
    'Sensor de estacionamento',
    'Travas elétricas',
    'Vidros elétricos',
  ],
  0,
);
/** Modalities (plans) with their quota per dealer; TipoAnuncio U (used) / N (new). */
export const MODALIDADES_WM = [
  { codigo: 1, nome: 'Básico', tipoAnuncio: 'U', quota: 50 },
  { codigo: 2, nome: 'Destaque', tipoAnuncio: 'U', quota: 3 },
  { codigo: 3, nome: '0 Km', tipoAnuncio: 'N', quota: 20 },
] as const;

/** Brand, model and version codes that belong together, sold in that model year. */
export function conferirCatalogo(tipo: TipoWebmotors, marca: number, modelo: number, versao: number, anoModelo: number) {
  const m = MARCAS_WM[tipo].find((x) => x.codigo === marca)?.modelos.find((x) => x.codigo === modelo);
  return Boolean(m?.versoes.some((v) => v.codigo === versao) && m.anos.includes(anoModelo));
}
