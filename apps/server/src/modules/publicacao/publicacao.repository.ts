import { and, asc, eq, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { preparada, preparadaSql } from '../../db/preparada.ts';
import { revendaIntegracoes, revendas, veiculoImagens, veiculoIntegracoes, veiculos } from '../../db/schema/index.ts';

export type AnuncioRegistro = typeof veiculoIntegracoes.$inferSelect;
/** What publishing reads of a photo (aggregated with the vehicle: no timestamps). */
const COLUNAS_FOTO = ['id', 'posicao', 'imagem', 'file_name', 'file_url', 'file_thumb', 'file_original'] as const;
/** What a channel gets of the reseller (`paraCanal`): not the whole row (its fiscal and billing data, logos…). */
const DA_REVENDA = {
  penome_fantasia: revendas.penome_fantasia,
  petelefone1: revendas.petelefone1,
  pecep_fiscal: revendas.pecep_fiscal,
  peendereco_fiscal: revendas.peendereco_fiscal,
  peendereco_fiscal_numero: revendas.peendereco_fiscal_numero,
  pebairro_fiscal: revendas.pebairro_fiscal,
  pecidade: revendas.pecidade,
  peuf: revendas.peuf,
  pehomepage: revendas.pehomepage,
};
export type FotoDoVeiculo = Pick<typeof veiculoImagens.$inferSelect, (typeof COLUNAS_FOTO)[number]>;
type Alvo = { veiculoId: string; canal: string };
/** A send to take: the advert, its reseller, the new key, what is sent (`envio`) and the lease. */
export type Tomada = Alvo & {
  revendaId: string;
  chave: string;
  envio: Record<string, unknown>;
  leaseSegundos: number;
  usuarioId?: string | null;
};
const doAlvo = (a: Alvo) => and(eq(veiculoIntegracoes.veiculo_id, a.veiculoId), eq(veiculoIntegracoes.canal, a.canal));
const daChave = (a: Alvo, chave: string) => and(doAlvo(a), eq(veiculoIntegracoes.chave, chave), eq(veiculoIntegracoes.estado, 'pendente'));
/** A change (alterar) in flight on a published advert: its key, while the lease is set. */
const daAlteracao = (a: Alvo, chave: string) =>
  and(doAlvo(a), eq(veiculoIntegracoes.chave, chave), eq(veiculoIntegracoes.estado, 'publicado'), isNotNull(veiculoIntegracoes.lease_ate));
const leaseDe = (segundos: number) => sql`now() + make_interval(secs => ${segundos})`;
/** After a send got no answer, the time the channel gets to finish it before the reconciliation asks what became of it. */
export const ESPERA_SEM_RESPOSTA_SEGUNDOS = 60;
const vencido = or(isNull(veiculoIntegracoes.lease_ate), lt(veiculoIntegracoes.lease_ate, sql`now()`));
/** A removal at the channel in flight (Excluir, a sale's removal, a blocked deal): its key, while the lease is set. */
const daExclusao = (a: Alvo, chave: string) =>
  and(doAlvo(a), eq(veiculoIntegracoes.chave, chave), eq(veiculoIntegracoes.operacao, 'excluir'), isNotNull(veiculoIntegracoes.lease_ate));
const naoExcluindo = or(isNull(veiculoIntegracoes.operacao), ne(veiculoIntegracoes.operacao, 'excluir'));

/** A new lease on the operation `onde` designates (its key), only if its lease ran out: null when it is held or gone. */
async function renovarVencido(db: Executor, onde: SQL | undefined, leaseSegundos: number) {
  const [r] = await db
    .update(veiculoIntegracoes)
    .set({ lease_ate: leaseDe(leaseSegundos), updated_at: sql`now()` })
    .where(and(onde, vencido))
    .returning();
  return r ?? null;
}

/**
 * What `veiculo` selects: the vehicle, what a channel gets of its reseller, its photos in display order (aggregated)
 * and the reseller's integration (joined by the statement). Shared with the bulk claim's statement (lotes).
 */
export const SELECAO_VEICULO = {
  v: veiculos,
  r: DA_REVENDA,
  imagens: sql<FotoDoVeiculo[]>`(select coalesce(json_agg(json_build_object(${sql.raw(
    COLUNAS_FOTO.map((c) => `'${c}', f.${c}`).join(', '),
  )}) order by f.posicao), '[]'::json) from ${veiculoImagens} f where f.veiculo_id = ${veiculos.id})`,
  integracao: revendaIntegracoes,
};

/** `publicacaoRepository.veiculo`'s statement, with placeholders `id` and `canal` (built and prepared once). */
const consultaVeiculo = (db: Executor) =>
  db
    .select(SELECAO_VEICULO)
    .from(veiculos)
    .innerJoin(revendas, eq(revendas.id, veiculos.revenda_id))
    .leftJoin(
      revendaIntegracoes,
      and(eq(revendaIntegracoes.revenda_id, veiculos.revenda_id), eq(revendaIntegracoes.canal, sql.placeholder('canal'))),
    )
    .where(eq(veiculos.id, sql.placeholder('id')));
type ParamsVeiculo = { id: string; canal: string };
const lerVeiculo = preparada<ParamsVeiculo, Awaited<ReturnType<typeof consultaVeiculo>>>('publicacao_veiculo', consultaVeiculo);
const lerVeiculoComTrava = preparada<ParamsVeiculo, Awaited<ReturnType<typeof consultaVeiculo>>>('publicacao_veiculo_trava', (db) =>
  consultaVeiculo(db).for('share', { of: veiculos }),
);

/** Columns a send (re)writes: on conflict they take the values just proposed (`excluded`), the same as the insert's. */
const COLUNAS_DO_ENVIO = [
  'estado',
  'usuario_id',
  'status',
  'chave',
  'envio',
  'lease_ate',
  'tentativa_em',
  'respondido_em',
  'ultimo_erro',
  'id_anuncio',
  'url_anuncio',
  'desatualizado',
  'operacao',
  'updated_at',
] as const;
const DO_EXCLUDED = sql.raw(COLUNAS_DO_ENVIO.map((c) => `${c} = excluded.${c}`).join(', '));
const p = (nome: string, tipo: string) => sql`${sql.placeholder(nome)}::${sql.raw(tipo)}`;

/**
 * Takes sends: inserts each vehicle × channel as pendente with its new key and a lease, or turns a failed one into
 * pendente (on conflict the row gets the values just proposed, `excluded`). A failed send whose refused advert is
 * still being removed from the channel (operacao 'excluir') waits. The sends come as ONE jsonb parameter (`entradas`,
 * `linhaTomada`), so a bulk run's sends in flight are taken by one statement (`tomarComTravaVarios`). `comTrava`:
 * the whole transaction of a bulk send in the statement (no BEGIN / COMMIT round trips): the vehicles' rows locked
 * FOR SHARE in a CTE (in id order), only while not removed nor sold (a sale holding one FOR UPDATE is waited for and
 * its outcome re-checked); `= any(array(…))` so that the vehicles are read by their primary key, whatever the planner
 * guesses of the JSON's rows (`in (select …)` seq-scanned the whole table per group). Built and prepared once each;
 * answers the keys taken.
 */
const tomadaSql = (nome: string, comTrava: boolean) =>
  preparadaSql<{ entradas: string }, { chave: string }>(
    nome,
    sql`with entrada as (select * from jsonb_to_recordset(${p('entradas', 'jsonb')}) as e(veiculo_id uuid, canal text, revenda_id uuid,
  usuario_id uuid, chave text, envio jsonb, segundos double precision))${
    comTrava
      ? sql`, trava as (select id from veiculos where id = any(array(select veiculo_id from entrada)) and veremovido = 0 and vevendido = 0
  order by id for share)`
      : sql``
  }
insert into veiculo_integracoes (veiculo_id, canal, revenda_id, ${sql.raw(COLUNAS_DO_ENVIO.join(', '))})
select e.veiculo_id, e.canal, e.revenda_id, 'pendente', e.usuario_id, false, e.chave, e.envio,
  now() + make_interval(secs => e.segundos), now(), null, null, null, null, false, null, now()
from entrada e${comTrava ? sql` join trava on trava.id = e.veiculo_id` : sql``}
on conflict (veiculo_id, canal) do update set ${DO_EXCLUDED}
  where veiculo_integracoes.estado = 'falhou' and veiculo_integracoes.operacao is null
returning chave`,
  );
const tomarSql = tomadaSql('publicacao_tomar', false);
const tomarComTravaSql = tomadaSql('publicacao_tomar_com_trava', true);
const linhaTomada = (a: Tomada) => ({
  veiculo_id: a.veiculoId,
  canal: a.canal,
  revenda_id: a.revendaId,
  usuario_id: a.usuarioId ?? null,
  chave: a.chave,
  envio: a.envio,
  segundos: a.leaseSegundos,
});
/** Each send's key when its statement took it, else null (in the sends' order). */
const tomadas = async (ex: Executor, sql_: typeof tomarSql, as: Tomada[]) => {
  const tomadasAgora = new Set((await sql_(ex, { entradas: JSON.stringify(as.map(linhaTomada)) })).map((r) => r.chave));
  return as.map((a) => (tomadasAgora.has(a.chave) ? { chave: a.chave } : null));
};

/** What a published answer answers of the advert (`respostaPublicado`). */
export type AnuncioPublicado = Pick<AnuncioRegistro, 'id_anuncio' | 'url_anuncio' | 'dados'>;
/** A send's published answer, as `publicadosJunto` takes it. */
export type RespostaPublicada = {
  a: Alvo;
  chave: string;
  r: { idAnuncio: string; urlAnuncio: string | null; dados: Record<string, unknown> };
};
/**
 * The channel's answer onto each send it belongs to (`publicado`: only while the send is still that key's pendente),
 * with, optionally, the caller's own record of each in the SAME statement (a bulk run's answers in flight): the
 * answers come as one jsonb parameter (table `entrada`, with the caller's `colunas` besides the advert's, typed as in
 * `jsonb_to_recordset`), `publicado` holds the keys whose answer was recorded, and `junto` is the caller's UPDATE over
 * them. One statement, no BEGIN / COMMIT round trips; prepared once as `nome`. Answers each send's advert (null when
 * its answer was not recorded).
 */
export function publicadosJunto<V extends Record<string, unknown>>(nome: string, junto?: { colunas: string; sql: SQL }) {
  const executar = preparadaSql<{ entradas: string }, AnuncioPublicado & { chave: string }>(
    nome,
    sql`with entrada as (select * from jsonb_to_recordset(${p('entradas', 'jsonb')}) as e(veiculo_id uuid, canal text, chave text,
  id_anuncio text, url_anuncio text, dados jsonb${sql.raw(junto ? `, ${junto.colunas}` : '')})),
publicado as (update veiculo_integracoes v set estado = 'publicado', status = true, id_anuncio = e.id_anuncio,
  url_anuncio = e.url_anuncio, dados = e.dados, ultimo_erro = null, lease_ate = null, respondido_em = now(), updated_at = now()
  from entrada e where v.veiculo_id = e.veiculo_id and v.canal = e.canal and v.chave = e.chave and v.estado = 'pendente'
  returning v.chave, v.id_anuncio, v.url_anuncio, v.dados)${
    junto
      ? sql`,
junto as (${junto.sql})`
      : sql``
  }
select * from publicado`,
  );
  return async (db: Executor, respostas: (RespostaPublicada & { junto?: V })[]) => {
    const entradas = respostas.map(({ a, chave, r, junto: j }) => ({
      veiculo_id: a.veiculoId,
      canal: a.canal,
      chave,
      id_anuncio: r.idAnuncio,
      url_anuncio: r.urlAnuncio,
      dados: r.dados,
      ...j,
    }));
    const porChave = new Map((await executar(db, { entradas: JSON.stringify(entradas) })).map(({ chave, ...an }) => [chave, an]));
    return respostas.map((r): AnuncioPublicado | null => porChave.get(r.chave) ?? null);
  };
}

const publicadoUm = publicadosJunto('publicacao_publicado');

/** The vehicle's adverts per channel (veiculo_integracoes) and what publishing reads of the vehicle. */
export const publicacaoRepository = {
  async revendaDoVeiculo(db: Executor, idVeiculo: string): Promise<string | undefined> {
    const [v] = await db.select({ revenda: veiculos.revenda_id }).from(veiculos).where(eq(veiculos.id, idVeiculo));
    return v?.revenda;
  },

  /**
   * The vehicle, its reseller, its photos in display order and, with `canal`, the reseller's integration of that
   * channel: ONE statement (the photos aggregated in it), so a publishing request reads the vehicle once.
   * `trava`: the vehicle's row read FOR SHARE, in the caller's transaction (see `vendidoComTrava`).
   */
  async veiculo(db: Executor, idVeiculo: string, op: { canal?: string; trava?: boolean } = {}) {
    const [linha] = await (op.trava ? lerVeiculoComTrava : lerVeiculo)(db, { id: idVeiculo, canal: op.canal ?? '' });
    return linha;
  },

  /**
   * Whether the vehicle is sold, reading its row FOR SHARE in the caller's transaction: a sale locks it FOR UPDATE,
   * so a send or change taken in the same transaction is either seen by the sale (which then removes its advert) or
   * sees the sale (and is refused).
   */
  async vendidoComTrava(tx: Executor, idVeiculo: string) {
    const [v] = await tx.select({ vevendido: veiculos.vevendido }).from(veiculos).where(eq(veiculos.id, idVeiculo)).for('share');
    return v?.vevendido === 1;
  },

  /** Removed and sold of the vehicle (undefined: no such vehicle): why `tomarComTravaVarios` took nothing. */
  async situacao(db: Executor, idVeiculo: string) {
    const [v] = await db
      .select({ veremovido: veiculos.veremovido, vevendido: veiculos.vevendido })
      .from(veiculos)
      .where(eq(veiculos.id, idVeiculo));
    return v;
  },

  /**
   * `tomar` of several sends, each with its vehicle's lock (`vendidoComTrava`), in ONE statement, for callers that
   * read the vehicle just before (bulk items; publicacao.service groups the sends in flight): per send, the key taken,
   * or null when the vehicle is gone, removed or sold, or the send is pending or published (nothing written for it;
   * `situacao` and `buscar` tell which). Two sends of one vehicle × channel in the list break the statement (the
   * caller's group is then tried one by one, db/em-grupo.ts).
   */
  tomarComTravaVarios: (db: Executor, as: Tomada[]) => tomadas(db, tomarComTravaSql, as),

  async buscar(db: Executor, a: Alvo): Promise<AnuncioRegistro | undefined> {
    const [r] = await db.select().from(veiculoIntegracoes).where(doAlvo(a));
    return r;
  },

  /**
   * Takes the send of vehicle × channel for this request, in its own statement (committed before the channel is
   * called): creates the row as pendente with a new key and a lease, or turns a failed one into pendente. A pending
   * or published row is left alone (null): a second click never reaches the channel.
   */
  async tomar(db: Executor, a: Tomada) {
    const [r] = await tomadas(db, tomarSql, [a]);
    return r ?? null;
  },

  /** Takes a pending send whose lease ran out (its request died or gave up), keeping its key. */
  reivindicar: (db: Executor, a: Alvo, chave: string, leaseSegundos: number) => renovarVencido(db, daChave(a, chave), leaseSegundos),

  /**
   * The heartbeat of an operation still running in this process (send, change, removal; its key): its lease moves on
   * to `leaseSegundos` from now, only while it is still held (set and not run out), so a lease already given up
   * (a removal with no answer: ends now) or taken over is never revived.
   */
  async prolongar(db: Executor, a: Alvo, chave: string, leaseSegundos: number) {
    await db
      .update(veiculoIntegracoes)
      .set({ lease_ate: leaseDe(leaseSegundos) })
      .where(
        and(
          doAlvo(a),
          eq(veiculoIntegracoes.chave, chave),
          isNotNull(veiculoIntegracoes.lease_ate),
          sql`${veiculoIntegracoes.lease_ate} > now()`,
        ),
      );
  },

  /** Re-sends a pending send (same key) after the channel said nothing arrived. */
  async reenviar(db: Executor, a: Alvo, chave: string, envio: Record<string, unknown>) {
    await db.update(veiculoIntegracoes).set({ envio, tentativa_em: sql`now()`, updated_at: sql`now()` }).where(daChave(a, chave));
  },

  /** The channel's answer, only onto the send it belongs to (a reconciliation may have resolved it meanwhile). */
  async publicado(
    db: Executor,
    a: Alvo,
    chave: string,
    r: { idAnuncio: string; urlAnuncio: string | null; dados: Record<string, unknown> },
  ): Promise<AnuncioPublicado | null> {
    const [linha] = await publicadoUm(db, [{ a, chave, r }]);
    return linha ?? null;
  },

  /**
   * The channel took the send and confirms it later (OLX import): the advert id and what the channel answered (the
   * import token) are kept on the pending send, and its lease ends now, so the next reconciliation round asks again.
   */
  async aguardandoConfirmacao(
    db: Executor,
    a: Alvo,
    chave: string,
    r: { idAnuncio: string; urlAnuncio: string | null; dados: Record<string, unknown> },
  ) {
    await db
      .update(veiculoIntegracoes)
      .set({
        id_anuncio: r.idAnuncio,
        url_anuncio: r.urlAnuncio,
        dados: r.dados,
        ultimo_erro: null,
        lease_ate: sql`now()`,
        respondido_em: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(daChave(a, chave));
  },

  async falhou(db: Executor, a: Alvo, chave: string, erro: string) {
    await db
      .update(veiculoIntegracoes)
      .set({ estado: 'falhou', status: false, ultimo_erro: erro, lease_ate: null, respondido_em: sql`now()`, updated_at: sql`now()` })
      .where(daChave(a, chave));
  },

  /**
   * No answer we can trust (time-out, outage): stays pending with the reason. After the send itself the lease runs on
   * for ESPERA_SEM_RESPOSTA seconds more: a channel that timed out may still be creating the advert, and asking it at
   * once would find nothing, fail the send and let the dealer send a second advert. After a consult (`espera` 0) it
   * ends now: a consult creates no advert (Mobiauto's repeated publish request is harmless), so the next round or
   * click asks again at once instead of a minute later.
   */
  async semResposta(db: Executor, a: Alvo, chave: string, erro: string, espera = ESPERA_SEM_RESPOSTA_SEGUNDOS) {
    await db
      .update(veiculoIntegracoes)
      .set({ ultimo_erro: erro, lease_ate: leaseDe(espera), updated_at: sql`now()` })
      .where(daChave(a, chave));
  },

  /**
   * Graceful shutdown (docs/desligamento.md): the lease of an operation this process still holds at its time limit.
   * A send (pendente, no `operacao`) gets what a send without an answer gets — its outcome is unknown and the channel
   * may still be creating the advert: ESPERA_SEM_RESPOSTA more, then any instance's reconciliation asks the channel
   * (`consultar`) before anything is sent again. A change or a removal is claimable at once: the reconciliation marks
   * the change unconfirmed without calling the channel, and repeats the removal (answered "already removed").
   */
  async liberarNoDesligamento(db: Executor, a: Alvo, chave: string, erroEnvio: string) {
    const envio = sql`(${veiculoIntegracoes.estado} = 'pendente' and ${veiculoIntegracoes.operacao} is null)`;
    await db
      .update(veiculoIntegracoes)
      .set({
        lease_ate: sql`case when ${envio} then ${leaseDe(ESPERA_SEM_RESPOSTA_SEGUNDOS)} else now() - interval '1 second' end`,
        ultimo_erro: sql`case when ${envio} then ${erroEnvio} else ${veiculoIntegracoes.ultimo_erro} end`,
        updated_at: sql`now()`,
      })
      .where(and(doAlvo(a), eq(veiculoIntegracoes.chave, chave), isNotNull(veiculoIntegracoes.lease_ate)));
  },

  /** Pending sends whose lease ran out, oldest first. */
  pendentesVencidos: (db: Executor, limite: number) =>
    db
      .select()
      .from(veiculoIntegracoes)
      .where(and(eq(veiculoIntegracoes.estado, 'pendente'), vencido))
      .orderBy(asc(veiculoIntegracoes.lease_ate))
      .limit(limite),

  /**
   * Takes the change (alterar) of a published advert for this request, in its own statement committed before the
   * channel is called: on a published row a lease means a change is in flight, `chave` is that change's key and
   * `envio` its post. A change in flight (lease running) is left alone (null): a second click never reaches the
   * channel. An expired lease is a change whose request died: the reconciliation records it as unconfirmed, and a
   * new click may take over.
   */
  async tomarAlteracao(
    db: Executor,
    a: Alvo & {
      idAnuncio: string;
      chave: string;
      envio: Record<string, unknown>;
      leaseSegundos: number;
      sincronizacao?: boolean;
      usuarioId?: string | null;
    },
  ) {
    const [r] = await db
      .update(veiculoIntegracoes)
      .set({
        chave: a.chave,
        usuario_id: a.usuarioId ?? null,
        envio: a.envio,
        operacao: 'alterar',
        lease_ate: leaseDe(a.leaseSegundos),
        tentativa_em: sql`now()`,
        // The sync's own attempt (issue 24): sincronizar_em = tentativa_em tells it from Alterar's, which is never re-sent.
        ...(a.sincronizacao ? { sincronizar_em: sql`now()` } : {}),
        updated_at: sql`now()`,
      })
      .where(
        and(doAlvo(a), eq(veiculoIntegracoes.estado, 'publicado'), eq(veiculoIntegracoes.id_anuncio, a.idAnuncio), vencido, naoExcluindo),
      )
      .returning();
    return r ?? null;
  },

  /**
   * The channel took the change: the lease ends and the advert is current again, unless the vehicle was changed
   * after the change read it (`lidoEm`, the vehicle's version then): that edit is not on the channel.
   * Compared at milliseconds: `lidoEm` came through a JavaScript Date, PostgreSQL keeps microseconds, and an untouched
   * vehicle must not look newer than the version read (the sync looped re-sending it on PostgreSQL).
   */
  async alterado(db: Executor, a: Alvo, chave: string, lidoEm: Date, r: { urlAnuncio?: string; dados?: Record<string, unknown> }) {
    const [linha] = await db
      .update(veiculoIntegracoes)
      .set({
        desatualizado: sql`exists (select 1 from ${veiculos} where ${veiculos.id} = ${veiculoIntegracoes.veiculo_id} and date_trunc('milliseconds', ${veiculos.updated_at}) > ${lidoEm.toISOString()}::timestamptz)`,
        ultimo_erro: null,
        lease_ate: null,
        operacao: null,
        respondido_em: sql`now()`,
        ...(r.urlAnuncio ? { url_anuncio: r.urlAnuncio } : {}),
        ...(r.dados ? { dados: sql`${veiculoIntegracoes.dados} || ${JSON.stringify(r.dados)}::jsonb` } : {}),
        updated_at: sql`now()`,
      })
      .where(daAlteracao(a, chave))
      .returning();
    return linha ?? null;
  },

  /**
   * The change did not go through. `desatualizado`: true when we do not know whether the channel applied it (no
   * answer, crash): the advert may show either version until the reseller sends the change again; a refusal keeps
   * the flag as it was (the channel still shows what it showed).
   */
  async alteracaoNaoFeita(db: Executor, a: Alvo, chave: string, erro: string, incerta: boolean, soVencida = false) {
    const [linha] = await db
      .update(veiculoIntegracoes)
      .set({
        ultimo_erro: erro,
        lease_ate: null,
        operacao: null,
        ...(incerta ? { desatualizado: true } : { respondido_em: sql`now()` }),
        updated_at: sql`now()`,
      })
      .where(soVencida ? and(daAlteracao(a, chave), vencido) : daAlteracao(a, chave))
      .returning({ canal: veiculoIntegracoes.canal });
    return Boolean(linha);
  },

  /** Changes whose request died (lease ran out on a published advert), oldest first. */
  alteracoesVencidas: (db: Executor, limite: number) =>
    db
      .select()
      .from(veiculoIntegracoes)
      .where(
        and(
          eq(veiculoIntegracoes.estado, 'publicado'),
          isNotNull(veiculoIntegracoes.lease_ate),
          lt(veiculoIntegracoes.lease_ate, sql`now()`),
          naoExcluindo,
        ),
      )
      .orderBy(asc(veiculoIntegracoes.lease_ate))
      .limit(limite),

  /**
   * Takes the removal of a published advert at the channel (Excluir, a sale's removal), in its own statement
   * committed before the channel is called: `operacao` 'excluir', a new key and a lease. Left alone (null) while a
   * send, a change or another removal holds the advert, so the channel never gets two removals at once. A lease that
   * ran out (its request died) is taken over; a change that died so has an unknown outcome (desatualizado).
   */
  async tomarExclusao(db: Executor, a: Alvo & { idAnuncio: string; chave: string; leaseSegundos: number; usuarioId?: string | null }) {
    const [r] = await db
      .update(veiculoIntegracoes)
      .set({
        chave: a.chave,
        usuario_id: a.usuarioId ?? null,
        operacao: 'excluir',
        lease_ate: leaseDe(a.leaseSegundos),
        desatualizado: sql`${veiculoIntegracoes.desatualizado} or (${veiculoIntegracoes.lease_ate} is not null and ${naoExcluindo})`,
        tentativa_em: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(and(doAlvo(a), eq(veiculoIntegracoes.estado, 'publicado'), eq(veiculoIntegracoes.id_anuncio, a.idAnuncio), vencido))
      .returning();
    return r ?? null;
  },

  /**
   * A send the channel took and then refused while keeping the advert (Mobiauto's deal blocked by moderation): the
   * send fails with the channel's reason, and the refused advert is to be removed from the channel, under a lease in
   * the same statement (`operacao` 'excluir', the reconciliation finishes it if this request dies).
   */
  async recusado(db: Executor, a: Alvo, chave: string, erro: string, idAnuncio: string, leaseSegundos: number) {
    const [r] = await db
      .update(veiculoIntegracoes)
      .set({
        estado: 'falhou',
        status: false,
        ultimo_erro: erro,
        id_anuncio: idAnuncio,
        url_anuncio: null,
        operacao: 'excluir',
        lease_ate: leaseDe(leaseSegundos),
        respondido_em: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(daChave(a, chave))
      .returning();
    return r ?? null;
  },

  /**
   * "Publicar de novo" (issue 24 item 1, a channel that cannot edit): the removal this caller holds ended at the channel,
   * and the same row becomes the new send (pendente, its own key, the stored post, a lease) in ONE statement, so the
   * advert record is never lost in between: a crash after it leaves a pending send for the reconciliation.
   */
  async republicar(
    db: Executor,
    a: Alvo,
    chaveExclusao: string,
    r: { chave: string; envio: Record<string, unknown>; leaseSegundos: number; usuarioId?: string | null },
  ) {
    const [linha] = await db
      .update(veiculoIntegracoes)
      .set({
        estado: 'pendente',
        status: false,
        chave: r.chave,
        usuario_id: r.usuarioId ?? null,
        envio: r.envio,
        lease_ate: leaseDe(r.leaseSegundos),
        tentativa_em: sql`now()`,
        respondido_em: null,
        ultimo_erro: null,
        id_anuncio: null,
        url_anuncio: null,
        dados: {},
        desatualizado: false,
        operacao: null,
        updated_at: sql`now()`,
      })
      .where(and(daExclusao(a, chaveExclusao), eq(veiculoIntegracoes.estado, 'publicado')))
      .returning();
    return linha ?? null;
  },

  /** Takes over a removal whose lease ran out (its request died), keeping its key. */
  reivindicarExclusao: (db: Executor, a: Alvo, chave: string, leaseSegundos: number) =>
    renovarVencido(db, daExclusao(a, chave), leaseSegundos),

  /**
   * The channel removed the advert (or had already): a published advert is forgotten (spec 3 §4: back to "none");
   * a failed send keeps its reason, without the refused advert. Only onto this removal (`chave`): false when it was
   * taken over meanwhile.
   */
  async excluido(db: Executor, a: Alvo, chave: string) {
    const apagado = await db
      .delete(veiculoIntegracoes)
      .where(and(daExclusao(a, chave), eq(veiculoIntegracoes.estado, 'publicado')))
      .returning({ canal: veiculoIntegracoes.canal });
    if (apagado.length) return true;
    const limpo = await db
      .update(veiculoIntegracoes)
      .set({ operacao: null, lease_ate: null, id_anuncio: null, updated_at: sql`now()` })
      .where(and(daExclusao(a, chave), eq(veiculoIntegracoes.estado, 'falhou')))
      .returning({ canal: veiculoIntegracoes.canal });
    return limpo.length > 0;
  },

  /**
   * The removal did not happen (refused, inactive integration): the advert stays as it was, free again.
   * `erro` replaces `ultimo_erro` when given.
   */
  async exclusaoNaoFeita(db: Executor, a: Alvo, chave: string, erro?: string) {
    await db
      .update(veiculoIntegracoes)
      .set({ operacao: null, lease_ate: null, ...(erro ? { ultimo_erro: erro } : {}), updated_at: sql`now()` })
      .where(daExclusao(a, chave));
  },

  /** No answer we can trust: the removal stays to be finished, and its lease ends now (the next round asks again). */
  async exclusaoAdiada(db: Executor, a: Alvo, chave: string) {
    await db.update(veiculoIntegracoes).set({ lease_ate: sql`now()`, updated_at: sql`now()` }).where(daExclusao(a, chave));
  },

  /** Removals at the channel whose lease ran out (their request died or had no answer), oldest first. */
  exclusoesVencidas: (db: Executor, limite: number) =>
    db
      .select()
      .from(veiculoIntegracoes)
      .where(and(eq(veiculoIntegracoes.operacao, 'excluir'), lt(veiculoIntegracoes.lease_ate, sql`now()`)))
      .orderBy(asc(veiculoIntegracoes.lease_ate))
      .limit(limite),
};
