import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/cliente.ts';
import { criarAvisoLeads } from '../src/modules/leads/aviso.service.ts';
import { CALMARIA_MS, criarEntradaLeads, ESPERA_MAXIMA_MS } from '../src/modules/leads/entrada.service.ts';

/**
 * "Answer first, then process" during a burst (issue 26; docs/leads.md "Processing"): a processing round waits for a
 * pause in the webhooks, at most ESPERA_MAXIMA_MS. A fake clock: `dormir` advances it and runs what the test
 * scheduled at that time (a webhook delivery), so the waits are exact and the test takes no time.
 */
function comRelogio() {
  let agora = 0;
  const agenda: { em: number; fazer: () => Promise<unknown> }[] = [];
  const esperas: number[] = [];
  const relogio = {
    agora: () => agora,
    dormir: async (ms: number) => {
      esperas.push(ms);
      const ate = agora + ms;
      for (const a of agenda.filter((x) => x.em <= ate).sort((x, y) => x.em - y.em)) {
        agenda.splice(agenda.indexOf(a), 1);
        agora = a.em;
        await a.fazer();
      }
      agora = ate;
    },
  };
  // A delivery to an unknown dealer endpoint: refused (404) before any database call, but it is webhook traffic.
  const entrada = criarEntradaLeads({
    db: {} as Db,
    integracoes: { paraPublicar: async () => null },
    segredo: 'segredo-do-teste-com-mais-de-32-caracteres',
    publicUrl: 'http://localhost',
    enfileirar: async () => undefined,
    log: () => {},
    relogio,
  });
  const entregar = () => entrada.leadOlx('desconhecido', {}).catch(() => undefined);
  return { entrada, entregar, esperas, agora: () => agora, agendar: (em: number) => agenda.push({ em, fazer: entregar }) };
}

describe('leads: processing waits for a pause in the webhooks', () => {
  it('no delivery yet: a round starts at once', async () => {
    const r = comRelogio();
    await r.entrada.calmaria();
    expect(r.esperas).toEqual([]);
  });

  it(`a delivery just now: the round starts ${CALMARIA_MS} ms after it; deliveries meanwhile push it further`, async () => {
    const r = comRelogio();
    await r.entregar();
    r.agendar(100);
    r.agendar(300);
    await r.entrada.calmaria();
    expect(r.agora()).toBe(300 + CALMARIA_MS);
  });

  it(`a steady stream: the round waits ${ESPERA_MAXIMA_MS} ms at most, then runs`, async () => {
    const r = comRelogio();
    await r.entregar();
    for (let t = 50; t <= 5_000; t += 50) r.agendar(t);
    await r.entrada.calmaria();
    expect(r.agora()).toBe(ESPERA_MAXIMA_MS);
  });

  it('the processing job asks for the pause before each round', async () => {
    const ordem: string[] = [];
    const db = {
      transaction: async () => {
        ordem.push('rodada');
        return [];
      },
    } as unknown as Db;
    const aviso = criarAvisoLeads({
      db,
      correio: { enviar: async () => undefined } as never,
      fcm: { enviar: async () => [] } as never,
      publicUrl: 'http://localhost',
      log: () => {},
    });
    await aviso
      .processar({
        antesDaRodada: async () => {
          ordem.push('calmaria');
        },
      })
      .catch(() => undefined);
    expect(ordem[0]).toBe('calmaria');
  });
});
