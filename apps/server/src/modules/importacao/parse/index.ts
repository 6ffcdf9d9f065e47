import { IMPORTACAO_MAX_LINHAS, MENSAGENS_IMPORTACAO as M, type OrigemImportacao } from '@intermedio/contracts';
import { decodificar, lerCsv } from './csv.ts';
import { lerJson, lerXml } from './feed.ts';
import { ErroLeitura, type Tabela } from './tabela.ts';
import { lerXlsx } from './xlsx.ts';

export { ErroLeitura, type Tabela };

/** The format of a source: XLSX by its zip signature, XML / JSON by their first character, else CSV. */
export function formatoDe(dados: Buffer): OrigemImportacao {
  if (dados[0] === 0x50 && dados[1] === 0x4b) return 'xlsx';
  const inicio = decodificar(dados.subarray(0, 512))
    .replace(/^\ufeff/, '')
    .trimStart();
  if (inicio.startsWith('<')) return 'xml';
  if (inicio.startsWith('{') || inicio.startsWith('[')) return 'json';
  return 'csv';
}

/** Reads a source into a table; a source without rows or with too many is refused with the user's message. */
export async function lerOrigem(dados: Buffer, op: { feed?: boolean } = {}): Promise<{ origem: OrigemImportacao } & Tabela> {
  const origem = formatoDe(dados);
  const invalido = op.feed ? M.feedInvalido : M.arquivoInvalido;
  if (op.feed && origem !== 'xml' && origem !== 'json') throw new ErroLeitura(M.feedInvalido);
  let t: Tabela;
  if (origem === 'xlsx') t = await lerXlsx(dados, invalido);
  else if (origem === 'xml') t = lerXml(decodificar(dados), invalido);
  else if (origem === 'json') t = lerJson(decodificar(dados).replace(/^\ufeff/, ''), invalido);
  else t = lerCsv(dados);
  if (!t.linhas.length) throw new ErroLeitura(op.feed ? M.feedInvalido : M.semLinhas);
  if (t.linhas.length > IMPORTACAO_MAX_LINHAS) throw new ErroLeitura(M.muitasLinhas);
  return { origem, ...t };
}
