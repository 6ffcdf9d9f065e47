import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Banco } from '../db/cliente.ts';
import { type Contexto, contextoAtual, foraDoContexto, noContexto } from '../operacao/contexto.ts';
import { adaptadorPglite } from './pglite.ts';

/** A background job: a pg-boss queue, its worker and, optionally, a periodic schedule. */
export type Tarefa<D extends object = Record<string, never>> = {
  /** Queue name: lower case and hyphens, prefixed by the domain (`banners-push`, `canais-renovar-token`). */
  nome: string;
  /** Runs one job. It must be idempotent: after a crash or a timeout pg-boss runs it again. A throw means "retry". */
  executar: (dados: D) => Promise<void>;
  /** Cron expression (5 fields, America/Sao_Paulo time); pg-boss sends one job per tick across every instance. */
  agenda?: string;
  /** Extra attempts after a failure (default 2), with exponential backoff from `atrasoSegundos` (default 30). */
  tentativas?: number;
  atrasoSegundos?: number;
  /** At most one pending (not yet started) job per `chaveUnica` of `enviar` (per queue without a key). */
  unica?: boolean;
  /** A job running longer than this is failed and retried (default 15 minutes). */
  limiteMinutos?: number;
  /**
   * Seconds: a round every this many seconds besides `agenda`, once per tick across every instance. The ticks are
   * slots of this length on the database's clock; every job of the queue (each instance's tick, `agenda`'s,
   * `enviar`'s) takes its slot (pg-boss `singletonSeconds`), so a slot runs at most one job however many instances
   * queue it. Each instance queues at the middle of each slot, so a slot is missed only if every instance is down.
   */
  aCadaSegundos?: number;
};

type Registro = Tarefa<object>;

/** Where a job carries the request id of what queued it (removed before the handler sees its data). */
const CHAVE_ID = '_idRequisicao';

/**
 * How often an idle worker polls its queue, and the cron jobs' mover (issue 28 item 7: 12 queues polled every 2 s
 * cost ~7 transactions a second on an idle instance). A job queued by this instance wakes its worker at once
 * (`enviar`) and a worker drains its queue before sleeping, so the interval only bounds how late another instance
 * picks up a job when the one that queued it is busy or gone, and how late a cron job starts (docs/tarefas.md).
 */
export const INTERVALO_OCIOSO_SEGUNDOS = 15;

/**
 * Background jobs on the application's own database (pg-boss 10): PostgreSQL, or the embedded PGlite through
 * `adaptadorPglite`. buildApp creates one `Tarefas`, hands it to the domains, starts it once every route is
 * registered and stops it when the app closes.
 *
 * How to add a job:
 *  1. In your domain folder write the handler, e.g. `export const tarefaPush = (db) => ({ nome: 'banners-push',
 *     executar: async ({ idBanner }: { idBanner: string }) => {...} })`. Keep the data small (ids, not rows).
 *  2. Register it in buildApp (app.ts) next to the others: `tarefas.registrar(tarefaPush(banco.db))`; add
 *     `agenda: '0 3 * * *'` for a periodic job. Registration after the start is refused (programming error).
 *  3. Queue work from a service: `await tarefas.enviar('banners-push', { idBanner })` (options: `depoisDe` to start
 *     later; on a queue with `unica: true`, `chaveUnica` keeps one pending job per key).
 *  4. Tests: `await amb.tarefas.executar('banners-push', { idBanner })` runs the handler at once; the queue itself
 *     is covered by test/tarefas.test.ts on both databases. A test that runs a job's rounds itself (a lease ended by
 *     hand, rounds counted) calls `semTarefasEmSegundoPlano(amb)` first, so the app's workers cannot run one too.
 */
export class Tarefas {
  readonly #banco: Banco;
  readonly #log: (m: string) => void;
  readonly #registros = new Map<string, Registro>();
  #boss: PgBoss | null = null;
  #iniciando: Promise<void> | null = null;
  /** This instance's worker of each queue (pg-boss worker id), woken when a job is queued here. */
  readonly #trabalhadores = new Map<string, string>();

  readonly #intervalo: number;
  /** Timers of the `aCadaSegundos` rounds of this instance. */
  readonly #relogios = new Set<ReturnType<typeof setTimeout>>();
  readonly #contexto?: () => Omit<Contexto, 'idRequisicao'>;

  /**
   * `intervaloSegundos`: how often an idle worker polls its queue (pg-boss's minimum is 0.5; default 15). `contexto`:
   * the app's metrics and logger, for the context each job runs in (its request id: the one of the request that queued it).
   */
  constructor(banco: Banco, op: { log: (m: string) => void; intervaloSegundos?: number; contexto?: () => Omit<Contexto, 'idRequisicao'> }) {
    this.#banco = banco;
    this.#log = op.log;
    this.#intervalo = op.intervaloSegundos ?? INTERVALO_OCIOSO_SEGUNDOS;
    this.#contexto = op.contexto;
  }

  /** Runs a job's handler in its context: the queuing request's id (else `tarefa:<job id>`); a failure is counted. */
  async #rodar(t: Registro, dados: object, idTarefa: string) {
    const { [CHAVE_ID]: idRequisicao, ...resto } = dados as Record<string, unknown>;
    const base = this.#contexto?.();
    if (!base) return t.executar(resto);
    const id = typeof idRequisicao === 'string' ? idRequisicao : (contextoAtual()?.idRequisicao ?? `tarefa:${idTarefa}`);
    try {
      await noContexto({ ...base, idRequisicao: id }, () => t.executar(resto));
    } catch (e) {
      base.metricas?.falhaDeTarefa(t.nome);
      throw e;
    }
  }

  registrar<D extends object>(t: Tarefa<D>) {
    if (this.#boss) throw new Error(`Tarefa ${t.nome} registrada depois do início`);
    if (this.#registros.has(t.nome)) throw new Error(`Tarefa ${t.nome} registrada duas vezes`);
    this.#registros.set(t.nome, t as unknown as Registro);
  }

  get nomes() {
    return [...this.#registros.keys()];
  }

  /** Starts pg-boss (installs or migrates its schema `pgboss`), creates the queues, workers and schedules. */
  iniciar(): Promise<void> {
    // pg-boss's loops and the rounds' timers must not carry the context of a request that happened to start them.
    this.#iniciando ??= foraDoContexto(() => this.#iniciar());
    return this.#iniciando;
  }

  async #iniciar() {
    const o = this.#banco.origem;
    const conexao: PgBoss.ConstructorOptions =
      o.tipo === 'postgres' ? { connectionString: o.url, max: 3 } : { db: adaptadorPglite(o.cliente) };
    const boss = new PgBoss({
      ...conexao,
      schema: 'pgboss',
      application_name: 'intermedio-tarefas',
      // The worker that moves due cron jobs into their queues (pg-boss default: every 5 s).
      cronWorkerIntervalSeconds: INTERVALO_OCIOSO_SEGUNDOS,
    });
    boss.on('error', (e) => this.#log(`tarefas: ${e.message}`));
    // Instances starting together on one PostgreSQL deadlock in pg-boss's createQueue (it creates tables):
    // the whole set-up runs under an advisory lock, one instance after the other.
    const trava = o.tipo === 'postgres' ? await travaExclusiva(o.url) : undefined;
    try {
      await boss.start();
      this.#boss = boss;
      await this.#criarFilas(boss);
    } finally {
      await trava?.liberar();
    }
  }

  async #criarFilas(boss: PgBoss) {
    const existentes = new Map((await boss.getQueues()).map((q) => [q.name, q]));
    for (const t of this.#registros.values()) {
      const opcoes = {
        name: t.nome,
        retryLimit: t.tentativas ?? 2,
        retryDelay: t.atrasoSegundos ?? 30,
        retryBackoff: true,
        expireInSeconds: (t.limiteMinutos ?? 15) * 60,
        policy: t.unica ? 'short' : 'standard',
      } satisfies PgBoss.Queue;
      // pg-boss keeps a queue's options as first created: options changed here since (a job's attempts, time limit,
      // `unica`) are written to an existing install's queue too. Jobs already queued keep theirs.
      const atual = existentes.get(t.nome);
      if (!atual) await boss.createQueue(t.nome, opcoes);
      else if ((Object.keys(opcoes) as (keyof typeof opcoes)[]).some((k) => atual[k] !== opcoes[k])) await boss.updateQueue(t.nome, opcoes);
      const trabalhador = await boss.work<object>(t.nome, { pollingIntervalSeconds: this.#intervalo, batchSize: 1 }, async ([job]) => {
        try {
          if (job) await this.#rodar(t, job.data ?? {}, job.id);
        } finally {
          // Drain: after a job, fetch again at once; only an empty fetch waits for the next poll.
          const proprio = this.#trabalhadores.get(t.nome);
          if (proprio) boss.notifyWorker(proprio);
        }
      });
      this.#trabalhadores.set(t.nome, trabalhador);
      const janela = t.aCadaSegundos ? { singletonSeconds: t.aCadaSegundos } : {};
      if (t.agenda) await boss.schedule(t.nome, t.agenda, {}, { tz: 'America/Sao_Paulo', ...janela });
      else await boss.unschedule(t.nome);
      if (t.aCadaSegundos) this.#aCada(t.nome, t.aCadaSegundos);
    }
  }

  /** Queues `nome` at the middle of every slot of `segundos` (this instance's clock; the slot is the database's). */
  #aCada(nome: string, segundos: number) {
    const ms = segundos * 1000;
    const proximo = () => {
      const agora = Date.now();
      const meio = Math.floor(agora / ms) * ms + ms / 2;
      const relogio = setTimeout(
        () => {
          this.#relogios.delete(relogio);
          if (!this.#boss) return;
          void this.enviar(nome, {}).catch((e: unknown) => this.#log(`tarefas: ${nome}: ${e instanceof Error ? e.message : String(e)}`));
          proximo();
        },
        meio > agora ? meio - agora : meio + ms - agora,
      );
      relogio.unref();
      this.#relogios.add(relogio);
    };
    proximo();
  }

  /**
   * Queues a job; answers its id, or null when the queue is `unica` and a job with that `chaveUnica` is pending.
   * A job to run now wakes this instance's worker of the queue: it is fetched at once (or as soon as the worker's
   * current job ends), not at the next poll.
   */
  async enviar<D extends object>(nome: string, dados: D, op: { depoisDe?: Date; chaveUnica?: string } = {}) {
    if (!this.#registros.has(nome)) throw new Error(`Tarefa desconhecida: ${nome}`);
    await this.iniciar();
    const boss = this.#boss as PgBoss;
    const janela = this.#registros.get(nome)?.aCadaSegundos;
    const idRequisicao = contextoAtual()?.idRequisicao;
    const id = await boss.send(nome, idRequisicao ? { ...dados, [CHAVE_ID]: idRequisicao } : dados, {
      ...(op.depoisDe ? { startAfter: op.depoisDe } : {}),
      ...(op.chaveUnica ? { singletonKey: op.chaveUnica } : {}),
      ...(janela ? { singletonSeconds: janela } : {}),
    });
    const trabalhador = this.#trabalhadores.get(nome);
    if (!op.depoisDe && trabalhador) boss.notifyWorker(trabalhador);
    return id;
  }

  /** Runs a registered job's handler now, in this process (tests, and a manual run from a script). */
  async executar(nome: string, dados: object = {}) {
    const t = this.#registros.get(nome);
    if (!t) throw new Error(`Tarefa desconhecida: ${nome}`);
    await this.#rodar(t, dados, 'manual');
  }

  /** The schedules pg-boss holds (name and cron), for tests and diagnostics. */
  async agendas(): Promise<{ nome: string; cron: string }[]> {
    await this.iniciar();
    const lista = await (this.#boss as PgBoss).getSchedules();
    return lista.map((s) => ({ nome: s.name, cron: s.cron }));
  }

  /** A job's state as pg-boss keeps it (created, active, completed, retry, failed…), for tests and diagnostics. */
  async estado(nome: string, id: string) {
    await this.iniciar();
    return (await (this.#boss as PgBoss).getJobById(nome, id))?.state ?? null;
  }

  /**
   * Graceful shutdown, first step: this instance fetches no new job (the running ones go on, other instances take
   * the queue), while `enviar` still queues (a request finishing during the drain). `parar` then ends the rest.
   */
  async pararTrabalho() {
    await this.#iniciando?.catch(() => {});
    const boss = this.#boss;
    if (!boss) return;
    const nomes = [...this.#trabalhadores.keys()];
    this.#trabalhadores.clear();
    await Promise.all(nomes.map((nome) => boss.offWork(nome)));
  }

  /** Stops polling and waits for running jobs (up to `esperaMs`); unfinished ones go back to the queue. */
  async parar(esperaMs = 5000) {
    await this.#iniciando?.catch(() => {});
    const boss = this.#boss;
    if (!boss) return;
    this.#boss = null;
    this.#trabalhadores.clear();
    for (const r of this.#relogios) clearTimeout(r);
    this.#relogios.clear();
    await boss.stop({ graceful: true, wait: true, timeout: Math.max(1000, esperaMs) });
  }
}

/** A session-level advisory lock on a connection of its own, held until `liberar`. */
async function travaExclusiva(url: string) {
  const cliente = new pg.Client({ connectionString: url, application_name: 'intermedio-tarefas-inicio' });
  await cliente.connect();
  await cliente.query('select pg_advisory_lock(7419002)');
  return {
    async liberar() {
      await cliente.query('select pg_advisory_unlock(7419002)').catch(() => {});
      await cliente.end().catch(() => {});
    },
  };
}
