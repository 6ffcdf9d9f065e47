import ExcelJS from 'exceljs';
import { ErroLeitura, type Tabela, tabelaDeLinhas } from './tabela.ts';

const dois = (n: number) => String(n).padStart(2, '0');

/** A cell as the dealer sees it: dates dd/mm/aaaa, formulas by their result, rich text as plain text. */
function textoDaCelula(c: ExcelJS.Cell): string {
  const v = c.value;
  if (v instanceof Date) return `${dois(v.getUTCDate())}/${dois(v.getUTCMonth() + 1)}/${v.getUTCFullYear()}`;
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && 'result' in v) return v.result === undefined || v.result === null ? '' : String(v.result);
  return c.text ?? '';
}

/** The first worksheet; the header row is its first non-empty row. */
export async function lerXlsx(dados: Buffer, mensagemInvalido: string): Promise<Tabela> {
  const livro = new ExcelJS.Workbook();
  try {
    await livro.xlsx.load(dados as unknown as ArrayBuffer);
  } catch {
    throw new ErroLeitura(mensagemInvalido);
  }
  const folha = livro.worksheets[0];
  if (!folha) return { colunas: [], linhas: [] };
  const brutas: string[][] = [];
  folha.eachRow({ includeEmpty: true }, (linha, n) => {
    const celulas: string[] = [];
    for (let i = 1; i <= folha.columnCount; i++) celulas.push(textoDaCelula(linha.getCell(i)));
    brutas[n - 1] = celulas;
  });
  return tabelaDeLinhas(Array.from(brutas, (l) => l ?? []));
}
