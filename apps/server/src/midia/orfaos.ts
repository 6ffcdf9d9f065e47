import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/cliente.ts';
import { enviosPendentes } from '../db/schema/index.ts';
import type { Armazenamento } from './armazenamento.ts';

/** An upload stays this long unreferenced before it is removed: a form still being filled keeps its files. */
export const CARENCIA_ORFAOS_HORAS = 24;
const LOTE = 100;
const LOTES_POR_EXECUCAO = 10;

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

/**
 * Orphan uploads (part of the housekeeping job): a record that mentions an upload takes it out of envios_pendentes
 * when it is written (trigger of migration 0014, on vehicle photos, banners, sold items, highlight images, site banners,
 * resellers, moderation entries and channel sends), so a row still there after the grace period is an upload no
 * record ever used. Its files are removed from storage, then its row. A failure is logged and tried next run.
 * A form saved more than a day after its upload would refer to removed files: the grace period is that margin.
 */
export async function limparEnviosOrfaos(
  db: Db,
  armazenamento: Armazenamento,
  log: (m: string) => void,
  agora = new Date(),
): Promise<{ removidos: string[] }> {
  const limite = new Date(agora.getTime() - CARENCIA_ORFAOS_HORAS * 3_600_000);
  const removidos: string[] = [];
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
    for (const p of lidos.filter((p) => !falhas.has(p.chave))) {
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
  return { removidos };
}
