import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { revendas, veiculos, veiculoIntegracoes as vi } from '../../db/schema/index.ts';

const livre = or(isNull(vi.lease_ate), lt(vi.lease_ate, sql`now()`));
const naoExcluindo = or(isNull(vi.operacao), ne(vi.operacao, 'excluir'));
const desatualizados = and(eq(vi.estado, 'publicado'), eq(vi.desatualizado, true), livre, naoExcluindo);

/** Sync of published adverts (issue 24 item 1): what the sync job takes, and the reseller's setting. */
export const sincronizacaoRepository = {
  /**
   * Published, desatualizado adverts the sync takes now, on channels that can edit (`canais`), with no operation in
   * flight: those the reseller asked for since the last attempt (button, Tentar de novo), and, for "automático"
   * resellers, those whose vehicle was saved after the last attempt (never tried with these data, or a save during
   * it) or whose last sync attempt (sincronizar_em = tentativa_em; never spec 3's Alterar, which is not re-sent) had
   * no answer (time-out, crash: an update is a full replacement on the same id, so it may be sent again) and started
   * before this run (`desde`, so one run never spins on a silent channel). A
   * channel's refusal (answered after the attempt) waits for "Tentar de novo" or the next save.
   */
  aSincronizar: (db: Executor, canais: string[], desde: Date, limite: number) =>
    canais.length === 0
      ? Promise.resolve([])
      : db
          .select({ veiculoId: vi.veiculo_id, canal: vi.canal })
          .from(vi)
          .innerJoin(veiculos, eq(veiculos.id, vi.veiculo_id))
          .innerJoin(revendas, eq(revendas.id, vi.revenda_id))
          .where(
            and(
              desatualizados,
              inArray(vi.canal, canais),
              eq(veiculos.vevendido, 0),
              sql`(
                ${vi.sincronizar_em} > coalesce(${vi.tentativa_em}, '-infinity'::timestamptz)
                or (${revendas.sincronizacao} = 'automatico' and (
                  ${veiculos.updated_at} > coalesce(${vi.tentativa_em}, '-infinity'::timestamptz)
                  or (${vi.sincronizar_em} = ${vi.tentativa_em}
                      and (${vi.respondido_em} is null or ${vi.respondido_em} < ${vi.tentativa_em})
                      and ${vi.tentativa_em} < ${desde.toISOString()}::timestamptz)
                ))
              )`,
            ),
          )
          .limit(limite),

  /**
   * Channels that cannot edit an advert: their desatualizado adverts say so under the advert (`motivo` per channel),
   * once (only where the text differs).
   */
  async semAtualizacao(db: Executor, motivos: Record<string, string>) {
    const canais = Object.keys(motivos);
    if (canais.length === 0) return;
    const texto = sql`case ${vi.canal} ${sql.join(
      canais.map((c) => sql`when ${c} then ${motivos[c]}`),
      sql` `,
    )} end`;
    await db
      .update(vi)
      .set({ ultimo_erro: texto, updated_at: sql`now()` })
      .where(and(desatualizados, inArray(vi.canal, canais), sql`${vi.ultimo_erro} is distinct from ${texto}`));
  },

  /** The reseller asks for the update of the vehicle's desatualizado adverts (all, or one channel's): how many. */
  async pedir(db: Executor, idVeiculo: string, canal?: string) {
    const r = await db
      .update(vi)
      .set({ sincronizar_em: sql`now()`, updated_at: sql`now()` })
      .where(
        and(eq(vi.veiculo_id, idVeiculo), eq(vi.estado, 'publicado'), eq(vi.desatualizado, true), canal ? eq(vi.canal, canal) : undefined),
      )
      .returning({ canal: vi.canal });
    return r.length;
  },

  async modo(db: Executor, idRevenda: string) {
    const [r] = await db.select({ modo: revendas.sincronizacao }).from(revendas).where(eq(revendas.id, idRevenda));
    return r?.modo;
  },

  async definirModo(db: Executor, idRevenda: string, modo: 'automatico' | 'perguntar') {
    const r = await db
      .update(revendas)
      .set({ sincronizacao: modo })
      .where(eq(revendas.id, idRevenda))
      .returning({ modo: revendas.sincronizacao });
    return r[0]?.modo;
  },
};
