import { and, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/cliente.ts';
import { redefinicoesSenha, revendas, sessoes, tentativasLogin, usuarios } from '../db/schema/index.ts';

export type UsuarioDaSessao = {
  id: string;
  email: string;
  nome: string;
  role: 'admin' | 'gestor' | 'client';
  revenda_id: string | null;
  ativo: number;
  empresa: string | null;
};

const colunasUsuario = {
  id: usuarios.id,
  email: usuarios.email,
  nome: usuarios.nome,
  role: usuarios.role,
  revenda_id: usuarios.revenda_id,
  ativo: usuarios.ativo,
  empresa: usuarios.empresa,
};

export const sessoesRepository = {
  async usuarioPorEmail(db: Executor, email: string) {
    const [u] = await db
      .select({ ...colunasUsuario, senha_hash: usuarios.senha_hash })
      .from(usuarios)
      .where(eq(usuarios.email, email));
    return u as (UsuarioDaSessao & { senha_hash: string }) | undefined;
  },

  async criar(db: Executor, s: { id: string; usuarioId: string; csrf: string; ip: string; userAgent: string | null; expira: Date }) {
    await db.insert(sessoes).values({
      id: s.id,
      usuario_id: s.usuarioId,
      csrf: s.csrf,
      ip: s.ip,
      user_agent: s.userAgent,
      expires_at: s.expira,
    });
  },

  /**
   * The lookup every request makes (its session with its user and whether the user's reseller exists, if it has not
   * expired): one statement, built once and prepared by name, so PostgreSQL neither parses nor plans it again on each
   * request (planning the three-table join was most of its cost) and drizzle does not rebuild its text.
   */
  prepararBusca(db: Db) {
    const consulta = db
      .select({
        sessao: { id: sessoes.id, csrf: sessoes.csrf },
        usuario: colunasUsuario,
        revendaExiste: sql<boolean>`${revendas.id} is not null`,
      })
      .from(sessoes)
      .innerJoin(usuarios, eq(usuarios.id, sessoes.usuario_id))
      .leftJoin(revendas, eq(revendas.id, usuarios.revenda_id))
      .where(and(eq(sessoes.id, sql.placeholder('id')), gt(sessoes.expires_at, sql`now()`)))
      .prepare('sessao_do_token');
    return async (id: string) => {
      const [linha] = await consulta.execute({ id });
      return linha as { sessao: { id: string; csrf: string }; usuario: UsuarioDaSessao; revendaExiste: boolean } | undefined;
    };
  },

  async remover(db: Executor, id: string) {
    await db.delete(sessoes).where(eq(sessoes.id, id));
  },

  async removerDoUsuario(db: Executor, usuarioId: string) {
    await db.delete(sessoes).where(eq(sessoes.usuario_id, usuarioId));
  },

  async removerExpiradas(db: Executor) {
    await db.delete(sessoes).where(lt(sessoes.expires_at, sql`now()`));
  },

  async removerRedefinicoesVencidas(db: Executor) {
    await db.delete(redefinicoesSenha).where(or(isNotNull(redefinicoesSenha.usado_em), lt(redefinicoesSenha.expires_at, sql`now()`)));
  },

  async removerTentativasAntigas(db: Executor, antesDe: Date) {
    await db.delete(tentativasLogin).where(lt(tentativasLogin.created_at, antesDe));
  },

  /**
   * Counts and records one attempt atomically: under a transaction lock per key, when every key is below its
   * limit since `desde` a record is added for each key (their ids are answered); otherwise nothing is recorded
   * (null), so a flood of refused attempts adds no rows.
   */
  async reservarTentativa(db: Executor, limites: { chave: string; limite: number; desde: Date }[]): Promise<number[] | null> {
    return db.transaction(async (tx) => {
      for (const { chave } of [...limites].sort((a, b) => a.chave.localeCompare(b.chave))) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${chave}, 7419))`);
      }
      const contagens = await tx
        .select({ chave: tentativasLogin.chave, n: sql<number>`count(*)::int` })
        .from(tentativasLogin)
        .where(or(...limites.map((l) => and(eq(tentativasLogin.chave, l.chave), gt(tentativasLogin.created_at, l.desde)))))
        .groupBy(tentativasLogin.chave);
      const n = new Map(contagens.map((c) => [c.chave, c.n]));
      if (limites.some((l) => (n.get(l.chave) ?? 0) >= l.limite)) return null;
      const novos = await tx
        .insert(tentativasLogin)
        .values(limites.map((l) => ({ chave: l.chave })))
        .returning({ id: tentativasLogin.id });
      return novos.map((r) => r.id);
    });
  },

  /** After a successful sign-in: every record of `chaves` and the attempt's own records (`ids`) are removed. */
  async liberarTentativas(db: Executor, op: { chaves: string[]; ids: number[] }) {
    await db.delete(tentativasLogin).where(or(inArray(tentativasLogin.chave, op.chaves), inArray(tentativasLogin.id, op.ids)));
  },

  /** A completed password reset clears the e-mail's locks, from every address. */
  async liberarEmail(db: Executor, email: string) {
    await db
      .delete(tentativasLogin)
      .where(or(eq(tentativasLogin.chave, `email:${email}`), sql`starts_with(${tentativasLogin.chave}, ${`par:${email}|`})`));
  },
};
