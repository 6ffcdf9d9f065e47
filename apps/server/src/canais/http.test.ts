import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noContexto } from '../operacao/contexto.ts';
import { chamarCanal } from './http.ts';

let recebidos: IncomingHttpHeaders[] = [];
const servidor = createServer((req, res) => {
  recebidos.push(req.headers);
  res.end('{}');
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => servidor.close(() => ok())));

describe('chamarCanal: the request id goes to the channel', () => {
  it('sends X-Request-Id of the request or job that made the call, beside the adapter own headers', async () => {
    recebidos = [];
    const ctx = { idRequisicao: 'pedido-77', metricas: null, log: {} as FastifyBaseLogger }; // not used by the call;
    const r = await noContexto(ctx, () =>
      chamarCanal(
        `${base}/anuncios`,
        { method: 'POST', headers: { authorization: 'Bearer x', 'content-type': 'application/json' }, body: '{}' },
        2000,
      ),
    );
    expect(r.ok).toBe(true);
    expect(recebidos[0]).toMatchObject({ 'x-request-id': 'pedido-77', authorization: 'Bearer x', 'content-type': 'application/json' });
  });

  it('sends none outside any request or job', async () => {
    recebidos = [];
    await chamarCanal(`${base}/anuncios`, {}, 2000);
    expect(recebidos[0]?.['x-request-id']).toBeUndefined();
  });
});
