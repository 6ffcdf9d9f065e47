import { constants } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/cliente.ts';
import { type Armazenamento, ArmazenamentoLocal } from '../midia/armazenamento.ts';
import { ArmazenamentoS3 } from '../midia/armazenamento-s3.ts';
import type { Instancia } from './instancia.ts';

const JOURNAL = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations/meta/_journal.json');
/** Each check gets this long: a probe must answer before the orchestrator's own time-out. */
const LIMITE_VERIFICACAO_MS = 3000;

export type Verificacao = 'ok' | 'falhou';
export type Verificacoes = { banco: Verificacao; armazenamento: Verificacao; migracoes: Verificacao };
export type Checagens = { [K in keyof Verificacoes]: () => Promise<void> };

const MOTIVO = {
  iniciando: 'O servidor ainda está iniciando.',
  drenando: 'O servidor está sendo desligado: envie as requisições a outra instância.',
  banco: 'o banco de dados não respondeu',
  armazenamento: 'o armazenamento de arquivos não respondeu',
  migracoes: 'as migrações do banco não estão em dia',
} as const;

/** The `when` of the journal's last migration (drizzle records it as `created_at` once applied). */
async function ultimaMigracao(): Promise<number> {
  const journal = JSON.parse(await readFile(JOURNAL, 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** The checks of a real instance: a query, a cheap look at the storage, the last migration applied. */
export function checagensPadrao(db: Db, armazenamento: Armazenamento): Checagens {
  let migracoesEmDia = false; // once current, always current for this code (a newer instance only adds later ones)
  return {
    async banco() {
      await db.execute(sql`select 1`);
    },
    async armazenamento() {
      if (armazenamento instanceof ArmazenamentoS3) await armazenamento.conferirBucket();
      else if (armazenamento instanceof ArmazenamentoLocal) await access(armazenamento.raiz, constants.R_OK | constants.W_OK);
    },
    async migracoes() {
      if (migracoesEmDia) return;
      const r = await db.execute(sql`select max(created_at) as ultima from drizzle.__drizzle_migrations`);
      const ultima = Number((r as unknown as { rows: { ultima: string | number | null }[] }).rows[0]?.ultima ?? 0);
      if (ultima < (await ultimaMigracao())) throw new Error('migração pendente');
      migracoesEmDia = true;
    },
  };
}

const comLimite = (p: Promise<void>) =>
  Promise.race([p, new Promise<never>((_, falha) => setTimeout(() => falha(new Error('sem resposta')), LIMITE_VERIFICACAO_MS).unref())]);

/**
 * `GET /api/ready` (issue 28 item 3), the readiness probe: 503 while starting or draining, 503 naming the failed
 * check (database, storage, migrations), 200 otherwise. Public, as /api/health (the liveness probe); the answer
 * never carries an error's text (addresses, bucket names), only which check failed — the log has the detail.
 */
export async function prontidaoRoutes(app: FastifyInstance, op: { instancia: Instancia; checagens: Checagens }) {
  app.get(
    '/api/ready',
    {
      config: { acesso: 'publico' },
      schema: {
        tags: ['sistema'],
        summary: 'Instância pronta para receber requisições (banco, armazenamento, migrações); 503 ao iniciar ou desligar',
      },
    },
    async (_req, reply) => {
      const fase = op.instancia.fase;
      if (fase !== 'pronta') return reply.code(503).send({ status: 'error', data: MOTIVO[fase], fase });
      const nomes = Object.keys(op.checagens) as (keyof Verificacoes)[];
      const resultados = await Promise.allSettled(nomes.map((n) => comLimite(op.checagens[n]())));
      const verificacoes = Object.fromEntries(
        nomes.map((n, i) => [n, resultados[i]?.status === 'fulfilled' ? 'ok' : 'falhou']),
      ) as Verificacoes;
      const falhas = nomes.filter((n) => verificacoes[n] === 'falhou');
      for (const n of falhas) {
        const r = resultados[nomes.indexOf(n)];
        const motivo = r?.status === 'rejected' ? (r.reason instanceof Error ? r.reason.message : String(r.reason)) : '';
        app.log.warn(`prontidão: ${n} falhou: ${motivo}`);
      }
      if (falhas.length) {
        const texto = `Servidor indisponível: ${falhas.map((n) => MOTIVO[n]).join('; ')}.`;
        return reply.code(503).send({ status: 'error', data: texto, fase, verificacoes });
      }
      return { status: 'success', data: { fase, verificacoes } };
    },
  );
}
