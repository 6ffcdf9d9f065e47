import type { FilaPublicacaoModeracao, FilaVeiculoModeracao, ModeracaoPublicacaoLinha, ModeracaoVeiculoLinha } from '@intermedio/contracts';
import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/cliente.ts';
import { linhasEmJson } from '../../db/json.ts';
import {
  banners,
  moderacao,
  revendaIntegracoes,
  revendas,
  veiculoAlteracoes,
  veiculoImagens,
  veiculoIntegracoes,
  veiculos,
  vendidos,
} from '../../db/schema/index.ts';

/**
 * The five dashboards (issue 18 list pattern): ONE statement per list. It deletes the queue's orphan entries
 * (their vehicle, banner or sold item no longer exists: spec 2 §4) in a data-modifying CTE and selects the
 * entries joined with what they show, read live (reseller name and logo, the vehicle's headline and first
 * photo, S.I. from revenda_integracoes, S.A. from veiculo_integracoes), so a change anywhere shows at once.
 * The same statement with an id filter answers one row, or the rows of a list of ids (the screens patch their copy on
 * live events).
 */

/** The same text as Date.prototype.toISOString (UTC, milliseconds). */
const iso = (coluna: PgColumn | SQL) => sql<string>`to_char(${coluna} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoNulo = (coluna: PgColumn) => sql<string | null>`${iso(coluna)}`;

/** Orphans of one queue: deleted by the list's own statement (a top-level CTE runs even when nothing reads it). */
function orfas(fila: FilaVeiculoModeracao | FilaPublicacaoModeracao) {
  const item =
    fila === 'banners'
      ? sql`exists (select 1 from ${banners} where ${banners.id} = ${moderacao.banner_id})`
      : fila === 'vendidos'
        ? sql`exists (select 1 from ${vendidos} where ${vendidos.id} = ${moderacao.vendido_id})`
        : sql`exists (select 1 from ${veiculos} where ${veiculos.id} = ${moderacao.veiculo_id})`;
  return sql`delete from ${moderacao} where ${moderacao.fila} = ${fila} and not ${item} returning ${moderacao.id}`;
}

/**
 * The list as ONE JSON array text built by the database (issue 18, db/json.ts), in the same statement as the orphan
 * deletion: a data-modifying CTE must be at the top level, so this wraps the sorted select itself.
 */
async function emJson(db: Executor, fila: FilaVeiculoModeracao | FilaPublicacaoModeracao, consulta: SQLWrapper): Promise<string> {
  const r = await db.execute(sql`with orfas as (${orfas(fila)}) select coalesce(json_agg(t), '[]'::json)::text as j from (${consulta}) t`);
  return (r as unknown as { rows: { j: string }[] }).rows[0]?.j ?? '[]';
}

/** Every expression is named: the JSON keys are these names (the same as the single-row answer's). */
const nome = <T>(expr: SQL | PgColumn, campo: string) => sql<T>`${expr}`.as(campo);

/** S.I. of every reseller: one small aggregate joined by reseller (cheaper than one lookup per entry). */
function siPorRevenda(db: Executor) {
  return db
    .select({
      revenda_id: revendaIntegracoes.revenda_id,
      si_mapa: sql<
        Record<string, { status: boolean }>
      >`json_object_agg(${revendaIntegracoes.canal}, json_build_object('status', ${revendaIntegracoes.status}))`.as('si_mapa'),
    })
    .from(revendaIntegracoes)
    .groupBy(revendaIntegracoes.revenda_id)
    .as('si');
}

/** Which entries of the queue: all, one, or those of a list of ids. */
type Filtro = string | readonly string[] | undefined;
const porId = (filtro: Filtro) =>
  filtro === undefined ? undefined : typeof filtro === 'string' ? eq(moderacao.id, filtro) : inArray(moderacao.id, [...filtro]);

function consultaVeiculos(db: Executor, fila: FilaVeiculoModeracao, idEntrada?: Filtro) {
  const capa = db
    .select({ capa_thumb: sql<string | null>`coalesce(${veiculoImagens.file_thumb}, ${veiculoImagens.file_url})`.as('capa_thumb') })
    .from(veiculoImagens)
    .where(eq(veiculoImagens.veiculo_id, veiculos.id))
    .orderBy(asc(veiculoImagens.posicao))
    .limit(1)
    .as('capa');
  const sa = db
    .select({
      sa_mapa: sql<
        Record<string, { status: boolean; id_anuncio: string | null }>
      >`json_object_agg(${veiculoIntegracoes.canal}, json_build_object('status', ${veiculoIntegracoes.status}, 'id_anuncio', ${veiculoIntegracoes.id_anuncio}))`.as(
        'sa_mapa',
      ),
    })
    .from(veiculoIntegracoes)
    .where(eq(veiculoIntegracoes.veiculo_id, veiculos.id))
    .as('sa');
  // alterados: the field-level changes since the entry was queued (it is written in the change's transaction,
  // so both carry the same now()); the other queues answer an empty list without reading the history.
  const alteracoes =
    fila === 'alterados'
      ? sql<ModeracaoVeiculoLinha['alteracoes']>`coalesce((select json_agg(json_build_object(
          'vedataalteracao', ${iso(sql`a.vedataalteracao`)}, 'veusuarioalterou', a.veusuarioalterou, 'campos', a.campos)
          order by a.vedataalteracao, a.id)
        from ${veiculoAlteracoes} a where a.veiculo_id = ${veiculos.id} and a.vedataalteracao >= ${moderacao.created_at}), '[]'::json)`
      : sql<ModeracaoVeiculoLinha['alteracoes']>`'[]'::json`;
  const si = siPorRevenda(db);
  return db
    .select({
      id: nome<string>(moderacao.id, 'id'),
      fila: nome<FilaVeiculoModeracao>(moderacao.fila, 'fila'),
      idRevenda: nome<string>(moderacao.revenda_id, 'idRevenda'),
      idVeiculo: nome<string>(veiculos.id, 'idVeiculo'),
      revenda: nome<string>(revendas.penome_fantasia, 'revenda'),
      logo_revenda: nome<string | null>(revendas.logotipo, 'logo_revenda'),
      created_at: nome<string>(iso(moderacao.created_at), 'created_at'),
      updated_at: nome<string>(iso(moderacao.updated_at), 'updated_at'),
      // Data incluído is the vehicle's: an alterados entry is created by the change (issue 23 item 15).
      vedataincluido: nome<string>(iso(veiculos.created_at), 'vedataincluido'),
      vedataremovido: nome<string | null>(isoNulo(veiculos.vedataremovido), 'vedataremovido'),
      veiculo: sql<
        ModeracaoVeiculoLinha['veiculo']
      >`json_build_object('miniatura', "capa"."capa_thumb", 'vetipoveiculo', ${veiculos.vetipoveiculo},
        'vefipe_marca', ${veiculos.vefipe_marca}, 'vefipe_name', ${veiculos.vefipe_name},
        'veano_fabricacao', ${veiculos.veano_fabricacao}, 'vefipe_ano_modelo', ${veiculos.vefipe_ano_modelo})`.as('veiculo'),
      integracao_revenda: sql<ModeracaoVeiculoLinha['integracao_revenda']>`coalesce("si"."si_mapa", '{}'::json)`.as('integracao_revenda'),
      integracao_veiculo: sql<ModeracaoVeiculoLinha['integracao_veiculo']>`coalesce("sa"."sa_mapa", '{}'::json)`.as('integracao_veiculo'),
      alteracoes: alteracoes.as('alteracoes'),
    })
    .from(moderacao)
    .innerJoin(veiculos, eq(veiculos.id, moderacao.veiculo_id))
    .innerJoin(revendas, eq(revendas.id, moderacao.revenda_id))
    .leftJoinLateral(capa, sql`true`)
    .leftJoinLateral(sa, sql`true`)
    .leftJoin(si, eq(si.revenda_id, moderacao.revenda_id))
    .where(and(eq(moderacao.fila, fila), porId(idEntrada)))
    .orderBy(desc(moderacao.created_at), desc(moderacao.id));
}

function consultaPublicacoes(db: Executor, fila: FilaPublicacaoModeracao, idEntrada?: Filtro) {
  const t = fila === 'banners' ? banners : vendidos;
  const chave = fila === 'banners' ? moderacao.banner_id : moderacao.vendido_id;
  const texto = fila === 'banners' ? banners.peblocotextobanners : vendidos.peblocotextovendidos;
  return db
    .select({
      id: nome<string>(moderacao.id, 'id'),
      fila: nome<FilaPublicacaoModeracao>(moderacao.fila, 'fila'),
      idRevenda: nome<string>(moderacao.revenda_id, 'idRevenda'),
      idItem: nome<string>(t.id, 'idItem'),
      revenda: nome<string>(revendas.penome_fantasia, 'revenda'),
      logo_revenda: nome<string | null>(revendas.logotipo, 'logo_revenda'),
      created_at: nome<string>(iso(moderacao.created_at), 'created_at'),
      // Only what the screen uses of the first file (the stored object also carries ids of the upload).
      imagem: sql<ModeracaoPublicacaoLinha['imagem']>`case when (${t.imagem})->0 is null then null else json_build_object(
        'fileUrl', (${t.imagem})->0->>'fileUrl', 'fileThumb', (${t.imagem})->0->>'fileThumb',
        'fileName', coalesce((${t.imagem})->0->>'fileName', ''), 'fileOriginal', (${t.imagem})->0->>'fileOriginal',
        'video', coalesce(((${t.imagem})->0->>'video')::boolean, false)) end`.as('imagem'),
      texto: nome<string>(texto, 'texto'),
      ig_stories: nome<boolean>(t.ig_stories, 'ig_stories'),
      ig_feed: nome<boolean>(t.ig_feed, 'ig_feed'),
      fb_feed: nome<boolean>(t.fb_feed, 'fb_feed'),
      valida_stories: nome<boolean>(t.valida_stories, 'valida_stories'),
      valida_feed: nome<boolean>(t.valida_feed, 'valida_feed'),
      fb_valida_feed: nome<boolean>(t.fb_valida_feed, 'fb_valida_feed'),
    })
    .from(moderacao)
    .innerJoin(t, eq(t.id, chave))
    .innerJoin(revendas, eq(revendas.id, moderacao.revenda_id))
    .where(and(eq(moderacao.fila, fila), porId(idEntrada)))
    .orderBy(desc(moderacao.created_at), desc(moderacao.id));
}

export const moderacaoListaRepository = {
  /** The statements the API runs (the benchmark runs them directly and compares with the API). */
  listarVeiculos: (db: Executor, fila: FilaVeiculoModeracao) => emJson(db, fila, consultaVeiculos(db, fila)),
  listarPublicacoes: (db: Executor, fila: FilaPublicacaoModeracao) => emJson(db, fila, consultaPublicacoes(db, fila)),

  /** The entries of these ids still in the queue, as one JSON array text (the others left it). */
  linhasVeiculos: (db: Executor, fila: FilaVeiculoModeracao, ids: readonly string[]) => linhasEmJson(db, consultaVeiculos(db, fila, ids)),
  linhasPublicacoes: (db: Executor, fila: FilaPublicacaoModeracao, ids: readonly string[]) =>
    linhasEmJson(db, consultaPublicacoes(db, fila, ids)),

  async linhaVeiculo(db: Executor, fila: FilaVeiculoModeracao, idEntrada: string): Promise<ModeracaoVeiculoLinha | undefined> {
    const [l] = await consultaVeiculos(db, fila, idEntrada);
    return l;
  },

  async linhaPublicacao(db: Executor, fila: FilaPublicacaoModeracao, idEntrada: string): Promise<ModeracaoPublicacaoLinha | undefined> {
    const [l] = await consultaPublicacoes(db, fila, idEntrada);
    return l;
  },
};
