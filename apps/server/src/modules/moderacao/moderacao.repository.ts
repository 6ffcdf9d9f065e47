import type { FilaModeracao } from '@intermedio/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { auditoria, moderacao, veiculos } from '../../db/schema/index.ts';

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
   * Each validation is recorded in `auditoria` (who, when, which queue; the vehicle's timeline shows it).
   */
  async validar(tx: Executor, fila: FilaModeracao, ids: readonly string[], usuarioId: string | null = null): Promise<number> {
    const apagadas = await tx
      .delete(moderacao)
      .where(and(eq(moderacao.fila, fila), inArray(moderacao.id, [...ids])))
      .returning({ id: moderacao.id, veiculo_id: moderacao.veiculo_id, banner_id: moderacao.banner_id, vendido_id: moderacao.vendido_id });
    if (apagadas.length > 0)
      await tx.insert(auditoria).values(
        apagadas.map((a) => ({
          usuario_id: usuarioId,
          acao: 'moderacao.validar',
          entidade: a.veiculo_id ? 'veiculo' : a.banner_id ? 'banner' : 'vendido',
          entidade_id: a.veiculo_id ?? a.banner_id ?? a.vendido_id,
          dados: { fila, entrada: a.id },
        })),
      );
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
