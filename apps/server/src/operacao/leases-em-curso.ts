/** A lease this process holds while a channel call runs: how to stop its heartbeat and how to release it. */
export type LeaseSegurado = {
  /** For the log: "autoscar do veículo …", "item … do lote …". */
  descricao: string;
  /** Stops the heartbeat and waits for one in flight, so no heartbeat lands after the release. */
  parar: () => Promise<void>;
  /** Makes the operation claimable by another instance (see docs/desligamento.md for what each kind does). */
  liberar: () => Promise<void>;
};

/**
 * The leases of this process's channel calls in flight (publicacao's and lotes' `mantendoLease` register theirs for
 * the duration of the call). The graceful shutdown waits for them to finish, and releases what is left at its time
 * limit, so another instance takes over at once instead of after the lease.
 */
export class LeasesEmCurso {
  readonly #ativos = new Set<LeaseSegurado>();
  #aoEsvaziar: (() => void)[] = [];

  /** Registers a lease for the duration of a call; the answer unregisters it (call it in `finally`). */
  segurar(lease: LeaseSegurado): () => void {
    this.#ativos.add(lease);
    return () => {
      this.#ativos.delete(lease);
      if (this.#ativos.size === 0) for (const ok of this.#aoEsvaziar.splice(0)) ok();
    };
  }

  get quantos() {
    return this.#ativos.size;
  }

  /** Resolves true once no call holds a lease, false when `ms` passed first. */
  esperarVazio(ms: number): Promise<boolean> {
    if (this.#ativos.size === 0) return Promise.resolve(true);
    return new Promise((ok) => {
      const tempo = setTimeout(() => ok(false), ms);
      this.#aoEsvaziar.push(() => {
        clearTimeout(tempo);
        ok(true);
      });
    });
  }

  /** Stops every heartbeat, then releases every lease still held; answers how many were released. */
  async liberarTodos(log: (m: string) => void): Promise<number> {
    const restantes = [...this.#ativos];
    await Promise.all(restantes.map((l) => l.parar().catch(() => {})));
    let liberados = 0;
    for (const l of restantes) {
      try {
        await l.liberar();
        liberados++;
        log(`desligamento: lease liberado (${l.descricao})`);
      } catch (e) {
        log(`desligamento: lease não liberado (${l.descricao}): ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return liberados;
  }
}
