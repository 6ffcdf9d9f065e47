import { z } from 'zod';
import { normalizarBusca } from './fipe.ts';
import { ROTULO_TIPO_VEICULO, TIPOS_VEICULO, type VeiculoLinha } from './veiculo.ts';

/**
 * The vehicle list's filters (text, type, advert chips), shared so the stock export (issue 25 item 6) keeps exactly
 * the rows the list shows: the web filters its cached rows with them and sends the same values to the export.
 */

/** The list's advert filters (issue 24). */
export const FILTROS_ANUNCIO = [
  { value: 'sem', label: 'Sem anúncio' },
  { value: 'desatualizado', label: 'Desatualizado' },
  { value: 'falhou', label: 'Falhou' },
  { value: 'estoque60', label: 'Em estoque há mais de 60 dias' },
  { value: 'sem_fotos', label: 'Sem fotos' },
] as const;
export type FiltroAnuncio = (typeof FILTROS_ANUNCIO)[number]['value'];
const VALORES_FILTRO = FILTROS_ANUNCIO.map((f) => f.value) as [FiltroAnuncio, ...FiltroAnuncio[]];

/** An advert that is (or is about to be) on the channel: anything but a failed send. */
const temAnuncio = (v: Pick<VeiculoLinha, 'anuncios'>) => v.anuncios.some((a) => a.estado !== 'falhou');

const PASSA: Record<FiltroAnuncio, (v: VeiculoLinha) => boolean> = {
  sem: (v) => !temAnuncio(v),
  desatualizado: (v) => v.anuncios.some((a) => a.estado === 'desatualizado'),
  falhou: (v) => v.anuncios.some((a) => a.estado === 'falhou'),
  estoque60: (v) => v.dias_estoque > 60,
  sem_fotos: (v) => !v.miniatura,
};

/** Rows that pass every chosen filter (none chosen: all rows, the same array). */
export function filtrarPorAnuncios<T extends VeiculoLinha>(linhas: readonly T[], filtros: readonly FiltroAnuncio[]): readonly T[] {
  if (filtros.length === 0) return linhas;
  return linhas.filter((v) => filtros.every((f) => PASSA[f](v)));
}

const moeda = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What the text filter looks in: name, years, plate, colour, internal code, price ("R$ 89.900,00"), type. */
function textoDeBusca(v: VeiculoLinha): string {
  const valor = Number(v.vevalor);
  return normalizarBusca(
    [
      `${v.vefipe_marca} ${v.vefipe_name}`.trim(),
      `${v.veano_fabricacao}/${v.vefipe_ano_modelo}`,
      v.veiplaca,
      v.vecor,
      v.vecodigo_interno,
      Number.isFinite(valor) ? `R$ ${moeda.format(Math.abs(valor))}` : '',
      ROTULO_TIPO_VEICULO[v.vetipoveiculo],
    ]
      .filter(Boolean)
      .join(' '),
  );
}

/**
 * Each row's search text, built the first time a filter needs it and kept while the row object lives (a live
 * patch replaces the object, so only that row is built again). Nothing is built until the user filters.
 */
const buscas = new WeakMap<VeiculoLinha, string>();
function buscaDe(v: VeiculoLinha): string {
  let t = buscas.get(v);
  if (t === undefined) {
    t = textoDeBusca(v);
    buscas.set(v, t);
  }
  return t;
}

/** Every word typed must appear somewhere in the row (any order, accents and case ignored); the type must match. */
export function filtrarVeiculos<T extends VeiculoLinha>(linhas: readonly T[], texto: string, tipo: string | null): readonly T[] {
  const palavras = normalizarBusca(texto).split(' ').filter(Boolean);
  if (palavras.length === 0 && !tipo) return linhas;
  return linhas.filter((v) => (!tipo || v.vetipoveiculo === tipo) && palavras.every((p) => buscaDe(v).includes(p)));
}

/** The list's filters as the stock export takes them (query string). */
export type FiltroListaVeiculos = { texto?: string; tipo?: string | null; filtros?: readonly FiltroAnuncio[] };
/**
 * Filters a dashboard attention link puts in the list's address (`?filtro=`), besides the advert chips it preselects
 * (`?anuncios=falhou,…`, see LISTA_ANUNCIOS_PARAM).
 */
export const FILTROS_URL_LISTA = ['acima_fipe', 'estoque_90'] as const;
/** The list's address parameter that preselects advert chips (comma-separated FiltroAnuncio values). */
export const LISTA_ANUNCIOS_PARAM = 'anuncios';
/** The chips a `?anuncios=` value names (unknown values ignored). */
export const anunciosDaUrl = (valor: string | null): FiltroAnuncio[] =>
  (valor ?? '').split(',').filter((f): f is FiltroAnuncio => (VALORES_FILTRO as readonly string[]).includes(f));
/** Cars in stock for more than this many days: the dashboard's attention item and the list's `?filtro=estoque_90`. */
export const DIAS_ESTOQUE_ATENCAO = 90;
export type FiltroUrlLista = (typeof FILTROS_URL_LISTA)[number];

/** The list's three filters applied in the list's order. */
export const filtrarLista = <T extends VeiculoLinha>(linhas: readonly T[], f: FiltroListaVeiculos): readonly T[] =>
  filtrarPorAnuncios(filtrarVeiculos(linhas, f.texto ?? '', f.tipo ?? null), f.filtros ?? []);

export const FORMATOS_EXPORTACAO = ['csv', 'xlsx'] as const;
export type FormatoExportacao = (typeof FORMATOS_EXPORTACAO)[number];
const formato = z.enum(FORMATOS_EXPORTACAO, { error: 'Formato inválido: use csv ou xlsx.' }).describe('csv ou xlsx');

/** GET …/veiculos/exportar: the list's filters as query parameters (filtros: comma-separated). */
export const exportarEstoqueConsulta = z.object({
  formato,
  texto: z.string().max(200, 'Filtro muito longo.').optional(),
  tipo: z.enum(TIPOS_VEICULO, { error: 'Tipo de veículo inválido.' }).optional(),
  filtro: z.enum(FILTROS_URL_LISTA, { error: 'Filtro inválido.' }).optional().describe('O filtro do item de atenção do dashboard'),
  filtros: z
    .string()
    .optional()
    .describe(`Filtros de anúncio separados por vírgula: ${VALORES_FILTRO.join(', ')}`)
    .transform((s, ctx) => {
      const lista = (s ?? '').split(',').filter(Boolean);
      const invalido = lista.find((f) => !(VALORES_FILTRO as readonly string[]).includes(f));
      if (invalido) {
        ctx.addIssue({ code: 'custom', message: `Filtro de anúncio inválido: ${invalido}.` });
        return z.NEVER;
      }
      return lista as FiltroAnuncio[];
    }),
});

const DATA = /^\d{4}-\d{2}-\d{2}$/;
const data = (rotulo: string) =>
  z
    .string({ error: `Informe a data ${rotulo}.` })
    .regex(DATA, `Data ${rotulo} inválida: use aaaa-mm-dd.`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
      message: `Data ${rotulo} inválida.`,
    });

/** GET …/vendas/exportar: the sales of a period, both days included (São Paulo calendar days). */
export const exportarVendasConsulta = z
  .object({ formato, de: data('inicial'), ate: data('final') })
  .refine((q) => q.de <= q.ate, { message: 'A data inicial deve ser anterior ou igual à final.', path: ['ate'] });

/** GET …/veiculos/:idVeiculo/alteracoes/exportar. */
export const exportarAlteracoesConsulta = z.object({ formato });
