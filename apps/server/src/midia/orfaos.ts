import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/cliente.ts';
import { enviosPendentes } from '../db/schema/index.ts';
import type { Armazenamento } from './armazenamento.ts';

/** An upload stays this long unreferenced before it is removed: a form still being filled keeps its files. */
export const CARENCIA_ORFAOS_HORAS = 24;
const LOTE = 100;
const LOTES_POR_EXECUCAO = 10;

/**
 * Where an upload can be referred to: the whole row of each table as text, so any column (an address, a folder, a
 * public_id, a snapshot in jsonb) counts and a new column is covered without touching this list. Moderation
 * snapshots and the posts as sent to a channel keep their files too.
 */
const TABELAS_QUE_REFERENCIAM = [
  'veiculo_imagens',
  'banners',
  'vendidos',
  'imagens_destaque',
  'banners_site',
  'revendas',
  'moderacao',
  'veiculo_integracoes',
] as const;

/**
 * Records one upload as pending, after its files are stored (the routes of arquivos/). If the row cannot be written
 * the files are removed and the upload fails: an untracked file would never be cleaned.
 */
export async function registrarEnvio(db: Db, armazenamento: Armazenamento, chave: string, op: { pasta: boolean }) {
  try {
    await db.insert(enviosPendentes).values({ chave, pasta: op.pasta }).onConflictDoNothing();
  } catch (erro) {
    await (op.pasta ? armazenamento.removerPasta(chave) : armazenamento.remover(chave)).catch(() => {});
    throw erro;
  }
}

const escaparRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Which of these keys some record mentions: one pass over each table, matching all keys at once. */
async function referenciadas(db: Db, chaves: string[]): Promise<Set<string>> {
  const padrao = `(${chaves.map(escaparRegex).join('|')})`;
  const textos = sql.join(
    TABELAS_QUE_REFERENCIAM.map((t) => sql.raw(`select to_jsonb(t)::text as texto from "${t}" t`)),
    sql` union all `,
  );
  const r = (await db.execute(
    sql`select distinct m[1] as chave from (${textos}) r, regexp_matches(r.texto, ${padrao}, 'g') m`,
  )) as unknown as { rows: { chave: string }[] };
  return new Set(r.rows.map((l) => l.chave));
}

/**
 * Orphan uploads (part of the housekeeping job): pending uploads older than the grace period that a record refers to
 * stop being tracked (their files are the record's from then on: deleting the record removes them); the others have
 * their files removed from storage, then their row. A failure on one upload is logged and it is tried next run.
 */
export async function limparEnviosOrfaos(
  db: Db,
  armazenamento: Armazenamento,
  log: (m: string) => void,
  agora = new Date(),
): Promise<{ removidos: string[]; emUso: number }> {
  const limite = new Date(agora.getTime() - CARENCIA_ORFAOS_HORAS * 3_600_000);
  const removidos: string[] = [];
  let emUso = 0;
  const falhas = new Set<string>();
  for (let lote = 0; lote < LOTES_POR_EXECUCAO; lote++) {
    const pedidos = LOTE + falhas.size;
    const lidos = await db
      .select({ chave: enviosPendentes.chave, pasta: enviosPendentes.pasta })
      .from(enviosPendentes)
      .where(lt(enviosPendentes.created_at, limite))
      .orderBy(enviosPendentes.created_at)
      .limit(pedidos);
    // Those that failed earlier in this run stay for the next run.
    const pendentes = lidos.filter((p) => !falhas.has(p.chave));
    if (pendentes.length === 0) break;
    const usadas = await referenciadas(
      db,
      pendentes.map((p) => p.chave),
    );
    const adotadas = pendentes.filter((p) => usadas.has(p.chave)).map((p) => p.chave);
    if (adotadas.length) await db.delete(enviosPendentes).where(inArray(enviosPendentes.chave, adotadas));
    emUso += adotadas.length;
    for (const p of pendentes.filter((p) => !usadas.has(p.chave))) {
      try {
        // Files first, then the row: after a crash in between the row is still there and the next run finishes.
        await (p.pasta ? armazenamento.removerPasta(p.chave) : armazenamento.remover(p.chave));
        await db.delete(enviosPendentes).where(eq(enviosPendentes.chave, p.chave));
        removidos.push(p.chave);
      } catch (erro) {
        falhas.add(p.chave);
        log(`limpeza: falha ao remover o envio órfão ${p.chave}: ${String(erro)}`);
      }
    }
    if (lidos.length < pedidos) break;
  }
  return { removidos, emUso };
}
