import type { EventoMudanca } from '@intermedio/contracts';
import type { Credencial } from './ambiente.ts';

export type ItemFluxo = EventoMudanca | { evento: string };

/**
 * Opens `/api/eventos` (optionally resuming from `ultimoId`, sent as Last-Event-ID) and collects the events,
 * to wait for one that matches; `ids[i]` is the SSE id of `eventos[i]`.
 */
export async function abrirFluxo(base: string, c: Credencial | null, ultimoId?: string) {
  const controle = new AbortController();
  const headers: Record<string, string> = c ? { cookie: c.cookie } : {};
  if (ultimoId !== undefined) headers['last-event-id'] = ultimoId;
  const r = await fetch(`${base}/api/eventos`, { headers, signal: controle.signal });
  const eventos: ItemFluxo[] = [];
  const ids: (string | undefined)[] = [];
  /** When each event arrived (performance.now()), same index as `eventos`. */
  const chegadas: number[] = [];
  let encerrado = false;
  const leitura = (async () => {
    if (!r.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const pedaco of r.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(pedaco, { stream: true });
        let fim = buffer.indexOf('\n\n');
        while (fim >= 0) {
          const bloco = buffer.slice(0, fim);
          buffer = buffer.slice(fim + 2);
          const nome = /^event: (.+)$/m.exec(bloco)?.[1];
          const dados = /^data: (.+)$/m.exec(bloco)?.[1];
          const id = /^id: (.+)$/m.exec(bloco)?.[1];
          if (nome || dados) ids.push(id);
          if (nome) eventos.push({ evento: nome });
          else if (dados) eventos.push(JSON.parse(dados));
          if (nome || dados) chegadas.push(performance.now());
          fim = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
    encerrado = true;
  })();
  return {
    status: r.status,
    eventos,
    ids,
    chegadas,
    get encerrado() {
      return encerrado;
    },
    async esperar<T extends ItemFluxo>(pred: (e: ItemFluxo) => e is T, ms = 5000): Promise<T> {
      const limite = Date.now() + ms;
      while (Date.now() < limite) {
        const achado = eventos.find(pred);
        if (achado) return achado;
        await new Promise((ok) => setTimeout(ok, 20));
      }
      throw new Error(`evento não chegou em ${ms} ms; recebidos: ${JSON.stringify(eventos)}`);
    },
    async fechar() {
      controle.abort();
      await leitura;
    },
  };
}
