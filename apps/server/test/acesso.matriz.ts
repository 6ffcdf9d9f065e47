/**
 * The access matrix: every API route and who may call it. A route missing here fails the access test,
 * so every new route must join this table (with an example request when it needs params or a body).
 *
 * Rules: publico (anyone) · autenticado (any active signed-in user) · admin · revenda (admin, or any user of
 * the reseller in the URL) · gestorRevenda (admin, or the gestor of that reseller).
 * In examples `:idRevenda` is reseller A (Auto Demo Veículos).
 */
export type Regra = 'publico' | 'autenticado' | 'admin' | 'revenda' | 'gestorRevenda';

export type Ids = { revendaA: string; revendaB: string; gestorA: string; clienteA: string; admin: string };

export type EntradaMatriz = {
  regra: Regra;
  /** Concrete URL and body for the request; defaults to the route path with :idRevenda = reseller A. */
  exemplo?: (ids: Ids) => { url?: string; payload?: unknown };
  /** An allowed call ends the caller's session: the test signs in again for it. */
  encerraSessao?: boolean;
  /** Server-Sent Events: only the answer's status is read. */
  fluxo?: boolean;
};

export const MATRIZ: Record<string, EntradaMatriz> = {
  'GET /api/health': { regra: 'publico' },
  'GET /api/openapi.json': { regra: 'publico' },
  'GET /api/docs/': { regra: 'publico' },
  'GET /api/docs/json': { regra: 'publico' },
  'GET /api/docs/yaml': { regra: 'publico' },
  'GET /api/docs/static/index.html': { regra: 'publico' },
  'GET /api/docs/static/swagger-initializer.js': { regra: 'publico' },
  'GET /api/docs/static/*': { regra: 'publico', exemplo: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  'POST /api/auth/login': { regra: 'publico', exemplo: () => ({ payload: { email: 'gestor@motosbasico.test', senha: 'demo1234' } }) },
  'POST /api/auth/logout': { regra: 'autenticado', encerraSessao: true },
  'GET /api/auth/sessao': { regra: 'autenticado' },
  'GET /api/eventos': { regra: 'autenticado', fluxo: true },
  'GET /api/dashboard/contadores': { regra: 'admin' },
  'GET /api/revendas/:idRevenda/dashboard': { regra: 'revenda' },
};
