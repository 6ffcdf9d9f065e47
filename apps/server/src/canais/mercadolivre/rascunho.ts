import { type AtributoMl, ML_TIPOS_ATRIBUTO, type RascunhoMercadoLivre, type TipoAtributoMl } from '@intermedio/contracts';
import { casarMarca, casarOpcao, nomeCanonico } from '../mapeamento.ts';
import type { VeiculoParaCanal } from '../publicacao.ts';
import type { AtributoCategoria } from './itens.ts';

/** Mapping of the product's data to Mercado Livre category attributes (spec 3 §3.7, channels.md §2). */
export const CATEGORIA_ML: Record<string, string> = { carro: 'MLB1744', moto: 'MLB1763' };

const porNome = new Intl.Collator('pt-BR', { sensitivity: 'base' });
/** Product names → ML value names where they differ (ML says "Prateado", the product "Prata"). */
const SINONIMOS: Record<string, string> = {
  prata: 'Prateado',
  flex: 'Gasolina e álcool',
  etanol: 'Álcool',
  alcool: 'Álcool',
  gnv: 'Gás natural',
  hatch: 'Hatchback',
  sedan: 'Sedã',
  a: 'Automática',
  m: 'Manual',
};
const sinonimo = (nome: string) => SINONIMOS[nomeCanonico(nome)] ?? nome;

export function paraAtributo(a: AtributoCategoria): AtributoMl | null {
  if (!ML_TIPOS_ATRIBUTO.includes(a.value_type as TipoAtributoMl)) return null;
  return {
    id: a.id,
    name: a.name,
    value_type: a.value_type as TipoAtributoMl,
    values: [...(a.values ?? [])].sort((x, y) => porNome.compare(x.name, y.name)),
    unidades: (a.allowed_units ?? []).map((u) => u.id),
  };
}

export const obrigatorioMl = (a: AtributoCategoria) => Boolean(a.tags?.required || a.tags?.catalog_required);

/** The vehicle's own data as ML attribute texts (names for list / boolean attributes; matched to ids elsewhere). */
export function textosDoVeiculo(v: VeiculoParaCanal): Record<string, string> {
  const sim = (b: boolean) => (b ? 'Sim' : 'Não');
  const cilindrada = /\b(\d{2,4})\b/.exec(`${v.modelo} ${v.versao}`)?.[1];
  return {
    BRAND: v.marca,
    MODEL: v.modelo,
    TRIM: v.versao,
    VEHICLE_YEAR: String(v.anoModelo ?? v.anoFabricacao ?? ''),
    KILOMETERS: `${Math.max(0, Math.round(v.km))} km`,
    COLOR: sinonimo(v.cor),
    FUEL_TYPE: sinonimo(v.combustivel),
    TRANSMISSION: sinonimo(v.cambio),
    DOORS: v.portas ? String(v.portas) : '',
    LICENSE_PLATE: v.placa.toUpperCase(),
    VEHICLE_BODY_TYPE: sinonimo(v.carroceria),
    ARMORED: sim(v.blindado),
    ENGINE: /\b\d[.,]\d\b/.exec(v.versao)?.[0]?.replace(',', '.') ?? '',
    ENGINE_DISPLACEMENT: v.tipo === 'moto' && cilindrada ? `${cilindrada} cc` : '',
  };
}

/** The product's value for an attribute, as text (names for list / boolean attributes; matched to ids below). */
function valorDoProduto(a: AtributoMl, v: VeiculoParaCanal): string {
  const textos = textosDoVeiculo(v);
  if (textos[a.id] !== undefined) return textos[a.id] ?? '';
  // Other yes/no attributes ("Ar-condicionado", "Freios ABS"): yes when the vehicle has an option of that name.
  if (a.value_type === 'boolean') return v.opcionais.some((o) => casarOpcao([{ id: a.id, nome: a.name }], o)) ? 'Sim' : '';
  return '';
}

/** A value as the screen keeps it: the value id for list / boolean attributes, the text otherwise. */
function valorInicial(a: AtributoMl, v: VeiculoParaCanal): string {
  const texto = valorDoProduto(a, v);
  if (!texto || (a.value_type !== 'list' && a.value_type !== 'boolean')) return texto;
  const valores = a.values.map((x) => ({ id: x.id, nome: x.name }));
  // The brand through the aliases of every channel (issue 23 item 10).
  return (a.id === 'BRAND' ? casarMarca(valores, texto) : casarOpcao(valores, texto))?.id ?? '';
}

export const tituloMl = (v: VeiculoParaCanal) =>
  [v.marca, v.modelo, v.versao, v.anoModelo ?? ''].join(' ').replace(/\s+/g, ' ').trim().toUpperCase().slice(0, 60);

/** The item's description as the draft writes it: the vehicle's notes (else its title) and its options. */
export const descricaoMl = (v: VeiculoParaCanal) =>
  [v.observacao.trim() || tituloMl(v), v.opcionais.length ? `Opcionais: ${v.opcionais.join(', ')}.` : ''].filter(Boolean).join('\n\n');

export function montarRascunho(v: VeiculoParaCanal, categoria: AtributoCategoria[]): RascunhoMercadoLivre {
  const obrigatorios = new Set(categoria.filter(obrigatorioMl).map((a) => a.id));
  const atributos = categoria.map(paraAtributo).filter((a): a is AtributoMl => a !== null);
  atributos.sort((x, y) => porNome.compare(x.name, y.name));
  const ml_values = Object.fromEntries(atributos.map((a) => [a.id, valorInicial(a, v)]));
  const titulo = tituloMl(v);
  const descricao = descricaoMl(v);
  return {
    requiredAtributos: atributos.filter((a) => obrigatorios.has(a.id)),
    newAtributos: atributos.filter((a) => !obrigatorios.has(a.id)),
    veiculoPost: {
      title: titulo,
      description: { plain_text: descricao },
      price: v.valor,
      location: { zip_code: v.revenda.cep.replace(/\D/g, ''), address_line: v.revenda.endereco },
      pictures: v.fotos.slice(0, 15).map((f) => ({ source: f.urlOriginal, miniatura: f.miniatura })),
    },
    ml_values,
    opcionais: v.opcionais,
  };
}

/**
 * The item's `attributes` from the screen's values: ids for list / boolean attributes (a name typed for a list is
 * sent as the value of that name, else as `value_name`, which ML also accepts), the unit added to a bare number_unit number. Empty values are left out.
 */
export function atributosDoItem(categoria: AtributoCategoria[], valores: Record<string, string>) {
  const saida: { id: string; value_id?: string; value_name?: string }[] = [];
  for (const a of categoria) {
    const valor = valores[a.id]?.trim();
    if (!valor) continue;
    if (a.value_type === 'list' || a.value_type === 'boolean') {
      // A name (the sync's colour "Preto") is sent as the value with that name when the list has one.
      const id = a.values?.some((x) => x.id === valor)
        ? valor
        : casarOpcao(
            (a.values ?? []).map((x) => ({ id: x.id, nome: x.name })),
            valor,
          )?.id;
      saida.push(id ? { id: a.id, value_id: id } : { id: a.id, value_name: valor });
    } else if (a.value_type === 'number_unit' && /^\d+([.,]\d+)?$/.test(valor))
      saida.push({ id: a.id, value_name: `${valor} ${a.default_unit ?? a.allowed_units?.[0]?.id ?? ''}`.trim() });
    else saida.push({ id: a.id, value_name: valor });
  }
  return saida;
}
