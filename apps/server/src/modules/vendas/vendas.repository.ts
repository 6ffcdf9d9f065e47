import { CANAIS, type CanalId, MENSAGENS_VENDA, ROTULO_CANAL, type VendaVeiculo } from '@intermedio/contracts';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { veiculoIntegracoes, veiculoRemocoes, veiculos, veiculoVendas } from '../../db/schema/index.ts';

export type RemocaoRegistro = typeof veiculoRemocoes.$inferSelect;
export type VendaRegistro = typeof veiculoVendas.$inferSelect;

const leaseDe = (segundos: number) => sql`now() + make_interval(secs => ${segundos})`;
const vencido = or(isNull(veiculoRemocoes.lease_ate), lt(veiculoRemocoes.lease_ate, sql`now()`));
/** Free, and not put off since the run began at `desde` (then its lease ended before now, too). */
const aindaNaoNestaRodada = (desde: string) =>
  or(isNull(veiculoRemocoes.lease_ate), lt(veiculoRemocoes.lease_ate, sql`${desde}::timestamptz`));
/** The sale is still on the day it was marked, in the dealers' time zone. */
const mesmoDia = sql<boolean>`(${veiculoVendas.vendido_em} at time zone 'America/Sao_Paulo')::date = (now() at time zone 'America/Sao_Paulo')::date`;
const ordemCanal = (c: string) => CANAIS.indexOf(c as CanalId);

/** A sale (veiculo_vendas) and the removal of each advert (veiculo_remocoes). */
export const vendasRepository = {
  /**
   * Marks the vehicle sold, in the caller's transaction: the sale row (one per vehicle: a second click finds it),
   * vevendido = 1, and one removal 'removendo' per advert online or still being sent. Answers null when the vehicle
   * was already sold.
   */
  async vender(tx: Executor, v: { idRevenda: string; idVeiculo: string; idUsuario: string; publicarVendido: boolean }) {
    const [venda] = await tx
      .insert(veiculoVendas)
      .values({ veiculo_id: v.idVeiculo, revenda_id: v.idRevenda, usuario_id: v.idUsuario, publicar_vendido: v.publicarVendido })
      .onConflictDoNothing()
      .returning();
    if (!venda) return null;
    await tx.update(veiculos).set({ vevendido: 1, updated_id: v.idUsuario, updated_at: sql`now()` }).where(eq(veiculos.id, v.idVeiculo));
    const anuncios = await tx
      .select({ canal: veiculoIntegracoes.canal, id_anuncio: veiculoIntegracoes.id_anuncio, estado: veiculoIntegracoes.estado })
      .from(veiculoIntegracoes)
      .where(and(eq(veiculoIntegracoes.veiculo_id, v.idVeiculo), inArray(veiculoIntegracoes.estado, ['publicado', 'pendente'])));
    if (anuncios.length)
      await tx
        .insert(veiculoRemocoes)
        .values(
          anuncios.map((a) => ({
            veiculo_id: v.idVeiculo,
            revenda_id: v.idRevenda,
            canal: a.canal,
            id_anuncio: a.estado === 'publicado' ? a.id_anuncio : null,
          })),
        )
        // A removal left from an undone sale starts again.
        .onConflictDoUpdate({
          target: [veiculoRemocoes.veiculo_id, veiculoRemocoes.canal],
          set: {
            estado: 'removendo',
            id_anuncio: sql`excluded.id_anuncio`,
            manual: false,
            ultimo_erro: null,
            tentativas: 0,
            lease_ate: null,
            removido_em: null,
            updated_at: sql`now()`,
          },
        });
    return venda;
  },

  /** "Desfazer venda": only on the day of the sale. Answers what happened. */
  async desfazer(tx: Executor, idVeiculo: string, idUsuario: string): Promise<'desfeito' | 'naoVendido' | 'foraDoDia'> {
    const [venda] = await tx.select({ mesmoDia }).from(veiculoVendas).where(eq(veiculoVendas.veiculo_id, idVeiculo)).for('update');
    if (!venda) return 'naoVendido';
    if (!venda.mesmoDia) return 'foraDoDia';
    await tx.delete(veiculoVendas).where(eq(veiculoVendas.veiculo_id, idVeiculo));
    // Removals not finished stop here; the adverts already removed stay removed (never republished by itself).
    await tx.delete(veiculoRemocoes).where(eq(veiculoRemocoes.veiculo_id, idVeiculo));
    await tx.update(veiculos).set({ vevendido: 0, updated_id: idUsuario, updated_at: sql`now()` }).where(eq(veiculos.id, idVeiculo));
    return 'desfeito';
  },

  async venda(db: Executor, idVeiculo: string): Promise<VendaRegistro | undefined> {
    const [v] = await db.select().from(veiculoVendas).where(eq(veiculoVendas.veiculo_id, idVeiculo));
    return v;
  },

  /** The sale as the vehicle view shows it, with each channel's progress. */
  async daVeiculo(db: Executor, idVeiculo: string): Promise<VendaVeiculo | null> {
    const [venda] = await db.select({ v: veiculoVendas, mesmoDia }).from(veiculoVendas).where(eq(veiculoVendas.veiculo_id, idVeiculo));
    if (!venda) return null;
    const remocoes = await db.select().from(veiculoRemocoes).where(eq(veiculoRemocoes.veiculo_id, idVeiculo));
    return {
      vendido_em: venda.v.vendido_em.toISOString(),
      pode_desfazer: Boolean(venda.mesmoDia),
      publicar_vendido: venda.v.publicar_vendido,
      vendido_id: venda.v.vendido_id,
      vendido_erro: venda.v.vendido_erro,
      remocoes: remocoes
        .sort((a, b) => ordemCanal(a.canal) - ordemCanal(b.canal))
        .map((r) => ({
          canal: r.canal as CanalId,
          descricao: ROTULO_CANAL[r.canal as CanalId] ?? r.canal,
          estado: r.estado,
          manual: r.manual,
          ultimo_erro: r.ultimo_erro,
          tentativas: r.tentativas,
          removido_em: r.removido_em?.toISOString() ?? null,
        })),
    };
  },

  /** The database's clock now, as text (microseconds kept): where a run of the removal job starts. */
  async agora(db: Executor): Promise<string> {
    const r = await db.execute(sql`select now()::text as agora`);
    // Both drivers (node-postgres, PGlite) answer `{ rows }`.
    return (r as unknown as { rows: { agora: string }[] }).rows[0]?.agora ?? new Date().toISOString();
  },

  /**
   * Removals waiting (new, transient failure, or their worker died), oldest first, of one channel. `desde` is the
   * start of the run: a removal put off during it (lease ended at or after `desde`: a send still pending, no answer)
   * waits for the next run instead of being taken again and again by this one.
   */
  aRemover: (db: Executor, op: { canal: string; desde: string; limite: number }) =>
    db
      .select({ id: veiculoRemocoes.id })
      .from(veiculoRemocoes)
      .where(and(eq(veiculoRemocoes.estado, 'removendo'), eq(veiculoRemocoes.canal, op.canal), aindaNaoNestaRodada(op.desde)))
      .orderBy(asc(veiculoRemocoes.created_at))
      .limit(op.limite),

  /** The channels with removals waiting for the run that started at `desde` (see `aRemover`). */
  async canaisARemover(db: Executor, desde: string): Promise<string[]> {
    const linhas = await db
      .selectDistinct({ canal: veiculoRemocoes.canal })
      .from(veiculoRemocoes)
      .where(and(eq(veiculoRemocoes.estado, 'removendo'), aindaNaoNestaRodada(desde)));
    return linhas.map((l) => l.canal);
  },

  /** Takes one removal for this worker (conditional UPDATE: two workers never call the channel for the same one). */
  async reivindicar(db: Executor, id: string, leaseSegundos: number): Promise<RemocaoRegistro | null> {
    const [r] = await db
      .update(veiculoRemocoes)
      .set({ lease_ate: leaseDe(leaseSegundos), tentativas: sql`${veiculoRemocoes.tentativas} + 1`, updated_at: sql`now()` })
      .where(and(eq(veiculoRemocoes.id, id), eq(veiculoRemocoes.estado, 'removendo'), vencido))
      .returning();
    return r ?? null;
  },

  /** Nothing of the advert is online (never published, the send failed, or removed before): removido, without a call. */
  async removido(db: Executor, r: RemocaoRegistro) {
    await db
      .update(veiculoRemocoes)
      .set({
        estado: 'removido',
        manual: false,
        ultimo_erro: null,
        lease_ate: null,
        removido_em: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(and(eq(veiculoRemocoes.id, r.id), eq(veiculoRemocoes.estado, 'removendo')));
  },

  /**
   * The advert's removal at the channel ended (whoever ran it: the sale's job, Excluir, the publishing
   * reconciliation after a lease ran out), in the transaction that deletes the advert's record: the sale's removal
   * of that advert, if one is still waiting, is removido, with Instagram's manual note when the channel cannot
   * delete it (`manual`). The one place that decides it, so the note never depends on who finished the removal.
   */
  async anuncioRetirado(tx: Executor, a: { veiculoId: string; canal: CanalId }, op: { idAnuncio: string | null; manual: boolean }) {
    await tx
      .update(veiculoRemocoes)
      .set({
        estado: 'removido',
        ...(op.idAnuncio ? { id_anuncio: op.idAnuncio } : {}),
        manual: op.manual,
        ultimo_erro: op.manual ? MENSAGENS_VENDA.manual(ROTULO_CANAL[a.canal]) : null,
        lease_ate: null,
        removido_em: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(and(eq(veiculoRemocoes.veiculo_id, a.veiculoId), eq(veiculoRemocoes.canal, a.canal), eq(veiculoRemocoes.estado, 'removendo')));
  },

  async falhou(db: Executor, id: string, erro: string) {
    await db
      .update(veiculoRemocoes)
      .set({ estado: 'falhou', ultimo_erro: erro, lease_ate: null, updated_at: sql`now()` })
      .where(and(eq(veiculoRemocoes.id, id), eq(veiculoRemocoes.estado, 'removendo')));
  },

  /** No answer we can trust, or a send or change still in flight: stays removendo for the next round (the lease ends now). */
  async adiar(db: Executor, id: string, motivo: string) {
    await db
      .update(veiculoRemocoes)
      .set({ ultimo_erro: motivo, lease_ate: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(veiculoRemocoes.id, id), eq(veiculoRemocoes.estado, 'removendo')));
  },

  /** "Tentar de novo": a failed removal goes back to removendo. Answers false when it had not failed. */
  async tentarDeNovo(db: Executor, idVeiculo: string, canal: string) {
    const r = await db
      .update(veiculoRemocoes)
      .set({ estado: 'removendo', lease_ate: null, updated_at: sql`now()` })
      .where(and(eq(veiculoRemocoes.veiculo_id, idVeiculo), eq(veiculoRemocoes.canal, canal), eq(veiculoRemocoes.estado, 'falhou')))
      .returning({ id: veiculoRemocoes.id });
    return r.length > 0;
  },

  /**
   * The sold item made for the sale ("Publicar vendido"), in the transaction that creates it. Only the first one
   * links: false when another run of the job already linked its own (the caller rolls its item back).
   */
  async vincularVendido(tx: Executor, idVeiculo: string, idVendido: string) {
    const r = await tx
      .update(veiculoVendas)
      .set({ vendido_id: idVendido, updated_at: sql`now()` })
      .where(and(eq(veiculoVendas.veiculo_id, idVeiculo), isNull(veiculoVendas.vendido_id)))
      .returning({ id: veiculoVendas.veiculo_id });
    return r.length > 0;
  },

  async erroVendido(db: Executor, idVeiculo: string, erro: string | null) {
    await db.update(veiculoVendas).set({ vendido_erro: erro, updated_at: sql`now()` }).where(eq(veiculoVendas.veiculo_id, idVeiculo));
  },
};
