import { PassThrough, Readable } from 'node:stream';
import { type FormatoExportacao, FUSO_HORARIO } from '@intermedio/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

/**
 * The export files (issue 25 item 6, docs/exportacoes.md), streamed while written. Brazilian formats:
 * - CSV: UTF-8 with BOM, `;` separator, CRLF, money "89.900,00", dates "dd/mm/aaaa" (and "hh:mm" when timed), São
 *   Paulo time; a cell that would start a formula (= + - @) is quoted with a leading apostrophe (papaparse escapeFormulae).
 * - XLSX: money as numbers with the "R$ #.##0,00" format, dates as dates (São Paulo wall clock) with dd/mm/aaaa.
 */
export type TipoColuna = 'texto' | 'inteiro' | 'moeda' | 'data' | 'dataHora';
export type Valor = string | number | Date | null | undefined;
export type Coluna<T> = { titulo: string; tipo: TipoColuna; largura?: number; valor: (l: T) => Valor };

export const TIPO_CONTEUDO: Record<FormatoExportacao, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const BOM = '\ufeff';
const LOTE = 500;
const moeda = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const relogio = new Intl.DateTimeFormat('en-CA', {
  timeZone: FUSO_HORARIO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const SO_DATA = /^(\d{4})-(\d{2})-(\d{2})$/;
const FORMATO_XLSX: Partial<Record<TipoColuna, string>> = {
  moeda: '"R$" #,##0.00',
  inteiro: '0',
  data: 'dd/mm/yyyy',
  dataHora: 'dd/mm/yyyy hh:mm',
};

/** A date or instant as São Paulo calendar parts; a plain "aaaa-mm-dd" is a calendar date already. */
function partes(v: string | number | Date): number[] | null {
  if (typeof v === 'string') {
    const m = SO_DATA.exec(v);
    if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), 0, 0, 0];
  }
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) return null;
  const p: Record<string, string> = {};
  for (const { type, value } of relogio.formatToParts(d)) p[type] = value;
  return [p.year, p.month, p.day, p.hour, p.minute, p.second].map(Number);
}

const dois = (n: number | undefined) => String(n ?? 0).padStart(2, '0');

/** One cell as CSV text. */
export function textoCsv(tipo: TipoColuna, v: Valor): string {
  if (v === null || v === undefined || v === '') return '';
  if (tipo === 'moeda') {
    const n = Number(v);
    return Number.isFinite(n) ? moeda.format(n) : '';
  }
  if (tipo === 'data' || tipo === 'dataHora') {
    const p = partes(v);
    if (!p) return '';
    const [a, m, d, h, min] = p;
    const data = `${dois(d)}/${dois(m)}/${a}`;
    return tipo === 'data' ? data : `${data} ${dois(h)}:${dois(min)}`;
  }
  return String(v);
}

/** One cell as an XLSX value: numbers as numbers, dates as the São Paulo wall clock (Excel dates have no zone). */
function valorXlsx(tipo: TipoColuna, v: Valor): string | number | Date | null {
  if (v === null || v === undefined || v === '') return null;
  if (tipo === 'moeda' || tipo === 'inteiro') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  if (tipo === 'data' || tipo === 'dataHora') {
    const p = partes(v);
    if (!p) return null;
    const [a = 0, m = 1, d = 1, h = 0, min = 0] = p;
    return new Date(Date.UTC(a, m - 1, d, tipo === 'data' ? 0 : h, tipo === 'data' ? 0 : min));
  }
  return String(v);
}

function csv<T>(colunas: readonly Coluna<T>[], linhas: readonly T[]): Readable {
  const opcoes = { delimiter: ';', newline: '\r\n', escapeFormulae: true } as const;
  function* partesDoArquivo() {
    yield `${BOM}${Papa.unparse([colunas.map((c) => c.titulo)], opcoes)}\r\n`;
    for (let i = 0; i < linhas.length; i += LOTE) {
      const lote = linhas.slice(i, i + LOTE).map((l) => colunas.map((c) => textoCsv(c.tipo, c.valor(l))));
      yield `${Papa.unparse(lote, opcoes)}\r\n`;
    }
  }
  return Readable.from(partesDoArquivo());
}

function xlsx<T>(colunas: readonly Coluna<T>[], linhas: readonly T[], aba: string): Readable {
  const saida = new PassThrough();
  const livro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useStyles: true, useSharedStrings: false });
  const folha = livro.addWorksheet(aba.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  folha.columns = colunas.map((c, i) => ({
    header: c.titulo,
    key: String(i),
    width: c.largura ?? Math.max(12, c.titulo.length + 2),
    style: FORMATO_XLSX[c.tipo] ? { numFmt: FORMATO_XLSX[c.tipo] } : {},
  }));
  folha.getRow(1).font = { bold: true };
  (async () => {
    for (const l of linhas) folha.addRow(colunas.map((c) => valorXlsx(c.tipo, c.valor(l)))).commit();
    folha.commit();
    await livro.commit();
  })().catch((e: unknown) => saida.destroy(e instanceof Error ? e : new Error(String(e))));
  return saida;
}

/** The file of `linhas` in `formato`, as a stream. `aba` names the XLSX sheet. */
export function planilha<T>(formato: FormatoExportacao, colunas: readonly Coluna<T>[], linhas: readonly T[], aba: string): Readable {
  return formato === 'csv' ? csv(colunas, linhas) : xlsx(colunas, linhas, aba);
}
