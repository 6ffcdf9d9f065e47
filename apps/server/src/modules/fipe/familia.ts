import { normalizarBusca } from '@intermedio/contracts';

/**
 * FIPE names a "model" with its version in one text ("Onix Plus LTZ 1.0 Turbo Flex 4p Aut."). The panel shows
 * model and version apart (ve_modelo, ve_versao; vefipe_name is both joined by a space), so the model is taken
 * from the beginning of the FIPE name:
 *   1. the first word ("Corolla", "T-Cross", "HB20S");
 *   2. after a first word of up to 3 letters, a model number ("CG 160", "CB 300F", "R 1250", "FH 540");
 *   3. then one word that names a model of its own ("Onix Plus", "Corolla Cross", "Yaris Sedan", "Fat Boy").
 * Words that start a two-word name ("Grand Siena") take the next word along. The rest is the version.
 */
const PALAVRAS_DE_MODELO = new Set(['plus', 'cross', 'sedan', 'hatchback', 'mini', 'boy', 'bob', 'glide', 'king', 'classic', 'america']);
const PREFIXOS = new Set(['grand', 'new', 'novo', 'nova', 'space', 'range']);

/** A model number starts with a digit: "160", "300F", "110i", "1250" (not "Z71", not a traction such as "6x4"). */
const ehNumeroDeModelo = (palavra: string) => /^\d[a-z0-9-]{0,4}$/i.test(palavra) && !/^\d+x\d+$/i.test(palavra);

export function separarModeloVersao(nomeFipe: string): { modelo: string; versao: string } {
  const palavras = nomeFipe.trim().split(/\s+/).filter(Boolean);
  const primeira = palavras[0] ?? '';
  let n = 1;
  if (PREFIXOS.has(normalizarBusca(primeira)) && palavras.length > 2) n = 2;
  else if (primeira.length <= 3 && palavras[1] !== undefined && ehNumeroDeModelo(palavras[1])) n = 2;
  const seguinte = palavras[n];
  if (seguinte !== undefined && PALAVRAS_DE_MODELO.has(normalizarBusca(seguinte))) n += 1;
  return { modelo: palavras.slice(0, n).join(' '), versao: palavras.slice(n).join(' ') };
}

/** Code of a model (or brand or year) in the lookup: its name normalised ("Onix Plus" → "onix-plus"). */
export const codigoDoNome = (nome: string) =>
  normalizarBusca(nome)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'sem-nome';

/** A manual entry's brand matches a FIPE brand by the whole name or by one side of " - " ("GM - Chevrolet"). */
export function mesmaMarca(nomeFipe: string, nomeManual: string): boolean {
  const manual = normalizarBusca(nomeManual);
  const fipe = normalizarBusca(nomeFipe);
  return fipe === manual || fipe.split(' - ').includes(manual);
}
