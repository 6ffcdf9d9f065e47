import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TAREFA_RECONCILIAR } from '../src/modules/publicacao/publicacao.tarefa.ts';
import { type Ambiente, criarAmbiente } from './ajuda/ambiente.ts';

/** RECONCILIAR_SEGUNDOS (the browser tests' server): the reconciliation is queued every N seconds, not only each minute. */
let amb: Ambiente;
beforeAll(async () => {
  amb = await criarAmbiente({ RECONCILIAR_SEGUNDOS: '2' });
}, 120_000);
afterAll(() => amb.encerrar());

describe('RECONCILIAR_SEGUNDOS', () => {
  it('queues the reconciliation job every 2 s', async () => {
    const enviar = vi.spyOn(amb.tarefas, 'enviar');
    await vi.waitFor(() => expect(enviar.mock.calls.filter(([nome]) => nome === TAREFA_RECONCILIAR).length).toBeGreaterThanOrEqual(2), {
      timeout: 8_000,
      interval: 100,
    });
  });
});
