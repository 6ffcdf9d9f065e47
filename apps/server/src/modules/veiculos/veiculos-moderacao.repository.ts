import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { moderacao } from '../../db/schema/index.ts';

export type FilaVeiculo = 'incluidos' | 'alterados' | 'removidos';
export type EntradaModeracao = {
  idRevenda: string;
  idVeiculo: string;
  revenda: string;
  logo_revenda: string | null;
  vedataremovido?: Date | null;
  dados: Record<string, unknown>;
};

/** The vehicle side of the moderation queues (spec 2 §3): written inside the vehicle's own transaction. */
export const veiculosModeracaoRepository = {
  /** One pending entry per vehicle and queue: a second change before validation refreshes the entry. */
  async enfileirar(db: Executor, fila: FilaVeiculo, e: EntradaModeracao) {
    const campos = { revenda: e.revenda, logo_revenda: e.logo_revenda, vedataremovido: e.vedataremovido ?? null, dados: e.dados };
    const atualizadas = await db
      .update(moderacao)
      .set({ ...campos, updated_at: new Date() })
      .where(and(eq(moderacao.fila, fila), eq(moderacao.veiculo_id, e.idVeiculo)))
      .returning({ id: moderacao.id });
    if (atualizadas.length === 0) {
      await db.insert(moderacao).values({ ...campos, fila, revenda_id: e.idRevenda, veiculo_id: e.idVeiculo });
    }
  },

  /** A permanently deleted vehicle leaves nothing to validate. */
  async descartarDoVeiculo(db: Executor, idVeiculo: string) {
    await db.delete(moderacao).where(eq(moderacao.veiculo_id, idVeiculo));
  },
};
