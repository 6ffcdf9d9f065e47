import type { EstadoLembrete, NotificacaoEntrada } from '@intermedio/contracts';
import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { notificacoes, usuarios } from '../../db/schema/index.ts';

export type NotificacaoRegistro = typeof notificacoes.$inferSelect;

export const notificacoesRepository = {
  listar: (db: Executor, idRevenda: string) =>
    db
      .select()
      .from(notificacoes)
      .where(eq(notificacoes.revenda_id, idRevenda))
      .orderBy(desc(notificacoes.created_at), desc(notificacoes.id)),

  async buscar(db: Executor, idRevenda: string, id: string): Promise<NotificacaoRegistro | undefined> {
    const [r] = await db
      .select()
      .from(notificacoes)
      .where(and(eq(notificacoes.id, id), eq(notificacoes.revenda_id, idRevenda)));
    return r;
  },

  async buscarPorId(db: Executor, id: string): Promise<NotificacaoRegistro | undefined> {
    const [r] = await db.select().from(notificacoes).where(eq(notificacoes.id, id));
    return r;
  },

  async incluir(
    db: Executor,
    v: Required<Pick<NotificacaoEntrada, 'titulo' | 'acesso'>> & { link: string | null; revenda_id: string; created_id: string },
  ) {
    const [r] = await db.insert(notificacoes).values(v).returning();
    if (!r) throw new Error('inclusão sem retorno');
    return r;
  },

  async remover(db: Executor, idRevenda: string, id: string) {
    const r = await db
      .delete(notificacoes)
      .where(and(eq(notificacoes.id, id), eq(notificacoes.revenda_id, idRevenda)))
      .returning({ id: notificacoes.id });
    return r.length > 0;
  },

  /** Records the reminder's state; a complete send also sets status 1 (spec 2 §3: 0 when newly saved). */
  async registrarLembrete(db: Executor, id: string, estado: EstadoLembrete, mensagem: string | null) {
    await db
      .update(notificacoes)
      .set({
        lembrete_estado: estado,
        lembrete_mensagem: mensagem,
        lembrete_em: sql`now()`,
        ...(estado === 'sucesso' ? { status: 1 } : {}),
      })
      .where(eq(notificacoes.id, id));
  },

  /** Spec 2 §6: acesso gestor → the reseller's active gestor and admin users with a push token; todos → all of them. */
  destinatarios: (db: Executor, idRevenda: string, acesso: string) =>
    db
      .select({ id: usuarios.id, token: usuarios.push_token })
      .from(usuarios)
      .where(
        and(
          eq(usuarios.revenda_id, idRevenda),
          eq(usuarios.ativo, 1),
          isNotNull(usuarios.push_token),
          ne(usuarios.push_token, ''),
          ...(acesso === 'gestor' ? [inArray(usuarios.role, ['gestor', 'admin'])] : []),
        ),
      ),

  /** Forgets tokens the push service reported dead (only where the user still has that same token). */
  async removerTokens(db: Executor, tokens: string[]) {
    if (!tokens.length) return;
    await db.update(usuarios).set({ push_token: null, push_data: null }).where(inArray(usuarios.push_token, tokens));
  },

  async gravarToken(db: Executor, idUsuario: string, token: string | null, dados: Record<string, unknown> | null) {
    // A device token belongs to one user: whoever registered it before loses it.
    if (token)
      await db
        .update(usuarios)
        .set({ push_token: null, push_data: null })
        .where(and(eq(usuarios.push_token, token), ne(usuarios.id, idUsuario)));
    await db.update(usuarios).set({ push_token: token, push_data: dados }).where(eq(usuarios.id, idUsuario));
  },
};
