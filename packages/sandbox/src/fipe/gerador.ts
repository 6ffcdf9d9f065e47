import { CATALOGO_FIPE, type MarcaRef, type TipoApi } from './catalogo.ts';

/**
 * Expands the compact reference catalogue into what the FIPE API serves: brands, one FIPE model per version
 * ("<model> <version>"), its model years with the fuel in the year code ("2024-1") and a price per year.
 */

export type Combustivel = { codigo: number; nome: string; sigla: string };
const GASOLINA: Combustivel = { codigo: 1, nome: 'Gasolina', sigla: 'G' };
const DIESEL: Combustivel = { codigo: 3, nome: 'Diesel', sigla: 'D' };
const ELETRICO: Combustivel = { codigo: 4, nome: 'Elétrico', sigla: 'E' };
const HIBRIDO: Combustivel = { codigo: 6, nome: 'Híbrido', sigla: 'H' };

export function combustivelDoNome(nome: string): Combustivel {
  if (/diesel/i.test(nome)) return DIESEL;
  if (/el[ée]trico/i.test(nome)) return ELETRICO;
  if (/h[íi]brido|hybrid|e:hev|\bhev\b|phev|dm-i/i.test(nome)) return HIBRIDO;
  return GASOLINA;
}

export const VEHICLE_TYPE: Record<TipoApi, 1 | 2 | 3> = { cars: 1, motorcycles: 2, trucks: 3 };

/** Value kept after the first year, then per further year (cars, motorcycles, trucks). */
const DEPRECIACAO: Record<TipoApi, { primeiro: number; anual: number }> = {
  cars: { primeiro: 0.88, anual: 0.93 },
  motorcycles: { primeiro: 0.9, anual: 0.94 },
  trucks: { primeiro: 0.87, anual: 0.92 },
};
/** The catalogue's prices are those of the newest model year it lists. */
export const ANO_BASE = 2026;

export type AnoSandbox = { codigo: string; ano: number; combustivel: Combustivel; preco: number };
export type ModeloSandbox = { id: string; nome: string; familia: string; codigoFipe: string; anos: AnoSandbox[] };
export type MarcaSandbox = { codigo: string; nome: string; modelos: ModeloSandbox[] };

/** A small deterministic hash: the same entry always gets the same price variation. */
function hash(texto: string): number {
  let h = 2166136261;
  for (let i = 0; i < texto.length; i++) h = Math.imul(h ^ texto.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967295;
}

/** FIPE code with a check digit: 3 digits of the brand, 3 of the model, "-", 1 (e.g. 001234-5). */
export function codigoFipe(prefixo: string, sequencia: number): string {
  const base = `${prefixo}${String(sequencia).padStart(3, '0')}`;
  const soma = [...base].reduce((s, d, i) => s + Number(d) * (7 - i), 0);
  return `${base}-${(soma % 11) % 10}`;
}

function precoDoAno(tipo: TipoApi, milReais: number, ano: number, chave: string): number {
  const { primeiro, anual } = DEPRECIACAO[tipo];
  const idade = Math.max(0, ANO_BASE - ano);
  const fator = idade === 0 ? 1 : primeiro * anual ** (idade - 1);
  const variacao = 0.98 + hash(chave) * 0.04; // ±2 %, so the table does not look machine-made
  return Math.round((milReais * 1000 * fator * variacao) / 10) * 10;
}

function expandirMarca(tipo: TipoApi, marca: MarcaRef): MarcaSandbox {
  let sequencia = 0;
  const modelos: ModeloSandbox[] = [];
  for (const [familia, deModelo, ateModelo, versoes] of marca.modelos) {
    for (const [versao, milReais, de = deModelo, ate = ateModelo] of versoes) {
      sequencia += 1;
      const nome = `${familia} ${versao}`;
      const id = String(Number(marca.codigo) * 1000 + sequencia);
      const combustivel = combustivelDoNome(versao);
      const anos: AnoSandbox[] = [];
      for (let ano = ate; ano >= de; ano--) {
        anos.push({
          codigo: `${ano}-${combustivel.codigo}`,
          ano,
          combustivel,
          preco: precoDoAno(tipo, milReais, ano, `${tipo}:${id}:${ano}`),
        });
      }
      modelos.push({ id, nome, familia, codigoFipe: codigoFipe(marca.prefixo, sequencia), anos });
    }
  }
  return { codigo: marca.codigo, nome: marca.nome, modelos };
}

let expandido: Record<TipoApi, MarcaSandbox[]> | undefined;

/** The whole sandbox table (built once). */
export function tabelaSandbox(): Record<TipoApi, MarcaSandbox[]> {
  expandido ??= {
    cars: CATALOGO_FIPE.cars.map((m) => expandirMarca('cars', m)),
    motorcycles: CATALOGO_FIPE.motorcycles.map((m) => expandirMarca('motorcycles', m)),
    trucks: CATALOGO_FIPE.trucks.map((m) => expandirMarca('trucks', m)),
  };
  return expandido;
}

/** Size of the shipped catalogue, per vehicle type. */
export function tamanhoDoCatalogo() {
  return Object.fromEntries(
    Object.entries(tabelaSandbox()).map(([tipo, marcas]) => {
      const modelos = marcas.flatMap((m) => m.modelos);
      return [
        tipo,
        {
          marcas: marcas.length,
          modelos: new Set(modelos.map((m) => `${m.familia}`)).size,
          versoes: modelos.length,
          precos: modelos.reduce((s, m) => s + m.anos.length, 0),
        },
      ];
    }),
  ) as Record<TipoApi, { marcas: number; modelos: number; versoes: number; precos: number }>;
}

const MESES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
/** FIPE reference 308 is April 2024; one more per month. */
const REFERENCIA_ABRIL_2024 = { codigo: 308, mes: 2024 * 12 + 3 };

export type Referencia = { code: string; month: string };

/** The last twelve monthly references up to `agora`, newest first (as GET /references answers). */
export function referencias(agora: Date = new Date()): Referencia[] {
  const atual = agora.getUTCFullYear() * 12 + agora.getUTCMonth();
  return Array.from({ length: 12 }, (_, i) => {
    const mes = atual - i;
    return {
      code: String(REFERENCIA_ABRIL_2024.codigo + mes - REFERENCIA_ABRIL_2024.mes),
      month: `${MESES[mes % 12]} de ${Math.floor(mes / 12)}`,
    };
  });
}

/** "R$ 85.430,00" */
export const precoEmTexto = (valor: number) =>
  `R$ ${valor.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
