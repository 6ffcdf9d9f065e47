import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ambiente, criarAmbiente } from './ajuda/ambiente.ts';

let amb: Ambiente;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(() => amb.encerrar());

describe('OpenAPI', () => {
  it('documents every API route (except the documentation itself) with its method', async () => {
    const doc = (await amb.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.info.version).toBe('1.7.0');
    const documentadas = new Set(
      Object.entries(doc.paths as Record<string, object>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    const esperadas = amb.rotas
      .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(esperadas.length).toBeGreaterThan(5);
    expect(esperadas.filter((r) => !documentadas.has(r))).toEqual([]);
  });

  it('serves a browsable page', async () => {
    const r = await amb.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('swagger');
  });
});
