import type { TipoImagemRevenda } from '@intermedio/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { bannersSite, imagensDestaque } from '../../db/schema/index.ts';

/** Highlight images and site banners: the same columns, one repository. */
const TABELA = { 'imagem-destaque': imagensDestaque, 'banner-site': bannersSite } as const;
const tabela = (tipo: TipoImagemRevenda) => TABELA[tipo] as typeof imagensDestaque;
export type ImagemRevendaRegistro = typeof imagensDestaque.$inferSelect;

export const imagensRevendaRepository = {
  listar: (db: Executor, tipo: TipoImagemRevenda, idRevenda: string) => {
    const t = tabela(tipo);
    return db.select().from(t).where(eq(t.revenda_id, idRevenda)).orderBy(desc(t.created_at), desc(t.id));
  },

  async buscar(db: Executor, tipo: TipoImagemRevenda, idRevenda: string, id: string): Promise<ImagemRevendaRegistro | undefined> {
    const t = tabela(tipo);
    const [r] = await db
      .select()
      .from(t)
      .where(and(eq(t.revenda_id, idRevenda), eq(t.id, id)));
    return r;
  },

  async incluir(
    db: Executor,
    tipo: TipoImagemRevenda,
    v: { revenda_id: string; imagem_url: string; imagem_name: string; created_id: string },
  ) {
    const [r] = await db.insert(tabela(tipo)).values(v).returning();
    if (!r) throw new Error('inclusão sem retorno');
    return r;
  },

  /** Deletes and answers the row (its file is removed by the caller), or undefined when none. */
  async remover(db: Executor, tipo: TipoImagemRevenda, idRevenda: string, id: string): Promise<ImagemRevendaRegistro | undefined> {
    const t = tabela(tipo);
    const [r] = await db
      .delete(t)
      .where(and(eq(t.id, id), eq(t.revenda_id, idRevenda)))
      .returning();
    return r;
  },
};
