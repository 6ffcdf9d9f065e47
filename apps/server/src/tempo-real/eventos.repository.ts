import type { EventoMudanca } from '@intermedio/contracts';
import { and, asc, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/cliente.ts';
import { eventos } from '../db/schema/index.ts';

export type EventoNumerado = { seq: number; evento: EventoMudanca };

/** How long the log keeps events: a screen offline for longer refetches its data once instead of catching up. */
export const RETENCAO_EVENTOS_MIN = 60;

export const eventosRepository = {
  /**
   * The events after `seq` (at most `limite`), or null when the log no longer holds them all (pruned, or a
   * sequence from another database): the screen must then refetch instead of catching up.
   */
  async depoisDe(db: Executor, seq: number, limite: number): Promise<EventoNumerado[] | null> {
    const [faixa] = await db
      .select({ min: sql<string | null>`min(${eventos.seq})`, max: sql<string | null>`max(${eventos.seq})` })
      .from(eventos);
    const min = Number(faixa?.min ?? 0);
    const max = Number(faixa?.max ?? 0);
    if (seq > max) return null;
    if (seq < min - 1) return null;
    const linhas = await db
      .select()
      .from(eventos)
      .where(gt(eventos.seq, seq))
      .orderBy(asc(eventos.seq))
      .limit(limite + 1);
    if (linhas.length > limite) return null;
    return linhas.map((l) => ({
      seq: l.seq,
      evento: { tabela: l.tabela, revenda: l.revenda, id: l.id, op: l.op as EventoMudanca['op'] },
    }));
  },

  /** The newest sequence number (0 when the log is empty). */
  async ultimo(db: Executor): Promise<number> {
    const [r] = await db.select({ max: sql<string | null>`max(${eventos.seq})` }).from(eventos);
    return Number(r?.max ?? 0);
  },

  /** Removes old events, always keeping the newest (its `seq` tells a reconnecting screen it missed nothing). */
  async podar(db: Executor) {
    await db
      .delete(eventos)
      .where(
        and(
          lt(eventos.criado_em, sql`now() - make_interval(mins => ${RETENCAO_EVENTOS_MIN})`),
          lt(eventos.seq, sql`(select max(seq) from ${eventos})`),
        ),
      );
  },
};
