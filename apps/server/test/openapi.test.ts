import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
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

  it("passes Redocly's recommended rules with zero errors, and Ajv compiles every response schema", async () => {
    const texto = (await amb.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    const problemas = await lintFromString({
      source: texto,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    expect(problemas.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`)).toEqual([]);

    const doc = JSON.parse(texto) as Documento;
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false });
    let compilados = 0;
    for (const [caminho, ops] of Object.entries(doc.paths)) {
      for (const [metodo, op] of Object.entries(ops)) {
        for (const [codigo, resposta] of Object.entries(op.responses ?? {})) {
          const esquema = resposta.content?.['application/json']?.schema;
          if (!esquema) continue;
          expect(() => ajv.compile(esquema), `${metodo} ${caminho} ${codigo}`).not.toThrow();
          compilados++;
        }
      }
    }
    expect(compilados).toBeGreaterThan(100);
  });

  it('names every operation once and asks for the session cookie, and the CSRF header on writes, except on public routes', async () => {
    const doc = (await amb.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Documento;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers?.[0]?.url).toMatch(/^https?:\/\//);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['csrf', 'sessao']);
    const ops = Object.entries(doc.paths).flatMap(([caminho, m]) => Object.entries(m).map(([metodo, op]) => ({ caminho, metodo, op })));
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const seguranca = (caminho: string, metodo: string) => ops.find((o) => o.caminho === caminho && o.metodo === metodo)?.op.security;
    expect(seguranca('/api/auth/login', 'post')).toEqual([]);
    expect(seguranca('/api/revendas', 'get')).toEqual([{ sessao: [] }]);
    expect(seguranca('/api/revendas', 'post')).toEqual([{ sessao: [], csrf: [] }]);
    // "Try it out" on /api/docs sends writes with the CSRF token of the session open in the browser.
    const script = await amb.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.body).toContain('x-csrf-token');
  });
});

type Operacao = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
};
type Documento = {
  openapi: string;
  servers?: { url: string }[];
  components: { securitySchemes: Record<string, object> };
  paths: Record<string, Record<string, Operacao>>;
};
