import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { fipeCache } from '../../db/schema/index.ts';

/** Answers of the FIPE API kept per request and reference month (table fipe_cache). */
export const fipeCacheRepository = {
  async buscar(db: Executor, chave: string): Promise<unknown | undefined> {
    const [linha] = await db.select({ resposta: fipeCache.resposta }).from(fipeCache).where(eq(fipeCache.chave, chave));
    return linha?.resposta;
  },

  /** Two instances may fetch the same answer at once: the last one written wins (they are equal). */
  async gravar(db: Executor, chave: string, referencia: string, resposta: unknown) {
    await db
      .insert(fipeCache)
      .values({ chave, referencia, resposta })
      .onConflictDoUpdate({ target: fipeCache.chave, set: { referencia, resposta, created_at: new Date() } });
  },

  /** The newest answer whose key starts with `inicio` and ends with `fim` (any reference month): the fallback. */
  async maisRecente(db: Executor, inicio: string, fim: string): Promise<unknown | undefined> {
    const [linha] = await db
      .select({ resposta: fipeCache.resposta })
      .from(fipeCache)
      .where(
        and(
          sql`left(${fipeCache.chave}, ${inicio.length}) = ${inicio}`,
          sql`right(${fipeCache.chave}, ${fim.length}) = ${fim}`,
          sql`length(${fipeCache.chave}) > ${inicio.length + fim.length}`,
        ),
      )
      .orderBy(desc(fipeCache.created_at))
      .limit(1);
    return linha?.resposta;
  },

  /** Once a new reference month appears, the answers of the older ones (of the same API base) are dropped. */
  async limparOutrasReferencias(db: Executor, prefixo: string, manter: string[]) {
    await db
      .delete(fipeCache)
      .where(and(sql`left(${fipeCache.chave}, ${prefixo.length}) = ${prefixo}`, notInArray(fipeCache.referencia, manter)));
  },

  contar: async (db: Executor, prefixo: string) =>
    Number(
      (
        await db.select({ n: sql<number>`count(*)` }).from(fipeCache).where(sql`left(${fipeCache.chave}, ${prefixo.length}) = ${prefixo}`)
      )[0]?.n ?? 0,
    ),
};
