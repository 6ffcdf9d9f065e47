import type { AnuncioLinha } from '@intermedio/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/cliente.ts';
import { linhasEmJson, textoIso } from '../../db/json.ts';
import { veiculoImagens, veiculoIntegracoes, veiculos } from '../../db/schema/index.ts';
import { PRECO_FIPE_CACHE } from '../fipe/preco-em-cache.ts';
import { estadoAnuncio } from '../publicacao/estado-anuncio.ts';

/**
 * The stock list and the history (issue 18 pattern): ONE statement per list, the first photo by a lateral join
 * on (veiculo_id, posicao), the order served by `veiculos_revenda_lista_idx`, and only the columns the table shows.
 * The same statement with an id filter answers one row, so a screen patches its cached list on a live event.
 * The adverts' states (issue 24: the list's badges and filters) come in the same statement, one aggregated lateral
 * subquery per row on veiculo_integracoes' primary key (veiculo_id, canal): no query per row from the server.
 * "vs FIPE" (issue 25 item 3): the price against the cached FIPE price of the vehicle's code and model year (the
 * dashboard's rule, PRECO_FIPE_CACHE), one more lateral subquery; null when no price is cached.
 */
const SP = sql.raw(`'America/Sao_Paulo'`);

function consulta<E extends Record<string, PgColumn | SQL.Aliased>>(db: Executor, filtro: SQL | undefined, extra: E) {
  const capa = db
    .select({ file_thumb: veiculoImagens.file_thumb })
    .from(veiculoImagens)
    .where(eq(veiculoImagens.veiculo_id, veiculos.id))
    .orderBy(asc(veiculoImagens.posicao))
    .limit(1)
    .as('capa');
  const vi = veiculoIntegracoes;
  const estado = estadoAnuncio(vi);
  const anuncios = db
    .select({
      lista: sql`coalesce(json_agg(json_build_object('canal', ${vi.canal}, 'estado', ${estado}) order by ${vi.canal}), '[]'::json)`.as(
        'lista',
      ),
    })
    .from(vi)
    .where(eq(vi.veiculo_id, veiculos.id))
    .as('anuncios');
  const P = PRECO_FIPE_CACHE;
  // The newest cached price by an aggregate (no Sort node: the plan test keeps the list free of sorts).
  const fipe = sql`lateral (select ${sql.raw(P.precoMaisRecente)} as preco from fipe_cache c
    where c.resposta->>'codeFipe' = ${veiculos.vefipe_codigo} and c.resposta->'modelYear' = to_jsonb(${veiculos.vefipe_ano_modelo})
      and ${sql.raw(P.comPreco)}) fipe`;
  return db
    .select({
      id: veiculos.id,
      vetipoveiculo: veiculos.vetipoveiculo,
      vefipe_marca: veiculos.vefipe_marca,
      vefipe_name: veiculos.vefipe_name,
      veano_fabricacao: veiculos.veano_fabricacao,
      vefipe_ano_modelo: veiculos.vefipe_ano_modelo,
      vevalor: sql<string>`${veiculos.vevalor}::text`.as('vevalor'),
      veiplaca: veiculos.veiplaca,
      vecor: veiculos.vecor,
      vecodigo_interno: veiculos.vecodigo_interno,
      vevendido: veiculos.vevendido,
      vealterado: veiculos.vealterado,
      created_at: textoIso(veiculos.created_at),
      updated_at: textoIso(veiculos.updated_at),
      dias_estoque:
        sql<number>`greatest(0, ((now() at time zone ${SP})::date - (${veiculos.created_at} at time zone ${SP})::date))::int`.as(
          'dias_estoque',
        ),
      miniatura: sql<string | null>`${capa.file_thumb}`.as('miniatura'),
      anuncios: sql<AnuncioLinha[]>`${anuncios.lista}`.as('anuncios'),
      // Percent above (+) or below (−) FIPE, unrounded: the list paints > 10 red, as the dashboard counts it.
      vs_fipe: sql<number | null>`((${veiculos.vevalor} / nullif(fipe.preco, 0) - 1) * 100)::float8`.as('vs_fipe'),
      ...extra,
    })
    .from(veiculos)
    .leftJoinLateral(capa, sql`true`)
    .leftJoinLateral(anuncios, sql`true`)
    .leftJoin(fipe, sql`true`)
    .where(filtro)
    .orderBy(asc(veiculos.vevendido), sql`${veiculos.updated_at} desc nulls last`, sql`${veiculos.id} desc nulls last`);
}

const HISTORICO = {
  vedataremovido: textoIso(veiculos.vedataremovido),
  veremovido_usuario_nome: veiculos.veremovido_usuario_nome,
  vevalidacaoremovido: veiculos.vevalidacaoremovido,
};
const daLista = (idRevenda: string, removido: 0 | 1) => and(eq(veiculos.revenda_id, idRevenda), eq(veiculos.veremovido, removido));

export const veiculosListaRepository = {
  /** The statements as builders (the EXPLAIN test reads their plans). */
  consultaLista: (db: Executor, idRevenda: string) => consulta(db, daLista(idRevenda, 0), {}),
  consultaHistorico: (db: Executor, idRevenda: string) => consulta(db, daLista(idRevenda, 1), HISTORICO),
  /** The whole list as the JSON array the answer carries, built by the database (the benchmark runs this directly). */
  listar: (db: Executor, idRevenda: string) => linhasEmJson(db, consulta(db, daLista(idRevenda, 0), {})),

  async linha(db: Executor, idRevenda: string, idVeiculo: string) {
    const [l] = await consulta(db, and(daLista(idRevenda, 0), eq(veiculos.id, idVeiculo)), {});
    return l;
  },

  historico: (db: Executor, idRevenda: string) => linhasEmJson(db, consulta(db, daLista(idRevenda, 1), HISTORICO)),

  async linhaHistorico(db: Executor, idRevenda: string, idVeiculo: string) {
    const [l] = await consulta(db, and(daLista(idRevenda, 1), eq(veiculos.id, idVeiculo)), HISTORICO);
    return l;
  },
};
