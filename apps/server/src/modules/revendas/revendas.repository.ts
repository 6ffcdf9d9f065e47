import type { RevendaValidada } from '@intermedio/contracts';
import { asc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { revendas, sessoes, usuarios } from '../../db/schema/index.ts';

export type RevendaRegistro = typeof revendas.$inferSelect;

/** Plan rank for sorting (spec 1 §2: "sorted by plano then store name"): basico < … < concessionaria. */
const ordemPlano = sql`array_position(array['basico','vendedor','familiar','showroom','concessionaria']::text[], ${revendas.plano})`;

export const revendasRepository = {
  /** The reseller list (plano above basico) or the basic-plan list, with what the table shows. */
  async listar(db: Executor, basico: boolean) {
    const c = getTableColumns(revendas);
    return db
      .select({
        id: c.id,
        pestatus: c.pestatus,
        logotipo: c.logotipo,
        penome_fantasia: c.penome_fantasia,
        pevalormensalidade: c.pevalormensalidade,
        pedatavencimento: c.pedatavencimento,
        peobsadm: c.peobsadm,
        pecpf_cnpj: c.pecpf_cnpj,
        perazao_social_nome: c.perazao_social_nome,
        pecidade: c.pecidade,
        peuf: c.peuf,
        created_at: c.created_at,
        petelefone1: c.petelefone1,
        peemail: c.peemail,
        pehomepage: c.pehomepage,
        plano: c.plano,
        ativo: c.ativo,
        dias_ativo: sql<number>`greatest(0, ((now() at time zone 'America/Sao_Paulo')::date - (${revendas.created_at} at time zone 'America/Sao_Paulo')::date))::int`,
        usuarios_bloqueados: sql<number>`coalesce((select count(*) filter (where u.ativo = 0) from ${usuarios} u where u.revenda_id = revendas.id), 0)::int`,
        usuarios_total: sql<number>`coalesce((select count(*) from ${usuarios} u where u.revenda_id = revendas.id), 0)::int`,
      })
      .from(revendas)
      .where(basico ? eq(revendas.plano, 'basico') : ne(revendas.plano, 'basico'))
      .orderBy(...(basico ? [] : [asc(ordemPlano)]), asc(sql`lower(${revendas.penome_fantasia})`), asc(revendas.id));
  },

  async buscar(db: Executor, id: string): Promise<RevendaRegistro | undefined> {
    const [r] = await db.select().from(revendas).where(eq(revendas.id, id));
    return r;
  },

  async criar(db: Executor, dados: RevendaValidada, usuarioId: string) {
    const [r] = await db
      .insert(revendas)
      .values({ ...dados, pestatus: dados.pestatus ?? 'green', created_id: usuarioId, updated_id: usuarioId })
      .returning();
    if (!r) throw new Error('insert sem retorno');
    return r;
  },

  async atualizar(db: Executor, id: string, dados: Partial<RevendaValidada>, usuarioId: string) {
    const [r] = await db
      .update(revendas)
      .set({ ...dados, updated_id: usuarioId, updated_at: new Date() })
      .where(eq(revendas.id, id))
      .returning();
    return r;
  },

  /** Spec 1 §2: the reseller, then all its users; in one transaction so nothing is half-deleted. */
  async remover(db: Executor, id: string) {
    return db.transaction(async (tx) => {
      const usuariosRemovidos = await tx.delete(usuarios).where(eq(usuarios.revenda_id, id)).returning({ id: usuarios.id });
      const [r] = await tx.delete(revendas).where(eq(revendas.id, id)).returning({ id: revendas.id });
      if (!r) throw new Error('revenda sumiu durante a remoção');
      return { usuarios: usuariosRemovidos.length };
    });
  },

  /** Blocking ends every open session of the reseller's users in the same transaction. */
  async definirAtivoUsuarios(db: Executor, id: string, ativo: 0 | 1) {
    return db.transaction(async (tx) => {
      const r = await tx
        .update(usuarios)
        .set({ ativo, updated_at: new Date() })
        .where(eq(usuarios.revenda_id, id))
        .returning({ id: usuarios.id });
      if (ativo === 0 && r.length)
        await tx.delete(sessoes).where(
          inArray(
            sessoes.usuario_id,
            r.map((u) => u.id),
          ),
        );
      return r.length;
    });
  },

  async definirAtivoSite(db: Executor, id: string, ativo: 0 | 1) {
    await db.update(revendas).set({ ativo, updated_at: new Date() }).where(eq(revendas.id, id));
  },
};
