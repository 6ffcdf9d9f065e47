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
