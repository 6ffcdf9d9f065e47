import type { RevendaLinha, RevendaValidada } from '@intermedio/contracts';
import { and, asc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { linhasEmJson } from '../../db/json.ts';
import { revendas, sessoes, usuarios } from '../../db/schema/index.ts';
import { naVersao, novaVersao } from '../../db/versao.ts';

export type RevendaRegistro = typeof revendas.$inferSelect;

/**
 * What the reseller lists show; `nome_ordenacao` is the accent-free sort key the index serves (collation "C").
 * Every expression is named: the list's JSON is built by the database from these names (`linhasEmJson`).
 */
function consultaLista(db: Executor, basico: boolean, id?: string) {
  const c = getTableColumns(revendas);
  // On the index's first column (basico is rank 0), so the index serves the filter as well as the order.
  const doPlano = basico ? eq(revendas.plano_ordem, 0) : gt(revendas.plano_ordem, 0);
  return db
    .select({
      id: c.id,
      pestatus: c.pestatus,
      logotipo: c.logotipo,
      penome_fantasia: c.penome_fantasia,
      pevalormensalidade: sql<string | null>`${revendas.pevalormensalidade}::text`.as('pevalormensalidade'),
      pedatavencimento: c.pedatavencimento,
      peobsadm: c.peobsadm,
      pecpf_cnpj: c.pecpf_cnpj,
      perazao_social_nome: c.perazao_social_nome,
      pecidade: c.pecidade,
      peuf: c.peuf,
      created_at: sql<string>`to_char(${revendas.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('created_at'),
      petelefone1: c.petelefone1,
      peemail: c.peemail,
      pehomepage: c.pehomepage,
      // The check constraint revendas_plano_chk keeps it to the contract's plans.
      plano: sql<RevendaLinha['plano']>`${revendas.plano}`.as('plano'),
      ativo: c.ativo,
      dias_ativo:
        sql<number>`greatest(0, ((now() at time zone 'America/Sao_Paulo')::date - (${revendas.created_at} at time zone 'America/Sao_Paulo')::date))::int`.as(
          'dias_ativo',
        ),
      // Kept by triggers on usuarios (migration 0009): no per-call count of every user.
      usuarios_bloqueados: c.usuarios_bloqueados,
      usuarios_total: c.usuarios_total,
    })
    .from(revendas)
    .where(id ? and(doPlano, eq(revendas.id, id)) : doPlano);
}

export const revendasRepository = {
  /** The reseller list (plano above basico) or the basic-plan list, sorted by plan rank then name (index `revendas_lista_idx`). */
  consultaOrdenada: (db: Executor, basico: boolean) =>
    consultaLista(db, basico).orderBy(asc(revendas.plano_ordem), asc(sql`${revendas.nome_ordenacao} collate "C"`), asc(revendas.id)),
  /** The list as the JSON array the answer carries, built by the database (the benchmark runs this directly). */
  listar: (db: Executor, basico: boolean) => linhasEmJson(db, revendasRepository.consultaOrdenada(db, basico)),

  consultaLinha: (db: Executor, basico: boolean, id: string) => consultaLista(db, basico, id),

  /** One row of a list, in the list's shape; undefined when the reseller is not (or no longer) in that list. */
  async linhaDaLista(db: Executor, basico: boolean, id: string) {
    const [l] = await consultaLista(db, basico, id);
    return l;
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

  /** Writes the change only over the version read; undefined when the row is gone or newer (see db/versao.ts). */
  async atualizar(db: Executor, id: string, dados: Partial<RevendaValidada>, usuarioId: string, versao: string) {
    const [r] = await db
      .update(revendas)
      .set({ ...dados, updated_id: usuarioId, updated_at: novaVersao(revendas.updated_at) })
      .where(and(eq(revendas.id, id), naVersao(revendas.updated_at, versao)))
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

  /**
   * Blocks (0) or unblocks (1) all of the reseller's users; answers how many changed. Blocking marks the users it
   * turns off and ends their open sessions in the same transaction; unblocking turns back on only those marked,
   * so a user who was inactive before the block stays inactive (issue 10 item 9).
   */
  async definirAtivoUsuarios(db: Executor, id: string, ativo: 0 | 1) {
    return db.transaction(async (tx) => {
      if (ativo === 1) {
        const r = await tx
          .update(usuarios)
          .set({ ativo: 1, bloqueado_com_revenda: false, updated_at: new Date() })
          .where(and(eq(usuarios.revenda_id, id), eq(usuarios.bloqueado_com_revenda, true)))
          .returning({ id: usuarios.id });
        return r.length;
      }
      const r = await tx
        .update(usuarios)
        .set({ ativo: 0, bloqueado_com_revenda: true, updated_at: new Date() })
        .where(and(eq(usuarios.revenda_id, id), eq(usuarios.ativo, 1)))
        .returning({ id: usuarios.id });
      if (r.length)
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
