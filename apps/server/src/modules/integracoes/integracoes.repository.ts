import type { CanalId } from '@intermedio/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { revendaIntegracoes } from '../../db/schema/index.ts';

export type RegistroIntegracao = typeof revendaIntegracoes.$inferSelect;

export const integracoesRepository = {
  listar: (db: Executor, idRevenda: string): Promise<RegistroIntegracao[]> =>
    db.select().from(revendaIntegracoes).where(eq(revendaIntegracoes.revenda_id, idRevenda)),

  async buscar(db: Executor, idRevenda: string, canal: CanalId): Promise<RegistroIntegracao | undefined> {
    const [r] = await db
      .select()
      .from(revendaIntegracoes)
      .where(and(eq(revendaIntegracoes.revenda_id, idRevenda), eq(revendaIntegracoes.canal, canal)));
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
    },
  ) {
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
      })
      .onConflictDoUpdate({
        target: [revendaIntegracoes.revenda_id, revendaIntegracoes.canal],
        set: { status: r.status, config: r.config, segredos: r.segredos, updated_id: r.usuarioId, updated_at: sql`now()` },
      })
      .returning();
    if (!salvo) throw new Error('gravação sem retorno');
    return salvo;
  },

  async definirStatus(db: Executor, idRevenda: string, canal: CanalId, status: boolean, usuarioId: string) {
    await db
      .update(revendaIntegracoes)
      .set({ status, updated_id: usuarioId, updated_at: sql`now()` })
      .where(and(eq(revendaIntegracoes.revenda_id, idRevenda), eq(revendaIntegracoes.canal, canal)));
  },
};
