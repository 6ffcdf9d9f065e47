import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RESULTADOS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'resultados.md');

/**
 * A bench run alone writes its own section of bench/resultados.md: the lines from `titulo` to the next "## " are
 * replaced by `secao` (appended when the title is not there yet); the other sections stay as they are.
 */
export function substituirSecao(titulo: string, secao: readonly string[]) {
  const atuais = readFileSync(RESULTADOS, 'utf8').trimEnd().split('\n');
  const de = atuais.indexOf(titulo);
  const ate = de < 0 ? -1 : atuais.findIndex((l, i) => i > de && l.startsWith('## '));
  const antes = de < 0 ? atuais : atuais.slice(0, de);
  const depois = de < 0 || ate < 0 ? [] : atuais.slice(ate);
  writeFileSync(
    RESULTADOS,
    `${[...antes, ...(antes.at(-1) === '' ? [] : ['']), ...secao, ...(depois.length ? ['', ...depois] : [])].join('\n')}\n`,
  );
}

/** One row of a section's table: the figure, its goal (none when infinite) and whether it was met. */
export function linhaDeMedida(medida: string, valor: number, unidade: string, meta: number) {
  const v = Math.round(valor * 100) / 100;
  const alvo = Number.isFinite(meta) ? `≤ ${meta} ${unidade}` : '';
  return `| ${medida} | ${v} ${unidade} | ${alvo} | ${valor <= meta ? (alvo ? 'ok' : '') : 'FALHOU'} |`;
}

/** A bench run alone: the `registrar` it measures with, the table rows it collected, and whether every goal was met. */
export function registradorDaSecao() {
  const linhas: string[] = [];
  let ok = true;
  const registrar = (medida: string, valor: number, unidade: string, meta: number) => {
    ok &&= valor <= meta;
    linhas.push(linhaDeMedida(medida, valor, unidade, meta));
  };
  return { linhas, registrar, ok: () => ok };
}
