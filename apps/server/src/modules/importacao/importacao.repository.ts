import type { MapeamentoImportacao, OrigemImportacao } from '@intermedio/contracts';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { importacaoFontes, importacaoLinhas, importacaoMapeamentos, importacoes, veiculos } from '../../db/schema/index.ts';

export type ImportacaoRegistro = typeof importacoes.$inferSelect;
export type LinhaRegistro = typeof importacaoLinhas.$inferSelect;
export type LinhaNova = Omit<typeof importacaoLinhas.$inferInsert, 'id' | 'importacao_id' | 'revenda_id'>;

export const importacaoRepository = {
  async criar(
    db: Executor,
    d: {
      idRevenda: string;
      idUsuario: string;
      origem: OrigemImportacao;
      nome: string;
      colunas: string[];
      linhas: Record<string, string>[];
      mapeamento: MapeamentoImportacao;
    },
  ) {
    const [i] = await db
      .insert(importacoes)
      .values({
        revenda_id: d.idRevenda,
        usuario_id: d.idUsuario,
        origem: d.origem,
        nome: d.nome.slice(0, 500),
        colunas: d.colunas,
        total_linhas: d.linhas.length,
        mapeamento: d.mapeamento,
      })
      .returning();
    if (!i) throw new Error('insert sem retorno');
    await db.insert(importacaoFontes).values({ importacao_id: i.id, linhas: d.linhas });
    return i;
  },

  async buscar(db: Executor, idRevenda: string, id: string, travar = false) {
    const q = db
      .select()
      .from(importacoes)
      .where(and(eq(importacoes.id, id), eq(importacoes.revenda_id, idRevenda)));
    const [i] = travar ? await q.for('update') : await q;
    return i;
  },

  async porId(db: Executor, id: string) {
    const [i] = await db.select().from(importacoes).where(eq(importacoes.id, id));
    return i;
  },

  async linha(db: Executor, id: string) {
    const [l] = await db.select().from(importacaoLinhas).where(eq(importacaoLinhas.id, id));
    return l;
  },

  recentes: (db: Executor, idRevenda: string, n: number) =>
    db
      .select()
      .from(importacoes)
      .where(eq(importacoes.revenda_id, idRevenda))
      .orderBy(desc(importacoes.created_at), desc(importacoes.id))
      .limit(n),

  async fonte(db: Executor, id: string) {
    const [f] = await db.select({ linhas: importacaoFontes.linhas }).from(importacaoFontes).where(eq(importacaoFontes.importacao_id, id));
    return f?.linhas ?? [];
  },

  async amostra(db: Executor, id: string, n: number) {
    const r = await db.execute(sql`select jsonb_array_elements(linhas) as l from importacao_fontes where importacao_id = ${id} limit ${n}`);
    // Both drivers (node-postgres, PGlite) answer `{ rows }`.
    return (r as unknown as { rows: { l: Record<string, string> }[] }).rows.map((x) => x.l);
  },

  atualizar: (db: Executor, id: string, d: Partial<typeof importacoes.$inferInsert>) =>
    db
      .update(importacoes)
      .set({ ...d, updated_at: sql`now()` })
      .where(eq(importacoes.id, id)),

  async lembrado(db: Executor, idRevenda: string, chave: string) {
    const [m] = await db
      .select({ mapeamento: importacaoMapeamentos.mapeamento })
      .from(importacaoMapeamentos)
      .where(and(eq(importacaoMapeamentos.revenda_id, idRevenda), eq(importacaoMapeamentos.chave, chave)));
    return m?.mapeamento;
  },

  lembrar: (db: Executor, idRevenda: string, chave: string, mapeamento: MapeamentoImportacao) =>
    db
      .insert(importacaoMapeamentos)
      .values({ revenda_id: idRevenda, chave, mapeamento })
      .onConflictDoUpdate({
        target: [importacaoMapeamentos.revenda_id, importacaoMapeamentos.chave],
        set: { mapeamento, updated_at: sql`now()` },
      }),

  /** The reseller's non-removed vehicles with one of these plates or internal codes. */
  duplicados: (db: Executor, idRevenda: string, placas: string[], codigos: string[]) =>
    placas.length + codigos.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(veiculos)
          .where(
            and(
              eq(veiculos.revenda_id, idRevenda),
              eq(veiculos.veremovido, 0),
              or(
                placas.length ? inArray(veiculos.veiplaca, placas) : sql`false`,
                codigos.length ? inArray(veiculos.vecodigo_interno, codigos) : sql`false`,
              ),
            ),
          )
          .orderBy(asc(veiculos.created_at)),

  inserirLinhas: async (db: Executor, idImportacao: string, idRevenda: string, linhas: LinhaNova[]) => {
    for (let i = 0; i < linhas.length; i += 500)
      await db
        .insert(importacaoLinhas)
        .values(linhas.slice(i, i + 500).map((l) => ({ ...l, importacao_id: idImportacao, revenda_id: idRevenda })));
  },

  linhas: (db: Executor, idImportacao: string) =>
    db.select().from(importacaoLinhas).where(eq(importacaoLinhas.importacao_id, idImportacao)).orderBy(asc(importacaoLinhas.numero)),

  /** The next rows still to do, in source order (no vehicle yet, or photos pending). */
  pendentes: (db: Executor, idImportacao: string, n: number) =>
    db
      .select()
      .from(importacaoLinhas)
      .where(
        and(
          eq(importacaoLinhas.importacao_id, idImportacao),
          or(eq(importacaoLinhas.resultado, 'aguardando'), sql`${importacaoLinhas.fotos_pendentes} = 1`),
        ),
      )
      .orderBy(asc(importacaoLinhas.numero))
      .limit(n),

  /** Locks the row if it is still in that step; undefined when another run did it. */
  async travarLinha(db: Executor, id: string, passo: 'veiculo' | 'fotos') {
    const [l] = await db
      .select()
      .from(importacaoLinhas)
      .where(
        and(
          eq(importacaoLinhas.id, id),
          passo === 'veiculo' ? eq(importacaoLinhas.resultado, 'aguardando') : sql`${importacaoLinhas.fotos_pendentes} = 1`,
        ),
      )
      .for('update');
    return l;
  },

  /** One more run failed on this row (its own statement: the run's work on the row was undone). */
  contarFalha: (db: Executor, id: string) =>
    db
      .update(importacaoLinhas)
      .set({ tentativas: sql`${importacaoLinhas.tentativas} + 1` })
      .where(eq(importacaoLinhas.id, id)),

  marcarLinha: (db: Executor, id: string, d: Partial<typeof importacaoLinhas.$inferInsert>) =>
    db
      .update(importacaoLinhas)
      .set({ ...d, updated_at: sql`now()` })
      .where(eq(importacaoLinhas.id, id)),

  async progresso(db: Executor, ids: string[]) {
    if (!ids.length)
      return new Map<
        string,
        { total: number; feitas: number; criados: number; atualizados: number; ignorados: number; fotos_falhas: number }
      >();
    const r = await db
      .select({
        id: importacaoLinhas.importacao_id,
        total: sql<number>`count(*) filter (where ${importacaoLinhas.acao} <> 'ignorar')::int`,
        feitas: sql<number>`count(*) filter (where ${importacaoLinhas.acao} <> 'ignorar' and ${importacaoLinhas.resultado} <> 'aguardando' and ${importacaoLinhas.fotos_pendentes} = 0)::int`,
        criados: sql<number>`count(*) filter (where ${importacaoLinhas.resultado} = 'criado')::int`,
        atualizados: sql<number>`count(*) filter (where ${importacaoLinhas.resultado} = 'atualizado')::int`,
        ignorados: sql<number>`count(*) filter (where ${importacaoLinhas.resultado} = 'ignorado')::int`,
        fotos_falhas: sql<number>`coalesce(sum(jsonb_array_length(${importacaoLinhas.fotos_falhas})), 0)::int`,
      })
      .from(importacaoLinhas)
      .where(inArray(importacaoLinhas.importacao_id, ids))
      .groupBy(importacaoLinhas.importacao_id);
    return new Map(r.map(({ id, ...p }) => [id, p]));
  },

  /** Claims an import for this run (one worker at a time); a dead worker's hold ends with its lease. */
  async reivindicar(db: Executor, id: string, segundos: number) {
    const r = await db
      .update(importacoes)
      .set({ lease_ate: sql`now() + make_interval(secs => ${segundos})`, updated_at: sql`now()` })
      .where(
        and(
          eq(importacoes.id, id),
          eq(importacoes.estado, 'importando'),
          or(isNull(importacoes.lease_ate), lt(importacoes.lease_ate, sql`now()`)),
        ),
      )
      .returning({ id: importacoes.id });
    return r.length > 0;
  },

  emAndamento: (db: Executor) =>
    db.select({ id: importacoes.id }).from(importacoes).where(eq(importacoes.estado, 'importando')).orderBy(asc(importacoes.created_at)),
};
