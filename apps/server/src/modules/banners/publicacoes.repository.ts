import type { AlvoSocial, TipoPublicacao } from '@intermedio/contracts';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { publicacoesSociais } from '../../db/schema/index.ts';

export type PublicacaoRegistro = typeof publicacoesSociais.$inferSelect;
type Chave = { tipo: TipoPublicacao; item_id: string; alvo: AlvoSocial };
const daChave = (c: Chave) =>
  and(eq(publicacoesSociais.tipo, c.tipo), eq(publicacoesSociais.item_id, c.item_id), eq(publicacoesSociais.alvo, c.alvo));

/** How long one request may hold a publication before another may take it over (a crashed process). */
export const TRAVA_SEGUNDOS = 180;

export const publicacoesRepository = {
  /**
   * Takes the publication of item × target for this request: creates its row on first use, then sets a lease unless
   * another request holds a live one or it is already done. Answers the row taken, or null (busy or done).
   */
  async tomar(db: Executor, c: Chave & { revenda_id: string }): Promise<PublicacaoRegistro | null> {
    await db.insert(publicacoesSociais).values(c).onConflictDoNothing();
    const [r] = await db
      .update(publicacoesSociais)
      .set({ trava_ate: sql`now() + make_interval(secs => ${TRAVA_SEGUNDOS})` })
      .where(
        and(
          daChave(c),
          ne(publicacoesSociais.fase, 'concluida'),
          or(isNull(publicacoesSociais.trava_ate), lt(publicacoesSociais.trava_ate, sql`now()`)),
        ),
      )
      .returning();
    return r ?? null;
  },

  async buscar(db: Executor, c: Chave): Promise<PublicacaoRegistro | undefined> {
    const [r] = await db.select().from(publicacoesSociais).where(daChave(c));
    return r;
  },

  async avancar(db: Executor, id: string, fase: string, containerId?: string) {
    await db
      .update(publicacoesSociais)
      .set({ fase, updated_at: sql`now()`, ...(containerId ? { container_id: containerId } : {}) })
      .where(eq(publicacoesSociais.id, id));
  },

  async concluir(db: Executor, id: string, resultado: Record<string, unknown>) {
    await db
      .update(publicacoesSociais)
      .set({ fase: 'concluida', resultado, trava_ate: null, updated_at: sql`now()` })
      .where(eq(publicacoesSociais.id, id));
  },

  /**
   * Ends this request's hold after a failure. A refusal means nothing was posted: the phase goes back (a container
   * stays, the adapter checks it is still usable). After a time-out (`manterFase`) a post may exist: the phase stays,
   * so the next attempt looks for it first.
   */
  async liberar(db: Executor, id: string, manterFase: boolean) {
    await db
      .update(publicacoesSociais)
      .set({
        trava_ate: null,
        // updated_at marks when the phase began: a kept phase keeps it (the search for a post starts there).
        ...(manterFase
          ? {}
          : {
              updated_at: sql`now()`,
              fase: sql`case when ${publicacoesSociais.container_id} is null then 'iniciada' else 'container' end`,
            }),
      })
      .where(eq(publicacoesSociais.id, id));
  },
};
