import type { FilaModeracao } from '@intermedio/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { moderacao, veiculos } from '../../db/schema/index.ts';

/** The vehicle flag a validation sets (spec 2 §3 vevalidacao*), per vehicle queue. */
const FLAG_VALIDACAO = {
  incluidos: { vevalidacaoincluido: 1 },
  alterados: { vevalidacaoalterado: 1 },
  removidos: { vevalidacaoremovido: 1 },
} as const;

export const moderacaoRepository = {
  /**
   * Validates entries of one queue: deletes them (spec 2 §4) and, for vehicles, sets the queue's vevalidacao*
   * flag, in the caller's transaction. Entries already gone are skipped. Answers how many were validated.
   */
  async validar(tx: Executor, fila: FilaModeracao, ids: readonly string[]): Promise<number> {
    const apagadas = await tx
      .delete(moderacao)
      .where(and(eq(moderacao.fila, fila), inArray(moderacao.id, [...ids])))
      .returning({ veiculo_id: moderacao.veiculo_id });
    const idsVeiculos = apagadas.map((a) => a.veiculo_id).filter((v): v is string => v !== null);
    if ((fila === 'incluidos' || fila === 'alterados' || fila === 'removidos') && idsVeiculos.length > 0) {
      // The flag is bookkeeping, not a change by the reseller: updated_at (the stock list's order) stays.
      await tx
        .update(veiculos)
        .set({ ...FLAG_VALIDACAO[fila], updated_at: sql`${veiculos.updated_at}` })
        .where(inArray(veiculos.id, idsVeiculos));
    }
    return apagadas.length;
  },
};
