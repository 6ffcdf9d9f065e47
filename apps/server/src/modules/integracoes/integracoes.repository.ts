import type { CanalId } from '@intermedio/contracts';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { revendaIntegracoes } from '../../db/schema/index.ts';
import { naVersao, novaVersao } from '../../db/versao.ts';

export type RegistroIntegracao = typeof revendaIntegracoes.$inferSelect;

const chave = (idRevenda: string, canal: CanalId) => and(eq(revendaIntegracoes.revenda_id, idRevenda), eq(revendaIntegracoes.canal, canal));

/** What asking the channel left: when, the error (null = none), and optionally the status and renewal date. */
export type Verificacao = { erro: string | null; status?: boolean; renovarEm?: Date | null };

export const integracoesRepository = {
  listar: (db: Executor, idRevenda: string): Promise<RegistroIntegracao[]> =>
    db.select().from(revendaIntegracoes).where(eq(revendaIntegracoes.revenda_id, idRevenda)),

  async buscar(db: Executor, idRevenda: string, canal: CanalId): Promise<RegistroIntegracao | undefined> {
    const [r] = await db.select().from(revendaIntegracoes).where(chave(idRevenda, canal));
    return r;
  },

  /** Writes the record; created_id / created_at are set on the first save only (spec 1 §3). */
  async gravar(
    db: Executor,
    r: {
      idRevenda: string;
      canal: CanalId;
      descricao: string;
      status: boolean;
      config: Record<string, unknown>;
      segredos: string | null;
      usuarioId: string;
      /** Given when the channel was just asked; absent on a plain record write. */
      verificacao?: Verificacao;
      /** The screen's optimistic lock: the `updated_at` read, or null when it read no record. Absent: no lock. */
      versao?: string | null;
    },
  ) {
    if (r.versao !== undefined) return gravarNaVersao(db, { ...r, versao: r.versao });
    const v = r.verificacao;
    const verificado = v
      ? { verificado_em: new Date(), ultimo_erro: v.erro, ...(v.renovarEm !== undefined ? { renovar_em: v.renovarEm } : {}) }
      : {};
    const [salvo] = await db
      .insert(revendaIntegracoes)
      .values({
        revenda_id: r.idRevenda,
        canal: r.canal,
        descricao: r.descricao,
        status: r.status,
        config: r.config,
        segredos: r.segredos,
        created_id: r.usuarioId,
        updated_id: r.usuarioId,
        ...verificado,
      })
      .onConflictDoUpdate({
        target: [revendaIntegracoes.revenda_id, revendaIntegracoes.canal],
        set: { status: r.status, config: r.config, segredos: r.segredos, updated_id: r.usuarioId, updated_at: sql`now()`, ...verificado },
      })
      .returning();
    if (!salvo) throw new Error('gravação sem retorno');
    return salvo;
  },

  async definirStatus(db: Executor, idRevenda: string, canal: CanalId, status: boolean, usuarioId: string) {
    await db.update(revendaIntegracoes).set({ status, updated_id: usuarioId, updated_at: sql`now()` }).where(chave(idRevenda, canal));
  },

  /** Records that the channel was asked and refused or failed (status false when it refused). */
  async registrarFalha(db: Executor, idRevenda: string, canal: CanalId, v: Verificacao, usuarioId: string | null) {
    await db
      .update(revendaIntegracoes)
      .set({
        verificado_em: new Date(),
        ultimo_erro: v.erro,
        ...(v.status !== undefined ? { status: v.status, updated_id: usuarioId, updated_at: sql`now()` } : {}),
        ...(v.renovarEm !== undefined ? { renovar_em: v.renovarEm } : {}),
      })
      .where(chave(idRevenda, canal));
  },

  /**
   * Claims the renewal of one record until `ate` (an UPDATE takes the row lock: of two instances racing, the
   * second sees the claim once the first commits and gets nothing). Only an active record with a stored renewal
   * date is claimed; a claim whose holder vanished expires.
   */
  async reservarRenovacao(db: Executor, idRevenda: string, canal: CanalId, dono: string, ate: Date) {
    const [r] = await db
      .update(revendaIntegracoes)
      .set({ renovacao_por: dono, renovacao_ate: ate })
      .where(
        and(
          chave(idRevenda, canal),
          eq(revendaIntegracoes.status, true),
          or(isNull(revendaIntegracoes.renovacao_ate), lt(revendaIntegracoes.renovacao_ate, sql`now()`)),
        ),
      )
      .returning();
    return r;
  },

  /** Stores the renewed tokens and releases the claim, only if this holder still has it. */
  async concluirRenovacao(
    db: Executor,
    idRevenda: string,
    canal: CanalId,
    dono: string,
    r: { segredos: string | null; config: Record<string, unknown>; renovarEm: Date | null },
  ) {
    const [salvo] = await db
      .update(revendaIntegracoes)
      .set({
        segredos: r.segredos,
        config: r.config,
        renovar_em: r.renovarEm,
        verificado_em: new Date(),
        ultimo_erro: null,
        renovacao_por: null,
        renovacao_ate: null,
      })
      .where(and(chave(idRevenda, canal), eq(revendaIntegracoes.renovacao_por, dono)))
      .returning();
    return salvo;
  },

  /**
   * Stores tokens an adapter renewed in the middle of a publishing call (Webmotors' hash after "31"). No claim: the
   * channel gave a valid token, and a renewal job writing another valid one meanwhile is as good.
   */
  async guardarRenovacaoAvulsa(
    db: Executor,
    idRevenda: string,
    canal: CanalId,
    r: { segredos: string; config: Record<string, unknown>; renovarEm: Date | null },
  ) {
    await db
      .update(revendaIntegracoes)
      .set({ segredos: r.segredos, config: r.config, renovar_em: r.renovarEm, verificado_em: new Date(), ultimo_erro: null })
      .where(chave(idRevenda, canal));
  },

  /** Releases a claim without change (the renewal was not due). */
  async liberarRenovacao(db: Executor, idRevenda: string, canal: CanalId, dono: string) {
    await db
      .update(revendaIntegracoes)
      .set({ renovacao_por: null, renovacao_ate: null })
      .where(and(chave(idRevenda, canal), eq(revendaIntegracoes.renovacao_por, dono)));
  },

  /** Releases a claim after a failed renewal, recording what happened (status false when the channel refused). */
  async falharRenovacao(db: Executor, idRevenda: string, canal: CanalId, dono: string, v: Verificacao) {
    await db
      .update(revendaIntegracoes)
      .set({
        verificado_em: new Date(),
        ultimo_erro: v.erro,
        renovacao_por: null,
        renovacao_ate: null,
        ...(v.status !== undefined ? { status: v.status, updated_at: sql`now()`, updated_id: null } : {}),
        ...(v.renovarEm !== undefined ? { renovar_em: v.renovarEm } : {}),
      })
      .where(and(chave(idRevenda, canal), eq(revendaIntegracoes.renovacao_por, dono)));
  },

  /** Active records of these channels whose renewal is due by `ate`. */
  devidas: (db: Executor, canais: readonly CanalId[], ate: Date) =>
    db
      .select({ idRevenda: revendaIntegracoes.revenda_id, canal: revendaIntegracoes.canal })
      .from(revendaIntegracoes)
      .where(
        and(eq(revendaIntegracoes.status, true), inArray(revendaIntegracoes.canal, [...canais]), lte(revendaIntegracoes.renovar_em, ate)),
      ),
};

/** The record write over the version read: null when someone saved meanwhile (or created the record first). */
async function gravarNaVersao(
  db: Executor,
  r: {
    idRevenda: string;
    canal: CanalId;
    descricao: string;
    status: boolean;
    config: Record<string, unknown>;
    segredos: string | null;
    usuarioId: string;
    versao: string | null;
  },
): Promise<RegistroIntegracao | null> {
  if (r.versao === null) {
    const [novo] = await db
      .insert(revendaIntegracoes)
      .values({
        revenda_id: r.idRevenda,
        canal: r.canal,
        descricao: r.descricao,
        status: r.status,
        config: r.config,
        segredos: r.segredos,
        created_id: r.usuarioId,
        updated_id: r.usuarioId,
      })
      .onConflictDoNothing()
      .returning();
    return novo ?? null;
  }
  const [salvo] = await db
    .update(revendaIntegracoes)
    .set({
      status: r.status,
      config: r.config,
      segredos: r.segredos,
      updated_id: r.usuarioId,
      updated_at: novaVersao(revendaIntegracoes.updated_at),
    })
    .where(
      and(
        eq(revendaIntegracoes.revenda_id, r.idRevenda),
        eq(revendaIntegracoes.canal, r.canal),
        naVersao(revendaIntegracoes.updated_at, r.versao),
      ),
    )
    .returning();
  return salvo ?? null;
}
