import { createHash, timingSafeEqual } from 'node:crypto';
import { MENSAGENS } from '@intermedio/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Banco } from '../db/cliente.ts';
import { ErroHttp } from '../lib/http.ts';
import { usoDaFilaDeImagens } from '../midia/pipeline.ts';

const SEGUNDOS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const SEGUNDOS_CANAL = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 360];
/** pg-boss states worth a gauge: waiting (created, retry), running (active), given up (failed, until archived). */
const ESTADOS_FILA = ['created', 'retry', 'active', 'failed'] as const;

/**
 * The Prometheus metrics of one app instance (README "Métricas"): a registry of its own, so the many apps a test
 * file builds never share series. Created only when METRICAS_TOKEN is configured.
 */
export class Metricas {
  readonly registro = new Registry();
  readonly #banco: Banco;
  readonly #http: Histogram<'metodo' | 'rota' | 'status'>;
  readonly #canal: Histogram<'canal' | 'operacao' | 'resultado'>;
  readonly #falhasTarefa: Counter<'fila'>;
  readonly #tarefas: Gauge<'fila' | 'estado'>;
  readonly #espera: Gauge<'fila'>;

  /** `sse`: the open SSE streams of this instance (operacao/instancia.ts). */
  constructor(fontes: { banco: Banco; sse: () => number }) {
    const registers = [this.registro];
    this.#banco = fontes.banco;
    collectDefaultMetrics({ register: this.registro });
    this.#http = new Histogram({
      name: 'intermedio_http_requisicao_segundos',
      help: 'Duração das requisições HTTP, pela rota (o padrão, nunca o endereço) e o status',
      labelNames: ['metodo', 'rota', 'status'],
      buckets: SEGUNDOS,
      registers,
    });
    this.#canal = new Histogram({
      name: 'intermedio_canal_chamada_segundos',
      help: 'Chamadas aos canais (operação do adaptador) por canal, operação e resultado (ok ou o tipo de erro), com a latência',
      labelNames: ['canal', 'operacao', 'resultado'],
      buckets: SEGUNDOS_CANAL,
      registers,
    });
    this.#falhasTarefa = new Counter({
      name: 'intermedio_tarefas_falhas_total',
      help: 'Execuções de tarefas que falharam nesta instância, por fila (o pg-boss tenta de novo até o limite)',
      labelNames: ['fila'],
      registers,
    });
    this.#tarefas = new Gauge({
      name: 'intermedio_tarefas',
      help: 'Tarefas do pg-boss por fila e estado (created, retry, active, failed), lidas do banco a cada coleta',
      labelNames: ['fila', 'estado'],
      registers,
    });
    this.#espera = new Gauge({
      name: 'intermedio_tarefas_espera_segundos',
      help: 'Idade da tarefa mais antiga pronta para rodar e ainda não iniciada, por fila (0 sem fila)',
      labelNames: ['fila'],
      registers,
    });
    new Gauge({
      name: 'intermedio_sse_conexoes',
      help: 'Conexões SSE (/api/eventos) abertas nesta instância',
      registers,
      collect() {
        this.set(fontes.sse());
      },
    });
    new Gauge({
      name: 'intermedio_banco_conexoes',
      help: 'Conexões do pool do banco por estado (total, ocioso, esperando); o PGlite embutido tem uma conexão e nenhum pool',
      labelNames: ['estado'],
      registers,
      collect() {
        const uso = fontes.banco.uso?.() ?? { total: 1, ocioso: 0, esperando: 0 };
        this.set({ estado: 'total' }, uso.total);
        this.set({ estado: 'ocioso' }, uso.ocioso);
        this.set({ estado: 'esperando' }, uso.esperando);
      },
    });
    new Gauge({
      name: 'intermedio_imagens_fila',
      help: 'Fila de processamento de imagens (duas vagas por processo): em andamento e esperando',
      labelNames: ['estado'],
      registers,
      collect() {
        const uso = usoDaFilaDeImagens();
        this.set({ estado: 'em_andamento' }, uso.emAndamento);
        this.set({ estado: 'esperando' }, uso.esperando);
      },
    });
  }

  requisicao(metodo: string, rota: string, status: number, segundos: number) {
    this.#http.observe({ metodo, rota, status: String(status) }, segundos);
  }

  chamadaCanal(canal: string, operacao: string, resultado: string, segundos: number) {
    this.#canal.observe({ canal, operacao, resultado }, segundos);
  }

  falhaDeTarefa(fila: string) {
    this.#falhasTarefa.inc({ fila });
  }

  /** The exposition text; pg-boss queues are read first (one grouped query on the job table). */
  async texto(filas: readonly string[]): Promise<string> {
    await this.#lerFilas(filas);
    return this.registro.metrics();
  }

  async #lerFilas(filas: readonly string[]) {
    const r = await this.#banco.db.execute(sql`
      select name as fila, state::text as estado, count(*)::int as n,
        coalesce(extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8 as espera
      from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by name, state`);
    const linhas = (r as unknown as { rows: { fila: string; estado: string; n: number; espera: number }[] }).rows;
    this.#tarefas.reset();
    this.#espera.reset();
    // Every registered queue has its series (0 when empty), so an alert sees a queue that never had a job.
    for (const fila of filas) {
      for (const estado of ESTADOS_FILA) this.#tarefas.set({ fila, estado }, 0);
      this.#espera.set({ fila }, 0);
    }
    const espera = new Map<string, number>();
    for (const l of linhas) {
      this.#tarefas.set({ fila: l.fila, estado: l.estado }, Number(l.n));
      espera.set(l.fila, Math.max(espera.get(l.fila) ?? 0, Number(l.espera)));
    }
    for (const [fila, segundos] of espera) this.#espera.set({ fila }, segundos);
  }
}

const resumo = (texto: string) => createHash('sha256').update(texto).digest();

/**
 * `GET /metrics`: answers 404 unless METRICAS_TOKEN is configured (the path exists so the SPA never answers it), then
 * only to `Authorization: Bearer <token>` (compared in constant time), else 401.
 */
export async function metricasRoutes(
  app: FastifyInstance,
  op: { token: string | null; metricas: Metricas | null; filas: () => readonly string[] },
) {
  app.get('/metrics', { config: { acesso: 'publico' }, schema: { hide: true } }, async (req, reply) => {
    if (!op.token || !op.metricas) return reply.code(404).send({ status: 'error', data: MENSAGENS.rotaNaoEncontrada });
    const dado = req.headers.authorization ?? '';
    if (!timingSafeEqual(resumo(dado), resumo(`Bearer ${op.token}`))) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new ErroHttp(401, 'Token de métricas ausente ou inválido.');
    }
    const texto = await op.metricas.texto(op.filas());
    return reply.type(op.metricas.registro.contentType).send(texto);
  });
}

/** Every answered request, by its route pattern (`/api/veiculos/:id`, never the address); unmatched ones as `(nenhuma)`. */
export function medirRequisicoes(app: FastifyInstance, metricas: Metricas) {
  app.addHook('onResponse', async (req, reply) => {
    metricas.requisicao(req.method, req.routeOptions.url ?? '(nenhuma)', reply.statusCode, reply.elapsedTime / 1000);
  });
}
