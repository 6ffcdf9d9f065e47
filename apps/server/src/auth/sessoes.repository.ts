import { and, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/cliente.ts';
import { redefinicoesSenha, sessoes, tentativasLogin, usuarios } from '../db/schema/index.ts';

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

  /** The session with its user, if it has not expired. */
  async buscar(db: Executor, id: string) {
    const [linha] = await db
      .select({ sessao: { id: sessoes.id, csrf: sessoes.csrf }, usuario: colunasUsuario })
      .from(sessoes)
      .innerJoin(usuarios, eq(usuarios.id, sessoes.usuario_id))
      .where(and(eq(sessoes.id, id), gt(sessoes.expires_at, sql`now()`)));
    return linha as { sessao: { id: string; csrf: string }; usuario: UsuarioDaSessao } | undefined;
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

  async contarTentativas(db: Executor, chave: string, desde: Date) {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(tentativasLogin)
      .where(and(eq(tentativasLogin.chave, chave), gt(tentativasLogin.created_at, desde)));
    return r?.n ?? 0;
  },

  async registrarTentativas(db: Executor, chaves: string[]) {
    await db.insert(tentativasLogin).values(chaves.map((chave) => ({ chave })));
  },

  async limparTentativas(db: Executor, chave: string) {
    await db.delete(tentativasLogin).where(eq(tentativasLogin.chave, chave));
  },
};
