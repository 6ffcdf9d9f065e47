import { CAMPO_TEXTO, type ResultadoPublicacao, type TipoPublicacao } from '@intermedio/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { banners, type ImagemMidia, moderacao, vendidos } from '../../db/schema/index.ts';

/**
 * Banners and sold items: the same columns except the text field, so one repository serves both. Drizzle types it
 * as the banners table; the text column is read and written by its name for the kind at hand.
 */
const TABELA = { banner: banners, vendido: vendidos } as const;
const tabela = (tipo: TipoPublicacao) => TABELA[tipo] as unknown as typeof banners;

type Registro = typeof banners.$inferSelect;
export type ItemRegistro = Omit<Registro, 'peblocotextobanners'> & { texto: string };

const comTexto = (tipo: TipoPublicacao, r: Registro): ItemRegistro => {
  const { peblocotextobanners: _, ...resto } = r;
  return { ...resto, texto: String((r as unknown as Record<string, unknown>)[CAMPO_TEXTO[tipo]] ?? '') };
};

export type NovoItem = {
  revenda_id: string;
  nome_revenda: string;
  imagem: ImagemMidia[];
  texto: string;
  ig_stories: boolean;
  ig_feed: boolean;
  fb_feed: boolean;
  created_id: string;
};

export const bannersRepository = {
  /** Newest first (spec: created_at descending). */
  async listar(db: Executor, tipo: TipoPublicacao, idRevenda: string): Promise<ItemRegistro[]> {
    const t = tabela(tipo);
    const linhas = await db.select().from(t).where(eq(t.revenda_id, idRevenda)).orderBy(desc(t.created_at), desc(t.id));
    return linhas.map((l) => comTexto(tipo, l));
  },

  async buscar(db: Executor, tipo: TipoPublicacao, idRevenda: string, id: string): Promise<ItemRegistro | undefined> {
    const t = tabela(tipo);
    const [l] = await db
      .select()
      .from(t)
      .where(and(eq(t.id, id), eq(t.revenda_id, idRevenda)));
    return l && comTexto(tipo, l);
  },

  /** The item and its moderation queue entry (banners or vendidos), in the caller's transaction. */
  async incluir(tx: Executor, tipo: TipoPublicacao, item: NovoItem, logo: string | null): Promise<ItemRegistro> {
    const t = tabela(tipo);
    const { texto, ...resto } = item;
    const valores = { ...resto, [CAMPO_TEXTO[tipo]]: texto } as unknown as typeof banners.$inferInsert;
    const [salvo] = await tx.insert(t).values(valores).returning();
    if (!salvo) throw new Error('inclusão sem retorno');
    await tx.insert(moderacao).values({
      fila: tipo === 'banner' ? 'banners' : 'vendidos',
      revenda_id: item.revenda_id,
      banner_id: tipo === 'banner' ? salvo.id : null,
      vendido_id: tipo === 'vendido' ? salvo.id : null,
      revenda: item.nome_revenda,
      logo_revenda: logo,
    });
    return comTexto(tipo, salvo);
  },

  /** Requested flags (a publish request) or the fields a publication returned (spec 3 §4: merged into the item). */
  async mesclar(
    db: Executor,
    tipo: TipoPublicacao,
    id: string,
    campos: ResultadoPublicacao & Partial<Pick<Registro, 'ig_stories' | 'ig_feed' | 'fb_feed'>>,
  ) {
    const t = tabela(tipo);
    if (Object.keys(campos).length) await db.update(t).set(campos).where(eq(t.id, id));
  },
};
