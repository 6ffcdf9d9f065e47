import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { usuarios, veiculos, veiculoVendas } from '../../db/schema/index.ts';

const SP = sql.raw(`'America/Sao_Paulo'`);

/** The start of a São Paulo calendar day ("aaaa-mm-dd") as an instant. */
const inicioDoDia = (dia: string) => sql`(${dia}::date::timestamp at time zone ${SP})`;

export type VendaExportada = Awaited<ReturnType<typeof exportacoesRepository.vendas>>[number];

export const exportacoesRepository = {
  /**
   * The reseller's sales (veiculo_vendas: cars, not posts) from `de` to `ate`, both São Paulo days included, oldest
   * first; a vehicle removed after its sale is still a sale. On veiculo_vendas_revenda_idx (revenda_id, vendido_em).
   */
  vendas: (db: Executor, idRevenda: string, de: string, ate: string) =>
    db
      .select({
        vendido_em: veiculoVendas.vendido_em,
        vefipe_marca: veiculos.vefipe_marca,
        vefipe_name: veiculos.vefipe_name,
        vetipoveiculo: veiculos.vetipoveiculo,
        veano_fabricacao: veiculos.veano_fabricacao,
        vefipe_ano_modelo: veiculos.vefipe_ano_modelo,
        veiplaca: veiculos.veiplaca,
        vecodigo_interno: veiculos.vecodigo_interno,
        vevalor: sql<string>`${veiculos.vevalor}::text`,
        created_at: veiculos.created_at,
        dias_estoque: sql<number>`greatest(0, ((${veiculoVendas.vendido_em} at time zone ${SP})::date - (${veiculos.created_at} at time zone ${SP})::date))::int`,
        vendedor: usuarios.nome,
        veremovido: veiculos.veremovido,
      })
      .from(veiculoVendas)
      .innerJoin(veiculos, eq(veiculos.id, veiculoVendas.veiculo_id))
      .leftJoin(usuarios, eq(usuarios.id, veiculoVendas.usuario_id))
      .where(
        and(
          eq(veiculoVendas.revenda_id, idRevenda),
          gte(veiculoVendas.vendido_em, inicioDoDia(de)),
          lt(veiculoVendas.vendido_em, sql`(${ate}::date + 1)::timestamp at time zone ${SP}`),
        ),
      )
      .orderBy(asc(veiculoVendas.vendido_em), asc(veiculoVendas.veiculo_id)),
};
