import { type AcaoLote, type CanalId, type EstadoItemLote, ITEM_LOTE_ABERTO } from '@intermedio/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { preparada } from '../../db/preparada.ts';
import { loteItens, lotes, revendaIntegracoes, revendas, veiculoIntegracoes, veiculos } from '../../db/schema/index.ts';
import { publicadosJunto, type RespostaPublicada, SELECAO_VEICULO } from '../publicacao/publicacao.repository.ts';
import type { VeiculoCarregado } from '../publicacao/publicacao.service.ts';

export type LoteRegistro = typeof lotes.$inferSelect;
export type ItemRegistro = typeof loteItens.$inferSelect;
/** A claimed item with what its run needs from its batch and its advert, read by the claim's own statement. */
export type ItemReivindicado = ItemRegistro & {
  acao: AcaoLote;
  lote_usuario_id: string | null;
  /** The advert's state (vehicle × channel) when claimed; null: none. */
  anuncio_estado: string | null;
};

const abertos = inArray(loteItens.estado, [...ITEM_LOTE_ABERTO]);
/** Not held by a live worker, and its back-off (if any) is over. */
const livre = and(
  or(isNull(loteItens.lease_ate), lte(loteItens.lease_ate, sql`now()`)),
  or(isNull(loteItens.proxima_em), lte(loteItens.proxima_em, sql`now()`)),
);

/**
 * Still this claim's: each claim adds one to `tentativas`, so the count names it (the lease's timestamp would not:
 * PostgreSQL keeps microseconds, a JavaScript Date milliseconds).
 */
const daReivindicacao = (item: ItemRegistro) =>
  and(eq(loteItens.id, item.id), eq(loteItens.estado, 'enviando'), eq(loteItens.tentativas, item.tentativas));

/** In a subquery of lote_itens under a select from lotes: the outer batch's items (drizzle leaves columns unqualified). */
const doLote = sql`${loteItens.lote_id} = ${sql.raw('"lotes"."id"')}`;
/** A batch's N (its items) and n (those no longer aguardando or enviando), in a select from lotes. */
const contagens = {
  total: sql<number>`(select count(*)::int from ${loteItens} where ${doLote})`,
  concluidos: sql<number>`(select count(*)::int from ${loteItens} where ${doLote} and not ${abertos})`,
};

/**
 * The claim (`reivindicar`) of the items `onde` picks, built and prepared once: placeholder `segundos`. Several items
 * are claimed by one statement in the order of their ids (rows locked in the primary key's order), so two runs
 * claiming overlapping items wait for one another instead of deadlocking; an item the other took is not free then.
 */
const reivindicacao = (db: Executor, onde: SQL) =>
  db
    .update(loteItens)
    .set({
      estado: 'enviando',
      lease_ate: sql`now() + make_interval(secs => ${sql.placeholder('segundos')})`,
      tentativas: sql`${loteItens.tentativas} + 1`,
      updated_at: sql`now()`,
    })
    .from(lotes)
    .where(and(onde, eq(lotes.id, loteItens.lote_id), abertos, livre))
    .returning({
      ...getTableColumns(loteItens),
      acao: lotes.acao,
      lote_usuario_id: lotes.usuario_id,
      anuncio_estado: sql<
        string | null
      >`(select ${veiculoIntegracoes.estado} from ${veiculoIntegracoes} where ${veiculoIntegracoes.veiculo_id} = ${loteItens.veiculo_id} and ${veiculoIntegracoes.canal} = ${loteItens.canal})`.as(
        'anuncio_estado',
      ),
    });
const reivindicarItem = preparada('lote_reivindicar', (db) => reivindicacao(db, eq(loteItens.id, sql.placeholder('id'))));

/**
 * The claim of several items and, in the SAME statement (no BEGIN / COMMIT round trips), each one's vehicle with the
 * reseller's integration of the item's channel when its action will need it: a publish not yet published (its draft),
 * a removal or an update of a published advert (the channel's session). Placeholders `ids` (a JSON array) and
 * `segundos`. `= any(array(…))`: the items are found by their primary key (with `in (select …)` the planner scanned
 * every open item of every batch for each claim, a cost that grew with the batch).
 */
const reivindicarComVeiculo = preparada('lote_reivindicar_veiculos', (db) => {
  const c = db
    .$with('reivindicado')
    .as(reivindicacao(db, sql`${loteItens.id} = any(array(select jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb)::uuid))`));
  const precisa = sql`(case when ${c.acao} = 'publicar' then ${c.anuncio_estado} is distinct from 'publicado' else ${c.anuncio_estado} = 'publicado' end)`;
  return db
    .with(c)
    .select({
      // The claim's returning fields, as the CTE's columns (drizzle maps them as the item's).
      item: Object.fromEntries(Object.keys(c._.selectedFields).map((k) => [k, c[k as keyof typeof c]])) as unknown as SQL,
      ...SELECAO_VEICULO,
    })
    .from(c)
    .leftJoin(veiculos, and(eq(veiculos.id, c.veiculo_id), precisa))
    .leftJoin(revendas, eq(revendas.id, veiculos.revenda_id))
    .leftJoin(revendaIntegracoes, and(eq(revendaIntegracoes.revenda_id, veiculos.revenda_id), eq(revendaIntegracoes.canal, c.canal)));
});

/** An item's outcome (`concluir`), built and prepared once: placeholders of the outcome and of the claim. */
const concluirItem = preparada('lote_concluir', (db) =>
  db
    .update(loteItens)
    .set({
      // drizzle's update types take no placeholder as a value: `revisao` is passed as its JSON text.
      estado: sql`${sql.placeholder('estado')}`,
      motivo: sql`${sql.placeholder('motivo')}`,
      revisao: sql`${sql.placeholder('revisao')}::jsonb`,
      lease_ate: null,
      proxima_em: null,
      updated_at: sql`now()`,
    })
    .where(
      and(
        eq(loteItens.id, sql.placeholder('id')),
        eq(loteItens.estado, 'enviando'),
        eq(loteItens.tentativas, sql.placeholder('tentativas')),
      ),
    )
    .returning({ lote_id: loteItens.lote_id }),
);

/**
 * Published items' outcomes, written in their adverts' answer statement (`publicadosJunto`): an item only when its
 * answer was recorded, and only while its claim holds it.
 */
const publicadosComItens = publicadosJunto<{ item_id: string; item_tentativas: number }>('lote_publicados', {
  colunas: 'item_id uuid, item_tentativas int',
  sql: sql`update lote_itens i set estado = 'publicado', motivo = null, revisao = '[]'::jsonb, lease_ate = null, proxima_em = null,
  updated_at = now() from entrada e join publicado p on p.chave = e.chave
  where i.id = e.item_id and i.estado = 'enviando' and i.tentativas = e.item_tentativas`,
});

/** Batches (lotes) and their items (lote_itens). */
export const lotesRepository = {
  /** Of these ids, the vehicles of the reseller still in stock (not removed). */
  async daRevenda(db: Executor, idRevenda: string, ids: string[]) {
    const linhas = await db
      .select({ id: veiculos.id })
      .from(veiculos)
      .where(and(eq(veiculos.revenda_id, idRevenda), inArray(veiculos.id, ids), eq(veiculos.veremovido, 0)));
    return linhas.map((l) => l.id);
  },

  /** The channels where each of these vehicles has a published advert (what "Atualizar anúncios" updates). */
  publicados(db: Executor, ids: string[]) {
    return db
      .select({ veiculo_id: veiculoIntegracoes.veiculo_id, canal: veiculoIntegracoes.canal })
      .from(veiculoIntegracoes)
      .where(and(inArray(veiculoIntegracoes.veiculo_id, ids), eq(veiculoIntegracoes.estado, 'publicado')));
  },

  /** The batch and all its items, in the caller's transaction. */
  async criar(
    tx: Executor,
    l: { idRevenda: string; idUsuario: string; acao: AcaoLote; canais: CanalId[] },
    itens: { veiculo_id: string; canal: CanalId | null }[],
  ) {
    const [novo] = await tx
      .insert(lotes)
      .values({ revenda_id: l.idRevenda, usuario_id: l.idUsuario, acao: l.acao, canais: l.canais })
      .returning();
    if (!novo) throw new Error('lote não criado');
    for (let i = 0; i < itens.length; i += 500)
      await tx.insert(loteItens).values(itens.slice(i, i + 500).map((it) => ({ ...it, lote_id: novo.id, revenda_id: l.idRevenda })));
    return novo;
  },

  async buscar(db: Executor, idRevenda: string, idLote: string) {
    const [l] = await db
      .select()
      .from(lotes)
      .where(and(eq(lotes.id, idLote), eq(lotes.revenda_id, idRevenda)));
    return l;
  },

  /** The reseller's latest batches, newest first, with N (items) and n (items no longer open). */
  recentes(db: Executor, idRevenda: string, limite: number) {
    return db
      .select({
        id: lotes.id,
        acao: lotes.acao,
        canais: lotes.canais,
        estado: lotes.estado,
        created_at: lotes.created_at,
        concluido_em: lotes.concluido_em,
        ...contagens,
      })
      .from(lotes)
      .where(eq(lotes.revenda_id, idRevenda))
      .orderBy(desc(lotes.created_at), desc(lotes.id))
      .limit(limite);
  },

  /**
   * The reseller's batch with its counts (n of N) and the cursor of a progress read: the database's clock 5 s before this read,
   * read BEFORE the items. An item written by a statement that began before the read but committed after it carries an
   * updated_at before the read; the 5 s margin (the job's writes are single statements of milliseconds) makes the next
   * read with `desde` take it again rather than miss it: an item may come twice, never be lost.
   */
  async progresso(db: Executor, idRevenda: string, idLote: string) {
    const [l] = await db
      .select({
        ...getTableColumns(lotes),
        ...contagens,
        cursor: sql<string>`to_char((now() - interval '5 seconds') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(lotes)
      .where(and(eq(lotes.id, idLote), eq(lotes.revenda_id, idRevenda)));
    return l;
  },

  /** The items with each vehicle's name, in the order they were asked; `desde`: only those written since. */
  itens(db: Executor, idLote: string, desde?: string) {
    return db
      .select({
        id: loteItens.id,
        veiculo_id: loteItens.veiculo_id,
        veiculo: sql<string>`trim(coalesce(${veiculos.vefipe_marca}, '') || ' ' || coalesce(${veiculos.vefipe_name}, '') || coalesce(' · ' || nullif(${veiculos.veiplaca}, ''), ''))`,
        canal: loteItens.canal,
        estado: loteItens.estado,
        motivo: loteItens.motivo,
        revisao: loteItens.revisao,
        tentativas: loteItens.tentativas,
      })
      .from(loteItens)
      .innerJoin(veiculos, eq(veiculos.id, loteItens.veiculo_id))
      .where(and(eq(loteItens.lote_id, idLote), desde ? sql`${loteItens.updated_at} >= ${desde}::timestamptz` : undefined))
      .orderBy(asc(loteItens.created_at), asc(loteItens.id));
  },

  /**
   * Items ready to run (any batch): waiting or left by a dead worker, back-off over; oldest first, at most `limite`
   * PER CHANNEL (a large batch of one channel does not hide another channel's items from the run's read). `canal`:
   * only that channel's; `exceto`: not those channels' (the ones whose loop is running).
   */
  aExecutar(db: Executor, limite: number, op: { canal?: string; exceto?: string[] } = {}) {
    // A sale's items have no channel: '' names them here.
    const canal = sql`coalesce(${loteItens.canal}, '')`;
    const prontos = db
      .select({
        id: loteItens.id,
        canal: loteItens.canal,
        lote_id: loteItens.lote_id,
        acao: lotes.acao,
        criado: loteItens.created_at,
        n: sql<number>`row_number() over (partition by ${canal} order by ${loteItens.created_at}, ${loteItens.id})`.as('n'),
      })
      .from(loteItens)
      .innerJoin(lotes, eq(lotes.id, loteItens.lote_id))
      .where(
        and(
          abertos,
          livre,
          op.canal === undefined ? undefined : sql`${canal} = ${op.canal}`,
          op.exceto?.length
            ? sql`${canal} not in (${sql.join(
                op.exceto.map((c) => sql`${c}`),
                sql`, `,
              )})`
            : undefined,
        ),
      )
      .as('prontos');
    return db
      .select({ id: prontos.id, canal: prontos.canal, lote_id: prontos.lote_id, acao: prontos.acao })
      .from(prontos)
      .where(lte(prontos.n, limite))
      .orderBy(asc(prontos.criado), asc(prontos.id));
  },

  /** When the next item put off by a back-off becomes ready (null: none waiting). */
  async proximaEspera(db: Executor) {
    const [r] = await db
      .select({ em: sql<string | null>`min(greatest(${loteItens.proxima_em}, ${loteItens.lease_ate}))` })
      .from(loteItens)
      .where(and(abertos, sql`${loteItens.proxima_em} > now()`));
    return r?.em ? new Date(r.em) : null;
  },

  /**
   * Claims one item for this worker (only when still open and free): a lease, `enviando`, one more attempt. The same
   * statement answers the batch's action and author and the advert's current state (one statement per claim).
   */
  async reivindicar(db: Executor, id: string, segundos: number): Promise<ItemReivindicado | undefined> {
    const [r] = await reivindicarItem(db, { id, segundos });
    return r as ItemReivindicado | undefined;
  },

  /**
   * The channels' published answers of several items' sends (vehicle × channel, its key) and those items' outcome
   * (publicado), in ONE statement (lotes.service groups the answers in flight): each answer's advert, or null when it
   * was not recorded (and its item not touched).
   */
  publicadosComItens: (db: Executor, respostas: (RespostaPublicada & { item: ItemRegistro })[]) =>
    publicadosComItens(
      db,
      respostas.map(({ item, ...r }) => ({ ...r, junto: { item_id: item.id, item_tentativas: item.tentativas } })),
    ),

  /**
   * `reivindicar` of several items and the vehicle each one's action needs (`lido`, see `reivindicarComVeiculo`) in
   * one statement: per id, in order, undefined when the item was not claimed.
   */
  async reivindicarComVeiculo(db: Executor, ids: string[], segundos: number) {
    const linhas = (await reivindicarComVeiculo(db, { ids: JSON.stringify(ids), segundos })) as unknown as (Omit<VeiculoCarregado, 'v'> & {
      item: ItemReivindicado;
      v: VeiculoCarregado['v'] | null;
    })[];
    const porId = new Map(
      linhas.map(({ item, v, ...resto }) => [item.id, { item, lido: v ? ({ v, ...resto } as VeiculoCarregado) : undefined }]),
    );
    return ids.map((id) => porId.get(id));
  },

  /** Heartbeat: pushes the lease of an item still held by this claim `segundos` from now (a long channel call). */
  prolongar(db: Executor, item: ItemRegistro, segundos: number) {
    return db
      .update(loteItens)
      .set({ lease_ate: sql`now() + make_interval(secs => ${segundos})` })
      .where(daReivindicacao(item));
  },

  /** The item's outcome, written only while this worker's claim still holds it. */
  async concluir(db: Executor, item: ItemRegistro, estado: EstadoItemLote, motivo: string | null, revisao: string[] = []) {
    const [r] = await concluirItem(db, { estado, motivo, revisao: JSON.stringify(revisao), id: item.id, tentativas: item.tentativas });
    return r;
  },

  /** Put off (429, no answer, an operation in flight): back to aguardando until `segundos` from now. */
  adiar(db: Executor, item: ItemRegistro, motivo: string, segundos: number) {
    return db
      .update(loteItens)
      .set({
        estado: 'aguardando',
        motivo,
        lease_ate: null,
        proxima_em: sql`now() + make_interval(secs => ${segundos})`,
        updated_at: sql`now()`,
      })
      .where(daReivindicacao(item));
  },

  /** Graceful shutdown: the item this worker still runs goes back to aguardando, claimable by any instance now. */
  liberar(db: Executor, item: ItemRegistro) {
    return db
      .update(loteItens)
      .set({ estado: 'aguardando', lease_ate: null, proxima_em: null, updated_at: sql`now()` })
      .where(daReivindicacao(item));
  },

  /** "Cancelar": items not started become cancelado (the one in flight finishes); answers false when already over. */
  async cancelar(tx: Executor, idLote: string) {
    const [l] = await tx
      .update(lotes)
      .set({ estado: 'cancelado', concluido_em: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(lotes.id, idLote), eq(lotes.estado, 'executando')))
      .returning();
    if (!l) return false;
    await tx
      .update(loteItens)
      .set({ estado: 'cancelado', lease_ate: null, proxima_em: null, updated_at: sql`now()` })
      .where(and(eq(loteItens.lote_id, idLote), eq(loteItens.estado, 'aguardando')));
    return true;
  },

  /** Ends the batch when no item is left open. */
  terminarSeVazio(db: Executor, idLote: string) {
    return db
      .update(lotes)
      .set({ estado: 'concluido', concluido_em: sql`now()`, updated_at: sql`now()` })
      .where(
        and(
          eq(lotes.id, idLote),
          eq(lotes.estado, 'executando'),
          sql`not exists (select 1 from ${loteItens} where ${loteItens.lote_id} = ${idLote} and ${abertos})`,
        ),
      );
  },
};
