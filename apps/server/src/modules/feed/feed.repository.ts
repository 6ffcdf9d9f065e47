import { FEED_DIAS_VENDIDO } from '@intermedio/contracts';
import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/cliente.ts';
import { revendas, veiculoImagens, veiculos, veiculoVendas } from '../../db/schema/index.ts';

export type RevendaFeed = typeof revendas.$inferSelect;

export const feedRepository = {
  /** The reseller whose enabled feed has this slug. */
  async revendaPorSlug(db: Db, slug: string): Promise<RevendaFeed | null> {
    const [r] = await db
      .select()
      .from(revendas)
      .where(and(eq(revendas.feed_slug, slug), eq(revendas.feed_ativo, true)))
      .limit(1);
    return r ?? null;
  },

  /**
   * Vehicles shown on the site (veexibir_site, not removed): in stock, or sold less than FEED_DIAS_VENDIDO days ago
   * (with the sale's date). Featured first, then most recently changed.
   */
  async veiculos(db: Db, idRevenda: string) {
    const corte = new Date(Date.now() - FEED_DIAS_VENDIDO * 86_400_000);
    return db
      .select({ v: veiculos, vendido_em: veiculoVendas.vendido_em })
      .from(veiculos)
      .leftJoin(veiculoVendas, eq(veiculoVendas.veiculo_id, veiculos.id))
      .where(
        and(
          eq(veiculos.revenda_id, idRevenda),
          eq(veiculos.veremovido, 0),
          eq(veiculos.veexibir_site, true),
          or(
            and(eq(veiculos.vevendido, 0), isNull(veiculoVendas.veiculo_id)),
            and(eq(veiculos.vevendido, 1), gt(veiculoVendas.vendido_em, corte)),
          ),
        ),
      )
      .orderBy(asc(veiculos.vevendido), desc(veiculos.vedestaque), desc(veiculos.updated_at), asc(veiculos.id));
  },

  /** The photos of these vehicles, in each vehicle's order. */
  async fotos(db: Db, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ veiculo_id: veiculoImagens.veiculo_id, file_url: veiculoImagens.file_url, file_thumb: veiculoImagens.file_thumb })
      .from(veiculoImagens)
      .where(inArray(veiculoImagens.veiculo_id, ids))
      .orderBy(veiculoImagens.veiculo_id, veiculoImagens.posicao);
  },

  async configuracao(db: Db, idRevenda: string) {
    const [r] = await db.select({ ativo: revendas.feed_ativo, slug: revendas.feed_slug }).from(revendas).where(eq(revendas.id, idRevenda));
    return r ?? null;
  },

  /** Enables or disables the feed; the first enable gives it a slug (`slugNovo`), kept when disabled. */
  async ativar(db: Db, idRevenda: string, ativo: boolean, slugNovo: string) {
    const [r] = await db
      .update(revendas)
      .set({ feed_ativo: ativo, feed_slug: sql`coalesce(${revendas.feed_slug}, ${slugNovo})` })
      .where(eq(revendas.id, idRevenda))
      .returning({ ativo: revendas.feed_ativo, slug: revendas.feed_slug });
    return r ?? null;
  },

  /** A new address: the old slug stops answering at once. */
  async trocarSlug(db: Db, idRevenda: string, slug: string) {
    const [r] = await db
      .update(revendas)
      .set({ feed_slug: slug })
      .where(eq(revendas.id, idRevenda))
      .returning({ ativo: revendas.feed_ativo, slug: revendas.feed_slug });
    return r ?? null;
  },
};
