import { CAMBIOS_CATALOGO, CORES_CATALOGO, codigoCatalogo, MARCAS_CATALOGO } from './catalogo-veiculos.ts';

/**
 * Autoscar's catalogue with Autoscar's own codes (brands 31xx, models 33xx, versions 35xxx; lists 4x/5x/6x…):
 * built from the shared vehicle names so the demo stock can be published, plus Autoscar-only lists for motorcycles.
 */
export type TipoAutoscar = 'carro' | 'moto';
export type Item = { id: string; nome: string };
export type VersaoAutoscar = Item & { modeloId: string; marcaId: string; tipo: TipoAutoscar };

const marcas: (Item & { tipo: TipoAutoscar })[] = [];
const modelos: (Item & { marcaId: string })[] = [];
export const VERSOES_AUTOSCAR = new Map<string, VersaoAutoscar>();

let m = 0;
let v = 0;
MARCAS_CATALOGO.forEach((marca, i) => {
  if (marca.tipo === 'caminhao') return; // Autoscar lists cars and motorcycles only.
  const marcaId = String(codigoCatalogo(3100, i));
  marcas.push({ id: marcaId, nome: marca.nome, tipo: marca.tipo });
  for (const modelo of marca.modelos) {
    const modeloId = String(codigoCatalogo(3300, m++));
    modelos.push({ id: modeloId, nome: modelo.nome, marcaId });
    for (const versao of modelo.versoes) {
      const id = String(codigoCatalogo(35000, v++));
      VERSOES_AUTOSCAR.set(id, { id, nome: versao, modeloId, marcaId, tipo: marca.tipo });
    }
  }
});

const lista = (base: number, nomes: readonly string[]): Item[] => nomes.map((nome, i) => ({ id: String(codigoCatalogo(base, i)), nome }));

/** Autoscar's own spellings: "Álcool" (not "Etanol"), "Picape", "Conversível"… */
const COMBUSTIVEIS = lista(40, ['Flex', 'Gasolina', 'Álcool', 'Diesel', 'GNV', 'Elétrico', 'Híbrido']);
const CORES = lista(50, CORES_CATALOGO);
const TIPOS_CARRO = lista(60, ['Hatch', 'Sedan', 'SUV', 'Picape', 'Perua', 'Minivan', 'Cupê', 'Conversível', 'Van/Utilitário', 'Buggy']);
const TIPOS_MOTO = lista(80, ['Street', 'Trail', 'Scooter', 'Custom', 'Esportiva', 'Naked', 'Touring', 'Motoneta']);
const TRANSMISSOES = lista(
  70,
  CAMBIOS_CATALOGO.map((c) => c.nome),
);
const PARTIDAS = lista(90, ['Elétrica', 'Pedal', 'Elétrica e pedal']);
const REFRIGERACOES = lista(95, ['Ar', 'Líquida', 'Ar e óleo']);
const OPCIONAIS_CARRO = lista(200, [
  'Ar-condicionado',
  'Direção hidráulica',
  'Direção elétrica',
  'Vidros elétricos',
  'Travas elétricas',
  'Airbag',
  'Freios ABS',
  'Alarme',
  'Câmera de ré',
  'Sensor de estacionamento',
  'Central multimídia',
  'Rodas de liga leve',
  'Bancos de couro',
  'Teto solar',
]);
const OPCIONAIS_MOTO = lista(300, ['Freios ABS', 'Alarme', 'Baú', 'Protetor de motor', 'Painel digital', 'Partida elétrica']);

export const LISTAS_AUTOSCAR: Record<string, Record<TipoAutoscar, Item[]>> = {
  combustiveis: { carro: COMBUSTIVEIS, moto: COMBUSTIVEIS },
  cores: { carro: CORES, moto: CORES },
  'tipos-veiculo': { carro: TIPOS_CARRO, moto: TIPOS_MOTO },
  transmissoes: { carro: TRANSMISSOES, moto: TRANSMISSOES },
  'tipos-partida': { carro: [], moto: PARTIDAS },
  'tipos-refrigeracao': { carro: [], moto: REFRIGERACOES },
  opcionais: { carro: OPCIONAIS_CARRO, moto: OPCIONAIS_MOTO },
};

export const marcasAutoscar = (tipo: TipoAutoscar): Item[] => marcas.filter((x) => x.tipo === tipo).map(({ id, nome }) => ({ id, nome }));
export const modelosAutoscar = (marcaId: string): Item[] =>
  modelos.filter((x) => x.marcaId === marcaId).map(({ id, nome }) => ({ id, nome }));
export const versoesAutoscar = (modeloId: string): Item[] =>
  [...VERSOES_AUTOSCAR.values()].filter((x) => x.modeloId === modeloId).map(({ id, nome }) => ({ id, nome }));
export const nomeMarca = (id: string) => marcas.find((x) => x.id === id)?.nome ?? '';
export const nomeModelo = (id: string) => modelos.find((x) => x.id === id)?.nome ?? '';
export const existeNaLista = (lista: string, tipo: TipoAutoscar, id: unknown) =>
  (LISTAS_AUTOSCAR[lista]?.[tipo] ?? []).some((x) => x.id === id);
