import type { CanalId, PadroesPublicacao } from '@intermedio/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { revendaPadroesPublicacao as t } from '../../db/schema/index.ts';

/** The reseller's "Padrões de publicação" per channel (issue 24 item 3). */
export const padroesRepository = {
  async buscar(db: Executor, idRevenda: string, canal: CanalId): Promise<PadroesPublicacao | null> {
    const [r] = await db
      .select({ padroes: t.padroes })
      .from(t)
      .where(and(eq(t.revenda_id, idRevenda), eq(t.canal, canal)));
    return r?.padroes ?? null;
  },

  async gravar(db: Executor, idRevenda: string, canal: CanalId, padroes: PadroesPublicacao, usuarioId: string) {
    await db
      .insert(t)
      .values({ revenda_id: idRevenda, canal, padroes, updated_id: usuarioId })
      .onConflictDoUpdate({ target: [t.revenda_id, t.canal], set: { padroes, updated_id: usuarioId, updated_at: sql`now()` } });
  },
};
