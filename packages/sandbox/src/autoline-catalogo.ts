import { escaparXml } from '@intermedio/contracts';
import { CAMBIOS_CATALOGO, CARROCERIAS_CATALOGO, CORES_CATALOGO, codigoCatalogo, marcasDoTipo } from './catalogo-veiculos.ts';

/**
 * Autoline's car catalogue with Autoline's own ids (makes 1xx, models 1xxx, model years `{model}{year}`, versions
 * 4xxxx): built from the shared vehicle names. Lists answer `<Item><Id/><Name/></Item>` rows (spec 3 §3.6: Id/Name).
 */
export type Item = { id: string; nome: string };
type Versao = Item & { modeloId: string; marcaId: string };

const marcas: Item[] = [];
const modelos: (Item & { marcaId: string; anos: number[] })[] = [];
export const VERSOES_AUTOLINE = new Map<string, Versao>();

let m = 0;
let v = 0;
marcasDoTipo('carro').forEach((marca, i) => {
  const marcaId = String(codigoCatalogo(100, i));
  marcas.push({ id: marcaId, nome: marca.nome });
  for (const modelo of marca.modelos) {
    const modeloId = String(codigoCatalogo(1000, m++));
    modelos.push({ id: modeloId, nome: modelo.nome, marcaId, anos: modelo.anos });
    for (const nome of modelo.versoes) {
      const id = String(codigoCatalogo(40000, v++));
      VERSOES_AUTOLINE.set(id, { id, nome, modeloId, marcaId });
    }
  }
});

const lista = (base: number, nomes: readonly string[]): Item[] => nomes.map((nome, i) => ({ id: String(codigoCatalogo(base, i)), nome }));

export const LISTAS_AUTOLINE = {
  ConsultarCores: lista(10, CORES_CATALOGO),
  ConsultarCombustiveis: lista(30, ['Flex', 'Gasolina', 'Álcool', 'Diesel', 'GNV', 'Elétrico', 'Híbrido']),
  ConsultarCambios: lista(40, [...CAMBIOS_CATALOGO.map((c) => c.nome), 'Automatizado']),
  ConsultarNroPortas: lista(50, ['2 portas', '3 portas', '4 portas', '5 portas']),
  ConsultarCategorias: lista(60, CARROCERIAS_CATALOGO),
  ConsultarOpcionais: lista(200, [
    'Ar-condicionado',
    'Direção hidráulica',
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
  ]),
  ConsultarMotivosCancelamentoAnuncio: lista(0, ['Veículo vendido', 'Desistência da venda', 'Outros']),
} as const satisfies Record<string, Item[]>;

export const marcasAutoline = () => marcas;
export const modelosAutoline = (marcaId: string): Item[] => modelos.filter((x) => x.marcaId === marcaId);
/** Model years of a model: id `{modelId}{year}`, name the year. */
export const anosModelo = (modeloId: string): Item[] =>
  (modelos.find((x) => x.id === modeloId)?.anos ?? []).map((ano) => ({ id: `${modeloId}${ano}`, nome: String(ano) }));
export const versoesDoAno = (anoModeloId: string): Item[] => {
  const modeloId = anoModeloId.slice(0, -4);
  if (!anosModelo(modeloId).some((a) => a.id === anoModeloId)) return [];
  return [...VERSOES_AUTOLINE.values()].filter((x) => x.modeloId === modeloId).map(({ id, nome }) => ({ id, nome }));
};
export const naLista = (nome: keyof typeof LISTAS_AUTOLINE, id: string) => LISTAS_AUTOLINE[nome].some((x) => x.id === id);

export const itensXml = (itens: readonly Item[]) =>
  `<Itens>${itens.map((i) => `<Item><Id>${i.id}</Id><Name>${escaparXml(i.nome)}</Name></Item>`).join('')}</Itens>`;
