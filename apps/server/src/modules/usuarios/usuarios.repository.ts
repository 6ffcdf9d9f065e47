import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessoesRepository } from '../../auth/sessoes.repository.ts';
import type { Executor } from '../../db/cliente.ts';
import { linhasEmJson, textoIso } from '../../db/json.ts';
import { redefinicoesSenha, sessoes, usuarios } from '../../db/schema/index.ts';
import { naVersao, novaVersao } from '../../db/versao.ts';

const colunas = {
  id: usuarios.id,
  nome: usuarios.nome,
  email: usuarios.email,
  role: usuarios.role,
  revenda_id: usuarios.revenda_id,
  ativo: usuarios.ativo,
  telefone1: usuarios.telefone1,
  telefone2: usuarios.telefone2,
  created_at: usuarios.created_at,
  updated_at: usuarios.updated_at,
};
export type UsuarioRegistro = {
  id: string;
  nome: string;
  email: string;
  role: string;
  revenda_id: string | null;
  ativo: number;
  telefone1: string | null;
  telefone2: string | null;
  created_at: Date;
  updated_at: Date;
};

export const usuariosRepository = {
  /**
   * A reseller's users in the API's shape (`Usuario`, every expression named), sorted by the accent-free name key,
   * which the index `usuarios_lista_idx` serves. The builder, for the EXPLAIN test.
   */
  consultaDaRevenda: (db: Executor, idRevenda: string) =>
    db
      .select({
        id: usuarios.id,
        nome: usuarios.nome,
        email: usuarios.email,
        role: usuarios.role,
        revenda: sql<string | null>`${usuarios.revenda_id}`.as('revenda'),
        ativo: usuarios.ativo,
        telefone1: usuarios.telefone1,
        telefone2: usuarios.telefone2,
        created_at: textoIso(usuarios.created_at),
        updated_at: textoIso(usuarios.updated_at),
      })
      .from(usuarios)
      .where(eq(usuarios.revenda_id, idRevenda))
      .orderBy(asc(sql`${usuarios.nome_ordenacao} collate "C"`), asc(usuarios.id)),
  /** The list as the JSON array the answer carries, built by the database (the benchmark runs this directly). */
  listarDaRevenda: (db: Executor, idRevenda: string) => linhasEmJson(db, usuariosRepository.consultaDaRevenda(db, idRevenda)),

  async buscarNaRevenda(db: Executor, idRevenda: string, id: string): Promise<UsuarioRegistro | undefined> {
    const [u] = await db
      .select(colunas)
      .from(usuarios)
      .where(and(eq(usuarios.id, id), eq(usuarios.revenda_id, idRevenda)));
    return u;
  },

  async emailExiste(db: Executor, email: string) {
    const [u] = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, email));
    return Boolean(u);
  },

  async criar(db: Executor, dados: typeof usuarios.$inferInsert): Promise<UsuarioRegistro> {
    const [u] = await db.insert(usuarios).values(dados).returning(colunas);
    if (!u) throw new Error('insert sem retorno');
    return u;
  },

  /** Changes the user; one who is now a client (no panel access) loses every open session in the same step. */
  async alterar(db: Executor, id: string, dados: Partial<typeof usuarios.$inferInsert>, versao: string) {
    return db.transaction(async (tx) => {
      const [u] = await tx
        .update(usuarios)
        .set({ ...dados, updated_at: novaVersao(usuarios.updated_at) })
        .where(and(eq(usuarios.id, id), naVersao(usuarios.updated_at, versao)))
        .returning(colunas);
      if (u && u.role === 'client') await tx.delete(sessoes).where(eq(sessoes.usuario_id, id));
      return u;
    });
  },

  async remover(db: Executor, id: string) {
    const r = await db.delete(usuarios).where(eq(usuarios.id, id)).returning({ id: usuarios.id });
    return r.length > 0;
  },

  async criarRedefinicao(db: Executor, usuarioId: string, tokenHash: string, expira: Date) {
    await db.transaction(async (tx) => {
      // A new link replaces the ones not used yet. The user's row is locked first, so simultaneous requests take
      // turns: each one's delete sees the links committed before it and only the last link written stays valid
      // (without the lock, a delete blocked on a link another request is removing misses that request's new link).
      // NO KEY UPDATE: sign-ins inserting the user's sessions (a foreign key share lock) are not held up.
      await tx.execute(sql`select 1 from ${usuarios} where ${usuarios.id} = ${usuarioId} for no key update`);
      await tx.delete(redefinicoesSenha).where(and(eq(redefinicoesSenha.usuario_id, usuarioId), isNull(redefinicoesSenha.usado_em)));
      await tx.insert(redefinicoesSenha).values({ id: tokenHash, usuario_id: usuarioId, expires_at: expira });
    });
  },

  /** The user of a reset link still valid (not used, not expired). */
  async usuarioDaRedefinicao(db: Executor, tokenHash: string) {
    const [r] = await db
      .select({ id: usuarios.id, email: usuarios.email })
      .from(redefinicoesSenha)
      .innerJoin(usuarios, eq(usuarios.id, redefinicoesSenha.usuario_id))
      .where(and(eq(redefinicoesSenha.id, tokenHash), isNull(redefinicoesSenha.usado_em), gt(redefinicoesSenha.expires_at, sql`now()`)));
    return r;
  },

  /** Uses the link once: new password, link marked used, every open session of the user ended. */
  async concluirRedefinicao(db: Executor, tokenHash: string, usuario: { id: string; email: string }, senhaHash: string) {
    const usuarioId = usuario.id;
    return db.transaction(async (tx) => {
      const usados = await tx
        .update(redefinicoesSenha)
        .set({ usado_em: new Date() })
        .where(and(eq(redefinicoesSenha.id, tokenHash), isNull(redefinicoesSenha.usado_em)))
        .returning({ id: redefinicoesSenha.id });
      if (usados.length === 0) return false;
      await tx.update(usuarios).set({ senha_hash: senhaHash, updated_at: new Date() }).where(eq(usuarios.id, usuarioId));
      await tx.delete(sessoes).where(eq(sessoes.usuario_id, usuarioId));
      await sessoesRepository.liberarEmail(tx, usuario.email); // the owner proved the e-mail: its sign-in lock goes
      return true;
    });
  },
};
