import {
  type CanalId,
  type ContadoresAdmin,
  type ContadoresRevenda,
  FILAS_MODERACAO,
  type VendaComAnuncios,
  type VendaRecente,
} from '@intermedio/contracts';
import { and, asc, count, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { banners, moderacao, revendas, usuarios, veiculoRemocoes, veiculos, veiculoVendas, vendidos } from '../../db/schema/index.ts';

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

  /**
   * Dealer dashboard (issue 16): each vehicle sold in the last 30 days and the time from "vendido" to the last
   * channel removed (null while an advert is still online), newest first.
   */
  async vendasRecentes(db: Executor, idRevenda: string): Promise<VendaRecente[]> {
    const linhas = await db
      .select({
        id_veiculo: veiculoVendas.veiculo_id,
        veiculo: sql<string>`${veiculos.vefipe_marca} || ' ' || ${veiculos.vefipe_name} || ' ' || ${veiculos.veano_fabricacao} || '/' || ${veiculos.vefipe_ano_modelo}`,
        vendido_em: veiculoVendas.vendido_em,
        canais: sql<number>`count(${veiculoRemocoes.id})::int`,
        removidos: sql<number>`(count(*) filter (where ${veiculoRemocoes.estado} = 'removido'))::int`,
        segundos: sql<number | null>`case when bool_and(${veiculoRemocoes.estado} is null or ${veiculoRemocoes.estado} = 'removido')
          then greatest(0, round(extract(epoch from coalesce(max(${veiculoRemocoes.removido_em}), ${veiculoVendas.vendido_em}) - ${veiculoVendas.vendido_em})))::int end`,
      })
      .from(veiculoVendas)
      .innerJoin(veiculos, eq(veiculos.id, veiculoVendas.veiculo_id))
      .leftJoin(veiculoRemocoes, eq(veiculoRemocoes.veiculo_id, veiculoVendas.veiculo_id))
      .where(and(eq(veiculoVendas.revenda_id, idRevenda), gt(veiculoVendas.vendido_em, sql`now() - interval '30 days'`)))
      .groupBy(veiculoVendas.veiculo_id, veiculos.id)
      .orderBy(desc(veiculoVendas.vendido_em));
    return linhas.map((l) => ({
      id_veiculo: l.id_veiculo,
      veiculo: l.veiculo,
      vendido_em: l.vendido_em.toISOString(),
      canais: l.canais,
      removidos: l.removidos,
      segundos_ate_remover: l.segundos === null ? null : Number(l.segundos),
    }));
  },

  /** Admin home (issue 16): vehicles sold more than an hour ago with adverts still online, oldest sale first. */
  async vendidosComAnuncios(db: Executor): Promise<VendaComAnuncios[]> {
    const linhas = await db
      .select({
        id_veiculo: veiculoVendas.veiculo_id,
        id_revenda: veiculoVendas.revenda_id,
        revenda: revendas.penome_fantasia,
        veiculo: sql<string>`${veiculos.vefipe_marca} || ' ' || ${veiculos.vefipe_name}`,
        vendido_em: veiculoVendas.vendido_em,
        canais: sql<string[]>`array_agg(${veiculoRemocoes.canal} order by ${veiculoRemocoes.canal})`,
      })
      .from(veiculoRemocoes)
      .innerJoin(veiculoVendas, eq(veiculoVendas.veiculo_id, veiculoRemocoes.veiculo_id))
      .innerJoin(veiculos, eq(veiculos.id, veiculoVendas.veiculo_id))
      .innerJoin(revendas, eq(revendas.id, veiculoVendas.revenda_id))
      .where(and(ne(veiculoRemocoes.estado, 'removido'), lt(veiculoVendas.vendido_em, sql`now() - interval '1 hour'`)))
      .groupBy(veiculoVendas.veiculo_id, veiculos.id, revendas.id)
      .orderBy(asc(veiculoVendas.vendido_em));
    return linhas.map((l) => ({ ...l, canais: l.canais as CanalId[], vendido_em: l.vendido_em.toISOString() }));
  },
};
