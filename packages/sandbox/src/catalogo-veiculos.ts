/**
 * The vehicle names every channel sandbox builds its catalogue from (makes → models → versions, colours, fuels,
 * bodies), so that the demo stock (apps/server/src/db/demo-veiculos.ts) can be published to every channel. Each sandbox
 * gives these names its own codes (see `codigoCatalogo`) and may add channel-only entries; the names here never carry
 * codes. A few extra makes/models/versions beyond the demo stock make the cascades and "no match" cases testable.
 */

export type TipoVeiculoCatalogo = 'carro' | 'moto' | 'caminhao';

export type ModeloCatalogo = {
  nome: string;
  /** Version names as a reseller's FIPE data writes them (the demo stock's `versao`), plus siblings. */
  versoes: string[];
  /** Model years the versions are sold in (every version, every year: enough for the sandboxes). */
  anos: number[];
};

export type MarcaCatalogo = {
  tipo: TipoVeiculoCatalogo;
  nome: string;
  modelos: ModeloCatalogo[];
};

const anos = (de: number, ate: number) => Array.from({ length: ate - de + 1 }, (_, i) => de + i);

export const MARCAS_CATALOGO: readonly MarcaCatalogo[] = [
  // Cars
  {
    tipo: 'carro',
    nome: 'Fiat',
    modelos: [
      { nome: 'Argo', versoes: ['Drive 1.0 6V Flex 5p Mec.', 'Trekking 1.3 8V Flex 5p Mec.'], anos: anos(2018, 2025) },
      { nome: 'Mobi', versoes: ['Like 1.0 Fire Flex 5p Mec.'], anos: anos(2017, 2025) },
    ],
  },
  {
    tipo: 'carro',
    nome: 'Chevrolet',
    modelos: [
      { nome: 'Onix', versoes: ['LT 1.0 Turbo Flex 5p Aut.', 'LT 1.0 Flex 5p Mec.'], anos: anos(2017, 2025) },
      { nome: 'Tracker', versoes: ['Premier 1.2 Turbo Flex Aut.'], anos: anos(2020, 2025) },
    ],
  },
  {
    tipo: 'carro',
    nome: 'Volkswagen',
    modelos: [
      {
        nome: 'Polo',
        versoes: ['Highline 200 TSI 1.0 Flex Aut.', 'Comfortline 200 TSI 1.0 Flex Aut.'],
        anos: anos(2018, 2025),
      },
      { nome: 'Gol', versoes: ['1.0 Flex 12V 5p'], anos: anos(2015, 2023) },
    ],
  },
  {
    tipo: 'carro',
    nome: 'Toyota',
    modelos: [
      { nome: 'Corolla', versoes: ['XEi 2.0 Flex 16V Aut.', 'GLi 2.0 Flex 16V Aut.'], anos: anos(2015, 2025) },
      { nome: 'Yaris', versoes: ['XL 1.5 Flex 16V 5p Aut.'], anos: anos(2018, 2024) },
    ],
  },
  {
    tipo: 'carro',
    nome: 'Hyundai',
    modelos: [
      {
        nome: 'HB20',
        versoes: ['Comfort 1.0 Flex 12V Mec.', 'Comfort Plus 1.0 TB Flex 12V Aut.'],
        anos: anos(2016, 2025),
      },
      { nome: 'Creta', versoes: ['Limited 1.0 TB Flex Aut.'], anos: anos(2017, 2025) },
    ],
  },
  {
    tipo: 'carro',
    nome: 'Jeep',
    modelos: [
      {
        nome: 'Compass',
        versoes: ['Longitude 1.3 T270 Flex Aut.', 'Limited 1.3 T270 Flex Aut.'],
        anos: anos(2017, 2025),
      },
      { nome: 'Renegade', versoes: ['Sport 1.3 T270 Flex Aut.'], anos: anos(2016, 2025) },
    ],
  },
  {
    tipo: 'carro',
    nome: 'Honda',
    modelos: [
      { nome: 'Civic', versoes: ['EXL 2.0 Flex 16V Aut.', 'Touring 1.5 Turbo 16V Aut.'], anos: anos(2014, 2022) },
      { nome: 'HR-V', versoes: ['EXL 1.8 Flex 16V Aut.'], anos: anos(2016, 2025) },
    ],
  },
  {
    tipo: 'carro',
    nome: 'Renault',
    modelos: [
      { nome: 'Kwid', versoes: ['Zen 1.0 Flex 12V 5p Mec.', 'Intense 1.0 Flex 12V 5p Mec.'], anos: anos(2017, 2025) },
      { nome: 'Sandero', versoes: ['Life 1.0 Flex 12V 5p Mec.'], anos: anos(2015, 2022) },
    ],
  },
  // Motorcycles
  {
    tipo: 'moto',
    nome: 'Honda',
    modelos: [
      { nome: 'CG 160', versoes: ['Fan', 'Titan', 'Start'], anos: anos(2016, 2025) },
      { nome: 'Biz', versoes: ['125 Flex', '110i'], anos: anos(2016, 2025) },
    ],
  },
  {
    tipo: 'moto',
    nome: 'Yamaha',
    modelos: [
      { nome: 'Fazer', versoes: ['FZ25 250 ABS', 'FZ15 150'], anos: anos(2018, 2025) },
      { nome: 'Factor', versoes: ['150 ED'], anos: anos(2016, 2025) },
    ],
  },
  // Trucks
  {
    tipo: 'caminhao',
    nome: 'Volvo',
    modelos: [{ nome: 'FH', versoes: ['540 6x4 2p Diesel', '460 6x2 2p Diesel'], anos: anos(2012, 2025) }],
  },
  {
    tipo: 'caminhao',
    nome: 'Scania',
    modelos: [{ nome: 'R 450', versoes: ['6x2 2p Diesel'], anos: anos(2014, 2025) }],
  },
];

/** Colour names (the product's `vecor` values). */
export const CORES_CATALOGO = [
  'Amarelo',
  'Azul',
  'Bege',
  'Branco',
  'Cinza',
  'Dourado',
  'Laranja',
  'Marrom',
  'Prata',
  'Preto',
  'Verde',
  'Vermelho',
  'Vinho',
] as const;

/** Fuel names; the product stores the lowercase word (`vefipe_combustivel`: flex, gasolina, diesel…). */
export const COMBUSTIVEIS_CATALOGO = ['Flex', 'Gasolina', 'Etanol', 'Diesel', 'Elétrico', 'Híbrido', 'GNV'] as const;

/** Car bodies (the product's `vecarroceria`). */
export const CARROCERIAS_CATALOGO = ['Hatch', 'Sedan', 'SUV', 'Picape', 'Minivan', 'Perua', 'Cupê', 'Conversível'] as const;

/** Gearboxes: the product's code (A/M) and name. */
export const CAMBIOS_CATALOGO = [
  { codigo: 'M', nome: 'Manual' },
  { codigo: 'A', nome: 'Automático' },
] as const;

/**
 * A channel-specific, stable numeric code for an entry: the sandbox's base plus the position, so each channel's
 * codes differ (as real channels' do) and stay the same between runs. Example: `codigoCatalogo(7000, i)`.
 */
export function codigoCatalogo(base: number, indice: number): number {
  return base + indice + 1;
}

/** Makes of one vehicle type. */
export function marcasDoTipo(tipo: TipoVeiculoCatalogo): MarcaCatalogo[] {
  return MARCAS_CATALOGO.filter((m) => m.tipo === tipo);
}
