import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import {
  opcionais,
  revendaIntegracoes,
  revendaLocaisAnuncio,
  veiculoAlteracoes,
  veiculoImagens,
  veiculoIntegracoes,
  veiculos,
} from '../../db/schema/index.ts';

export type VeiculoRegistro = typeof veiculos.$inferSelect;
export type VeiculoGravacao = Omit<typeof veiculos.$inferInsert, 'id' | 'revenda_id' | 'created_at' | 'created_id'>;
export type ImagemRegistro = typeof veiculoImagens.$inferSelect;
export type ImagemGravacao = { imagem: string | null; file_name: string; file_url: string; file_thumb: string; file_original: string };

const doVeiculo = (idRevenda: string, idVeiculo: string) => and(eq(veiculos.id, idVeiculo), eq(veiculos.revenda_id, idRevenda));

export const veiculosRepository = {
  /** A vehicle of this reseller (a vehicle of another reseller is "not found", whatever its id). */
  async buscar(db: Executor, idRevenda: string, idVeiculo: string, travar = false): Promise<VeiculoRegistro | undefined> {
    const q = db.select().from(veiculos).where(doVeiculo(idRevenda, idVeiculo));
    const [v] = travar ? await q.for('update') : await q;
    return v;
  },

  imagens: (db: Executor, idVeiculo: string): Promise<ImagemRegistro[]> =>
    db.select().from(veiculoImagens).where(eq(veiculoImagens.veiculo_id, idVeiculo)).orderBy(asc(veiculoImagens.posicao)),

  /** The reseller's channel configurations and the vehicle's adverts (spec 3 §2.1). */
  async integracoes(db: Executor, idRevenda: string, idVeiculo: string) {
    const [daRevenda, doVeiculoLista] = await Promise.all([
      db
        .select({ canal: revendaIntegracoes.canal, descricao: revendaIntegracoes.descricao, status: revendaIntegracoes.status })
        .from(revendaIntegracoes)
        .where(eq(revendaIntegracoes.revenda_id, idRevenda)),
      db
        .select({
          canal: veiculoIntegracoes.canal,
          status: veiculoIntegracoes.status,
          id_anuncio: veiculoIntegracoes.id_anuncio,
          url_anuncio: veiculoIntegracoes.url_anuncio,
          estado: veiculoIntegracoes.estado,
          ultimo_erro: veiculoIntegracoes.ultimo_erro,
          desatualizado: veiculoIntegracoes.desatualizado,
          operacao: veiculoIntegracoes.operacao,
          respondido_em: veiculoIntegracoes.respondido_em,
          dados: veiculoIntegracoes.dados,
        })
        .from(veiculoIntegracoes)
        .where(eq(veiculoIntegracoes.veiculo_id, idVeiculo)),
    ]);
    return { daRevenda, doVeiculo: doVeiculoLista };
  },

  /** A vehicle change: its published adverts show old data until changed or published again (issue 12 item 7). */
  async marcarAnunciosDesatualizados(db: Executor, idVeiculo: string) {
    const r = await db
      .update(veiculoIntegracoes)
      .set({ desatualizado: true })
      .where(and(eq(veiculoIntegracoes.veiculo_id, idVeiculo), eq(veiculoIntegracoes.estado, 'publicado')))
      .returning({ canal: veiculoIntegracoes.canal });
    return r.length;
  },

  opcionaisPorId: (db: Executor, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: opcionais.id, descricao: opcionais.descricao, ordenacao: opcionais.ordenacao })
          .from(opcionais)
          .where(inArray(opcionais.id, ids)),

  locaisDaRevenda: (db: Executor, idRevenda: string, ids?: string[]) =>
    db
      .select({
        id: revendaLocaisAnuncio.id,
        idLocal: revendaLocaisAnuncio.id_local,
        descricao: revendaLocaisAnuncio.descricao,
        ordenacao: revendaLocaisAnuncio.ordenacao,
      })
      .from(revendaLocaisAnuncio)
      .where(
        and(
          eq(revendaLocaisAnuncio.revenda_id, idRevenda),
          ids ? (ids.length ? inArray(revendaLocaisAnuncio.id, ids) : sql`false`) : undefined,
        ),
      )
      .orderBy(desc(revendaLocaisAnuncio.ordenacao), asc(revendaLocaisAnuncio.descricao)),

  async inserir(db: Executor, idRevenda: string, dados: VeiculoGravacao, usuarioId: string) {
    const agora = new Date();
    const [v] = await db
      .insert(veiculos)
      .values({ ...dados, revenda_id: idRevenda, created_id: usuarioId, updated_id: usuarioId, created_at: agora, updated_at: agora })
      .returning();
    if (!v) throw new Error('insert sem retorno');
    return v;
  },

  /** Writes with a millisecond-precise updated_at, so the version the API hands out compares exactly. */
  async atualizar(db: Executor, idVeiculo: string, dados: Partial<VeiculoGravacao>, usuarioId: string | null) {
    const [v] = await db
      .update(veiculos)
      .set({ ...dados, updated_id: usuarioId, updated_at: new Date() })
      .where(eq(veiculos.id, idVeiculo))
      .returning();
    if (!v) throw new Error('veículo sumiu durante a gravação');
    return v;
  },

  /** Replaces the photo list (order = list order); answers the rows that were there before. */
  async substituirImagens(db: Executor, idRevenda: string, idVeiculo: string, imagens: ImagemGravacao[]) {
    const antigas = await db.delete(veiculoImagens).where(eq(veiculoImagens.veiculo_id, idVeiculo)).returning();
    if (imagens.length) {
      await db
        .insert(veiculoImagens)
        .values(imagens.map((im, posicao) => ({ ...im, veiculo_id: idVeiculo, revenda_id: idRevenda, posicao })));
    }
    return antigas;
  },

  async registrarAlteracao(
    db: Executor,
    a: {
      idRevenda: string;
      idVeiculo: string;
      usuarioId: string;
      usuarioNome: string;
      campos: Record<string, { antiga: string; nova: string }>;
    },
  ) {
    await db.insert(veiculoAlteracoes).values({
      veiculo_id: a.idVeiculo,
      revenda_id: a.idRevenda,
      usuario_id: a.usuarioId,
      veusuarioalterou: a.usuarioNome,
      campos: a.campos,
    });
  },

  alteracoes: (db: Executor, idVeiculo: string) =>
    db.select().from(veiculoAlteracoes).where(eq(veiculoAlteracoes.veiculo_id, idVeiculo)).orderBy(desc(veiculoAlteracoes.vedataalteracao)),

  /** Permanent delete; the photos' rows go with it (cascade), answered so their files can be removed. */
  async apagar(db: Executor, idVeiculo: string) {
    const imagens = await db.select().from(veiculoImagens).where(eq(veiculoImagens.veiculo_id, idVeiculo));
    await db.delete(veiculos).where(eq(veiculos.id, idVeiculo));
    return imagens;
  },

  /** History cleanup candidates: removed more than `dias` days ago or without a date (spec 2 §4). */
  elegiveisLimpeza: (db: Executor, idRevenda: string, dias: number, limite: number) =>
    db
      .select({ id: veiculos.id })
      .from(veiculos)
      .where(
        and(
          eq(veiculos.revenda_id, idRevenda),
          eq(veiculos.veremovido, 1),
          or(isNull(veiculos.vedataremovido), lt(veiculos.vedataremovido, sql`now() - make_interval(days => ${dias})`)),
        ),
      )
      .orderBy(sql`${veiculos.vedataremovido} asc nulls first`)
      .limit(limite),

  /** Image cleanup candidates: history vehicles whose photos were not checked yet. */
  elegiveisLimpezaImagens: (db: Executor, idRevenda: string, limite: number) =>
    db
      .select({ id: veiculos.id })
      .from(veiculos)
      .where(and(eq(veiculos.revenda_id, idRevenda), eq(veiculos.veremovido, 1), eq(veiculos.imagens_verificado, 0)))
      .orderBy(sql`${veiculos.vedataremovido} asc nulls first`)
      .limit(limite),

  /** Keeps only the first photo; answers the removed rows (their files go too). */
  async manterPrimeiraImagem(db: Executor, idVeiculo: string) {
    const removidas = await db
      .delete(veiculoImagens)
      .where(and(eq(veiculoImagens.veiculo_id, idVeiculo), gt(veiculoImagens.posicao, 0)))
      .returning();
    await db.update(veiculos).set({ imagens_verificado: 1, updated_at: new Date() }).where(eq(veiculos.id, idVeiculo));
    return removidas;
  },
};
