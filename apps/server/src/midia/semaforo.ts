/** At most `limite` jobs at once; the others wait in arrival order. Bounds the memory of concurrent image work. */
export class Semaforo {
  #livres: number;
  readonly #fila: (() => void)[] = [];

  readonly #limite: number;

  constructor(limite: number) {
    this.#livres = limite;
    this.#limite = limite;
  }

  /** Jobs running and jobs waiting for a slot (the metrics). */
  get uso() {
    return { emAndamento: this.#limite - this.#livres, esperando: this.#fila.length };
  }

  async executar<T>(tarefa: () => Promise<T>): Promise<T> {
    if (this.#livres > 0) this.#livres--;
    else await new Promise<void>((ok) => this.#fila.push(ok));
    try {
      return await tarefa();
    } finally {
      const proximo = this.#fila.shift();
      if (proximo) proximo();
      else this.#livres++;
    }
  }
}
