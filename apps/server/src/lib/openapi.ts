import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The API document for integrators (issue 15 item 9): OpenAPI 3.1 (the schemas are JSON Schema 2020-12, so any
 * validator compiles them and no `nullable` lacks a `type`), this server in `servers`, an operationId per operation
 * and the two security schemes every signed-in call needs: the session cookie, and the CSRF header on writes.
 */
export function opcoesOpenApi(versao: string, publicUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Intermédio API',
        version: versao,
        description:
          'API do painel Intermédio. Respostas `{status, data}`. Entre em `POST /api/auth/login`: o cookie de sessão vale para ' +
          'as demais chamadas, e as que alteram dados levam também o cabeçalho `x-csrf-token` (o `csrf` da resposta do login ' +
          'ou de `GET /api/auth/sessao`).',
        license: { name: 'Proprietária', identifier: 'LicenseRef-Intermedio' },
      },
      servers: [{ url: publicUrl, description: 'Este servidor' }],
      components: {
        securitySchemes: {
          sessao: { type: 'apiKey', in: 'cookie', name: 'intermedio_sessao', description: 'Cookie da sessão (POST /api/auth/login)' },
          csrf: {
            type: 'apiKey',
            in: 'header',
            name: 'x-csrf-token',
            description: 'Token CSRF da sessão, exigido em POST, PUT, PATCH e DELETE',
          },
        },
      },
    },
    transform(arg) {
      const r = jsonSchemaTransform(arg);
      if ((r.schema as { hide?: boolean }).hide) return r;
      const metodo = [arg.route.method].flat()[0] ?? 'GET';
      const acesso = (arg.route.config as { acesso?: string } | undefined)?.acesso;
      const escrita = !['GET', 'HEAD', 'OPTIONS'].includes(metodo);
      const requisito: Record<string, string[]> = escrita ? { sessao: [], csrf: [] } : { sessao: [] };
      const security = acesso === 'publico' ? [] : [requisito];
      return { ...r, schema: { ...r.schema, operationId: idDaOperacao(metodo, arg.url), security } };
    },
  };
}

/** `GET /api/revendas/{idRevenda}/veiculos` → `getRevendasIdRevendaVeiculos`: unique, since method + path are. */
export function idDaOperacao(metodo: string, url: string): string {
  const partes = url
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return metodo.toLowerCase() + partes.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
}

/**
 * The browsable page: "Try it out" sends writes with the CSRF token of the panel session open in this browser (read
 * from /api/auth/sessao just before the write; the session cookie goes by itself). The interceptor runs in the page:
 * @fastify/swagger-ui serialises it into its initializer script.
 */
export const opcoesDocs: FastifySwaggerUiOptions = {
  routePrefix: '/api/docs',
  theme: { title: 'Intermédio API' },
  uiConfig: {
    requestInterceptor: (async (req: { method?: string; headers: Record<string, string> }) => {
      if (req.method && !['GET', 'HEAD', 'OPTIONS'].includes(req.method.toUpperCase())) {
        const r = await fetch('/api/auth/sessao', { credentials: 'same-origin' });
        if (r.ok) req.headers['x-csrf-token'] = ((await r.json()) as { data: { csrf: string } }).data.csrf;
      }
      return req;
    }) as never,
  },
};
