import Papa from 'papaparse';
import { type Tabela, tabelaDeLinhas } from './tabela.ts';

/**
 * Text of a CSV as Brazilian Excel writes it: UTF-8 (with or without BOM), else Windows-1252 ("Latin-1"), which every
 * byte sequence decodes as.
 */
export function decodificar(dados: Buffer): string {
  if (dados[0] === 0xef && dados[1] === 0xbb && dados[2] === 0xbf) return dados.subarray(3).toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(dados);
  } catch {
    return new TextDecoder('windows-1252').decode(dados);
  }
}

/** CSV with `;` (Excel pt-BR) or `,` (elsewhere) or tab, detected by papaparse on the first lines. */
export function lerCsv(dados: Buffer): Tabela {
  const r = Papa.parse<string[]>(decodificar(dados), { delimitersToGuess: [';', ',', '\t'], skipEmptyLines: 'greedy' });
  return tabelaDeLinhas(r.data);
}
