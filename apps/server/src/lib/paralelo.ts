/**
 * Runs `fazer` over `itens` with at most `limite` calls in flight at once (a slot is taken again as soon as one
 * ends). Answers when all have ended; the first error is thrown after every started call has settled.
 */
export async function emParalelo<T>(itens: readonly T[], limite: number, fazer: (item: T) => Promise<void>) {
  let proximo = 0;
  const erros: unknown[] = [];
  const trabalhador = async () => {
    while (proximo < itens.length) {
      const item = itens[proximo++] as T;
      try {
        await fazer(item);
      } catch (e) {
        erros.push(e);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limite, itens.length)) }, trabalhador));
  if (erros.length) throw erros[0];
}

/**
 * A turn: the returned function runs its `fazer` with at most `limite` running at once; the others wait, in the
 * order they asked (a bulk run's calls in flight per channel, while its items' database work goes on).
 */
export function comVez(limite: number) {
  let emCurso = 0;
  const esperando: (() => void)[] = [];
  return async <T>(fazer: () => Promise<T>): Promise<T> => {
    if (emCurso < limite) emCurso++;
    else await new Promise<void>((ok) => esperando.push(ok));
    try {
      return await fazer();
    } finally {
      // The turn passes straight to the next in line (the count stays); with nobody waiting, it is given back.
      const proximo = esperando.shift();
      if (proximo) proximo();
      else emCurso--;
    }
  };
}
