import { type ContadoresAdmin, type ContadoresRevenda, FILAS_MODERACAO } from '@intermedio/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { banners, moderacao, usuarios, veiculos, vendidos } from '../../db/schema/index.ts';

export const dashboardRepository = {
  /** Sizes of the five moderation queues (spec 1 §2, admin dashboard). */
  async contadoresAdmin(db: Executor): Promise<ContadoresAdmin> {
    const linhas = await db.select({ fila: moderacao.fila, n: count() }).from(moderacao).groupBy(moderacao.fila);
    const porFila = Object.fromEntries(linhas.map((l) => [l.fila, Number(l.n)]));
    return Object.fromEntries(FILAS_MODERACAO.map((f) => [f, porFila[f] ?? 0])) as ContadoresAdmin;
  },

  /** Dealer dashboard counts (spec 2 §7). */
  async contadoresRevenda(db: Executor, idRevenda: string): Promise<ContadoresRevenda> {
    const contar = async (tabela: typeof banners | typeof vendidos | typeof usuarios) => {
      const [r] = await db.select({ n: count() }).from(tabela).where(eq(tabela.revenda_id, idRevenda));
      return Number(r?.n ?? 0);
    };
    const [estoque] = await db
      .select({
        veiculos: sql<number>`count(*) filter (where ${veiculos.veremovido} = 0)::int`,
        historico: sql<number>`count(*) filter (where ${veiculos.veremovido} = 1)::int`,
      })
      .from(veiculos)
      .where(and(eq(veiculos.revenda_id, idRevenda)));
    const [nVendidos, nUsuarios, nBanners] = await Promise.all([contar(vendidos), contar(usuarios), contar(banners)]);
    return {
      veiculos: estoque?.veiculos ?? 0,
      vendidos: nVendidos,
      usuarios: nUsuarios,
      historico: estoque?.historico ?? 0,
      banners: nBanners,
    };
  },
};
