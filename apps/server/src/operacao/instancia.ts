import { LeasesEmCurso } from './leases-em-curso.ts';

/** Where this process is in its life: `iniciando` until Fastify is ready, `drenando` once a SIGTERM arrived. */
export type FaseInstancia = 'iniciando' | 'pronta' | 'drenando';

/**
 * What the readiness probe and the graceful shutdown share (issue 28 items 3 and 4): the phase, the leases this
 * process holds during channel calls, and the open SSE streams, each with its farewell (`retry:` then close).
 */
export class Instancia {
  fase: FaseInstancia = 'iniciando';
  readonly leases = new LeasesEmCurso();
  readonly fluxos = new Set<(retryMs: number) => void>();

  get drenando() {
    return this.fase === 'drenando';
  }

  /** Tells every open SSE stream to reconnect (elsewhere) after `retryMs`, and closes it. */
  despedirFluxos(retryMs: number) {
    for (const despedir of [...this.fluxos]) despedir(retryMs);
    this.fluxos.clear();
  }
}
