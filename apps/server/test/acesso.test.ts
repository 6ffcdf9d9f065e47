import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIZ, type Regra } from './acesso.matriz.ts';
import { type Ambiente, type Credencial, criarAmbiente, ouvir, PAPEIS_TESTE, type Papel } from './ajuda/ambiente.ts';

/** A client (app user) or an inactive user holds no panel session: every request re-checks role and state. */
const semSessao = (papel: Papel) => papel === 'anonimo' || papel === 'inativoA' || papel === 'clienteA';

/** Who the rule lets in. Denied callers get 401 without a valid session, 403 otherwise. */
function permitido(regra: Regra, papel: Papel): boolean {
  if (regra === 'publico') return true;
  if (semSessao(papel)) return false;
  if (papel === 'admin' || regra === 'autenticado') return true;
  if (regra === 'admin') return false;
  if (regra === 'equipe') return papel === 'gestorA' || papel === 'gestorB';
  if (papel === 'gestorB') return false; // routes are exercised on reseller A
  return regra === 'revenda' || papel === 'gestorA';
}

let amb: Ambiente;
let base: string;
const credenciais = new Map<Papel, Credencial | null>();

beforeAll(async () => {
  amb = await criarAmbiente();
  base = await ouvir(amb);
  for (const p of PAPEIS_TESTE) credenciais.set(p, await amb.entrar(p));
});
afterAll(() => amb.encerrar());

/** Fills `:idRevenda` (reseller A) and `:idUsuario` (client A). */
const preencher = (caminho: string, a: Ambiente) => caminho.replace(':idRevenda', a.ids.revendaA).replace(':idUsuario', a.ids.clienteA);

async function chamar(base: string, metodo: string, url: string, payload: unknown, c: Credencial | null, fluxo: boolean) {
  const headers: Record<string, string> = c ? { cookie: c.cookie, 'x-csrf-token': c.csrf } : {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const controle = new AbortController();
  const r = await fetch(base + url, {
    method: metodo,
    headers,
    body: payload === undefined ? undefined : JSON.stringify(payload),
    signal: controle.signal,
  });
  if (fluxo) controle.abort();
  else await r.arrayBuffer();
  return r.status;
}

/** Routes the matrix covers: the API, and the spec's calls kept outside /api (/fipe-manual/..., the site feed /feed/...). */
const naMatriz = (url: string) => url.startsWith('/api') || url.startsWith('/fipe-manual') || url.startsWith('/feed/');

describe('access matrix', () => {
  it('lists every registered API route', () => {
    const registradas = amb.rotas.filter((r) => naMatriz(r.url)).map((r) => `${r.method} ${r.url}`);
    const faltando = registradas.filter((r) => !(r in MATRIZ));
    expect(faltando, 'routes missing from test/acesso.matriz.ts').toEqual([]);
    const inexistentes = Object.keys(MATRIZ).filter((r) => !registradas.includes(r));
    expect(inexistentes, 'matrix entries with no route').toEqual([]);
  });

  it('declares on each route the same rule as the matrix', () => {
    for (const r of amb.rotas.filter((x) => naMatriz(x.url))) {
      expect(r.acesso, `${r.method} ${r.url}`).toBe(MATRIZ[`${r.method} ${r.url}`]?.regra);
    }
  });

  for (const [rota, entrada] of Object.entries(MATRIZ)) {
    it(`${rota}: ${entrada.regra}`, { timeout: entrada.destrutiva ? 120_000 : 20_000 }, async () => {
      const [metodo = 'GET', caminho = ''] = rota.split(' ');
      for (const papel of PAPEIS_TESTE) {
        const deveEntrar = permitido(entrada.regra, papel);
        // A refused call changes nothing; an allowed destructive one gets a database of its own.
        const proprio = entrada.destrutiva && deveEntrar ? await criarAmbiente() : amb;
        const endBase = proprio === amb ? base : await ouvir(proprio);
        const { url, payload } = entrada.exemplo?.(proprio.ids) ?? {};
        const credencial = entrada.encerraSessao || proprio !== amb ? await proprio.entrar(papel) : (credenciais.get(papel) ?? null);
        const status = await chamar(endBase, metodo, url ?? preencher(caminho, proprio), payload, credencial, entrada.fluxo ?? false);
        if (proprio !== amb) await proprio.encerrar();
        if (deveEntrar) expect([401, 403], `${papel} deveria acessar ${rota} (recebeu ${status})`).not.toContain(status);
        else expect(status, `${papel} não deveria acessar ${rota}`).toBe(semSessao(papel) ? 401 : 403);
      }
    });
  }

  it('an inactive gestor with an old session is refused at once (no matter the route)', async () => {
    const c = credenciais.get('inativoA') ?? null;
    expect(await chamar(base, 'GET', `/api/revendas/${amb.ids.revendaA}/dashboard`, undefined, c, false)).toBe(401);
  });

  it('reseller B gestor gets 403 on reseller A, and reseller A gestor on B', async () => {
    const a = credenciais.get('gestorA') ?? null;
    const b = credenciais.get('gestorB') ?? null;
    expect(await chamar(base, 'GET', `/api/revendas/${amb.ids.revendaB}/dashboard`, undefined, a, false)).toBe(403);
    expect(await chamar(base, 'GET', `/api/revendas/${amb.ids.revendaB}/dashboard`, undefined, b, false)).toBe(200);
  });
});
