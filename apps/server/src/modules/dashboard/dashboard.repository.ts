import {
  type CanalId,
  type ContadoresAdmin,
  type ContadoresRevenda,
  DIAS_ESTOQUE_ATENCAO,
  FILAS_MODERACAO,
  type PainelAdmin,
  type PainelRevenda,
  type VendaComAnuncios,
  type VendaRecente,
} from '@intermedio/contracts';
import { and, asc, count, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/cliente.ts';
import {
  banners,
  leads,
  moderacao,
  revendaIntegracoes,
  revendas,
  usuarios,
  veiculoImagens,
  veiculoIntegracoes,
  veiculoRemocoes,
  veiculos,
  veiculoVendas,
  vendidos,
} from '../../db/schema/index.ts';
import { PRECO_FIPE_CACHE } from '../fipe/preco-em-cache.ts';
import { estadoAnuncio } from '../publicacao/estado-anuncio.ts';

const SP = sql.raw(`'America/Sao_Paulo'`);

/**
 * Dealer dashboard widgets (issue 25 item 1) in ONE statement answering one JSON text. Adverts are counted on
 * vehicles not removed, with the vehicle list's state rule (publicacao/estado-anuncio.ts): a change in flight
 * ('atualizando') is counted as 'pendente' (a send waiting for its answer). Stock = not removed and not sold;
 * its age in São Paulo days since inclusion (the list's "Dias em estoque"). Sales = veiculo_vendas (cars, not posts).
 * A token "expires" at revenda_integracoes.renovar_em (the only expiry stored).
 */
function painelSql(idRevenda: string) {
  const base = `/revenda/${encodeURIComponent(idRevenda)}`;
  const lista = `${base}/veiculos/listar`;
  return sql`
    with ${estoqueComFipe(idRevenda)},
    an as (
      select vi.canal, ${ESTADO_ANUNCIO} as estado
      from ${veiculoIntegracoes} vi join v on v.id = vi.veiculo_id
      where vi.revenda_id = ${idRevenda}
    ),
    semanas as (
      select (date_trunc('week', now() at time zone ${SP})::date - 7 * g) as semana
      from generate_series(0, 11) g
    ),
    vendas as (
      select (vendido_em at time zone ${SP})::date as dia from ${veiculoVendas}
      where revenda_id = ${idRevenda} and vendido_em > now() - interval '13 weeks'
    ),
    tokens as (
      select canal from ${revendaIntegracoes}
      where revenda_id = ${idRevenda} and status and renovar_em is not null and renovar_em <= now() + interval '7 days'
    )
    select json_build_object(
      'a_venda', (select count(*) from estoque),
      'vendidos_30_dias', (select count(*) from ${veiculoVendas}
        where revenda_id = ${idRevenda} and vendido_em > now() - interval '30 days'),
      'leads_novos', (select count(*) from ${leads} where revenda_id = ${idRevenda} and estado = 'novo'),
      'idade_estoque', (select json_agg(json_build_object('faixa', f.faixa,
          'quantidade', (select count(*) from estoque e where e.dias between f.de and f.ate)) order by f.de)
        from (values ('0–30', 0, 30), ('31–60', 31, 60), ('61–90', 61, 90), ('90+', 91, 2147483647)) f(faixa, de, ate)),
      'anuncios_por_canal', coalesce((select json_agg(c order by c.canal) from (
          select canal,
            count(*) filter (where estado = 'publicado') as publicado,
            count(*) filter (where estado = 'desatualizado') as desatualizado,
            count(*) filter (where estado = 'falhou') as falhou,
            count(*) filter (where estado = 'pendente') as pendente
          from an group by canal) c), '[]'::json),
      'vendas_por_semana', (select json_agg(json_build_object('semana', s.semana::text,
          'quantidade', (select count(*) from vendas x where x.dia >= s.semana and x.dia < s.semana + 7)) order by s.semana)
        from semanas s),
      'atencao', (select json_agg(a) from (
          select 'anuncios_falhos' as tipo, (select count(*) from an where estado = 'falhou') as quantidade,
            null::text as canal, ${`${lista}?anuncios=falhou`}::text as link
          union all select 'anuncios_desatualizados', (select count(*) from an where estado = 'desatualizado'), null,
            ${`${lista}?anuncios=desatualizado`}
          union all select 'sem_fotos', (select count(*) from estoque e
            where not exists (select 1 from ${veiculoImagens} i where i.veiculo_id = e.id)), null, ${`${lista}?anuncios=sem_fotos`}
          union all select 'sem_canal', (select count(*) from estoque e
            where not exists (select 1 from ${veiculoIntegracoes} i where i.veiculo_id = e.id)), null, ${`${lista}?anuncios=sem`}
          union all select 'estoque_90_dias', (select count(*) from estoque where dias > ${DIAS_ESTOQUE_ATENCAO}), null,
            ${`${lista}?filtro=estoque_90`}
          union all select 'preco_acima_fipe', (select count(*) from ${ACIMA_DA_FIPE}),
            null, ${`${lista}?filtro=acima_fipe`}
          union all select 'token_vencendo', 1, canal, ${`${base}/configurar-`}::text || canal from tokens
        ) a)
    )::text as j`;
}

/**
 * CTE `fipe` (codigo, ano, preco) for painelSql, whose `estoque` it reads: for each FIPE code and model year in stock,
 * the price of the newest reference month among the FIPE answers already cached (fipe_cache: the version-detail
 * answers {codeFipe, modelYear, price: "R$ 85.430,00"}). No network call; a vehicle with no cached price (no FIPE
 * code, a manual FIPE entry, a version never looked up) is not compared, so it is not counted "acima da FIPE".
 */
const FIPE_EM_CACHE = sql.raw(`fipe as (
      select distinct on (c.resposta->>'codeFipe', (c.resposta->>'modelYear')::int)
        c.resposta->>'codeFipe' as codigo, (c.resposta->>'modelYear')::int as ano,
        ${PRECO_FIPE_CACHE.preco} as preco
      from fipe_cache c
      where c.resposta->>'codeFipe' in (select vefipe_codigo from estoque)
        and ${PRECO_FIPE_CACHE.comPreco}
      order by c.resposta->>'codeFipe', (c.resposta->>'modelYear')::int, ${PRECO_FIPE_CACHE.maisRecente}
    )`);

/** CTEs v (not removed), estoque (not sold either) and fipe of a reseller. */
const estoqueComFipe = (idRevenda: string) => sql`v as (
      select id, vevendido, vefipe_codigo, vefipe_ano_modelo, vevalor,
        greatest(0, ((now() at time zone ${SP})::date - (created_at at time zone ${SP})::date)) as dias
      from ${veiculos} where revenda_id = ${idRevenda} and veremovido = 0
    ),
    estoque as (select * from v where vevendido = 0),
    ${FIPE_EM_CACHE}`;

/** Stock priced more than 10 % above its cached FIPE price (FROM clause over estoqueComFipe; rows `e`). */
const ACIMA_DA_FIPE = sql.raw(
  'estoque e join fipe f on f.codigo = e.vefipe_codigo and f.ano = e.vefipe_ano_modelo where e.vevalor > f.preco * 1.1',
);

/** The advert state of the dashboards (the list's rule, a change in flight counted as 'pendente'), on `vi`. */
const ESTADO_ANUNCIO = estadoAnuncio(alias(veiculoIntegracoes, 'vi'), 'pendente');

/**
 * Admin dashboard additions (issue 25 item 2) in ONE statement: resellers by plan, adverts by channel and state
 * (vehicles not removed, the dealer dashboard's rule), each channel's sends and failures of the last 24 h (by the
 * last attempt, tentativa_em) with the number of resellers failing, and the age of each queue's oldest entry.
 */
const painelAdminSql = sql`
  with an as (
    select vi.canal, vi.revenda_id, vi.tentativa_em, vi.estado as bruto, ${ESTADO_ANUNCIO} as estado
    from ${veiculoIntegracoes} vi join ${veiculos} v on v.id = vi.veiculo_id and v.veremovido = 0
  )
  select json_build_object(
    'revendas_por_plano', coalesce((select json_agg(p order by p.plano) from (
        select plano, count(*) as quantidade from ${revendas} group by plano) p), '[]'::json),
    'anuncios_por_canal', coalesce((select json_agg(c order by c.canal) from (
        select canal,
          count(*) filter (where estado = 'publicado') as publicado,
          count(*) filter (where estado = 'desatualizado') as desatualizado,
          count(*) filter (where estado = 'falhou') as falhou,
          count(*) filter (where estado = 'pendente') as pendente
        from an group by canal) c), '[]'::json),
    'saude_canais', coalesce((select json_agg(s order by s.canal) from (
        select canal, count(*) as tentativas,
          count(*) filter (where bruto = 'falhou') as falhas,
          count(distinct revenda_id) filter (where bruto = 'falhou') as revendas_com_falha
        from an where tentativa_em > now() - interval '24 hours' group by canal) s), '[]'::json),
    'filas_mais_antigas', (select json_agg(json_build_object('fila', f.fila,
        'segundos', (select floor(extract(epoch from now() - min(m.created_at)))::int from ${moderacao} m where m.fila = f.fila))
        order by f.ordem)
      from (values ${sql.raw(FILAS_MODERACAO.map((f, i) => `('${f}', ${i})`).join(', '))}) f(fila, ordem))
  )::text as j`;

export const dashboardRepository = {
  /** Admin dashboard additions (issue 25 item 2): one statement. */
  async painelAdmin(db: Executor): Promise<PainelAdmin> {
    const r = await db.execute(painelAdminSql);
    return JSON.parse((r as unknown as { rows: { j: string }[] }).rows[0]?.j ?? '{}') as PainelAdmin;
  },

  /** Dealer dashboard widgets (issue 25 item 1): one statement. */
  async painelRevenda(db: Executor, idRevenda: string): Promise<PainelRevenda> {
    const r = await db.execute(painelSql(idRevenda));
    return JSON.parse((r as unknown as { rows: { j: string }[] }).rows[0]?.j ?? '{}') as PainelRevenda;
  },

  /** The attention item "Preço mais de 10 % acima da FIPE": its vehicles' ids (the list's filter), one statement. */
  async acimaDaFipe(db: Executor, idRevenda: string): Promise<string[]> {
    const r = await db.execute(sql`with ${estoqueComFipe(idRevenda)} select e.id::text as id from ${ACIMA_DA_FIPE} order by e.id`);
    return (r as unknown as { rows: { id: string }[] }).rows.map((l) => l.id);
  },

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
