import type { AddressInfo } from 'node:net';
import { APP_SANDBOX } from '@intermedio/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Aplicacao, buildApp } from '../src/app.ts';
import { SENHA_DEMO } from '../src/db/demo.ts';
import { revendas } from '../src/db/schema/index.ts';
import { semSegredos } from '../src/lib/log.ts';
import { configTeste, login, novoBanco } from './ajuda/ambiente.ts';

/**
 * The log (issue 23 item 7 and the console item): no token or secret at any level, and request lines only at debug.
 * The app logs into a captured stream; its channel stand-ins are called over HTTP, so their requests are logged too.
 */
let fim: (() => Promise<void>) | null = null;
afterEach(async () => {
  await fim?.();
  fim = null;
});

async function appComLog(nivel: string) {
  const linhas: string[] = [];
  const { banco, descartar } = await novoBanco();
  const a: Aplicacao = await buildApp(configTeste({ LOG_LEVEL: nivel }), { banco, destinoLog: { write: (l) => linhas.push(l) } });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  fim = async () => {
    await a.app.close();
    await descartar();
  };
  return { a, linhas, base: `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}` };
}

describe('log', () => {
  // Each builds a whole app (seeded database) and calls the stand-ins over HTTP: slow on a loaded machine.
  it('a Facebook token exchange and an OAuth authorisation leave no secret in the log, even at trace', { timeout: 60_000 }, async () => {
    const { a, linhas, base } = await appComLog('trace');
    const gestor = await login(a, 'gestor@autodemo.test', SENHA_DEMO);
    const admin = await login(a, 'admin@intermedio.test', SENHA_DEMO);
    const [revenda] = await a.banco.db.select().from(revendas).where(eq(revendas.penome_fantasia, 'Auto Demo Veículos'));
    const idRevenda = revenda?.id;
    const chamar = (c: typeof gestor, url: string, payload: object) =>
      fetch(base + url, {
        method: 'POST',
        headers: { cookie: c.cookie, 'x-csrf-token': c.csrf, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    // Facebook: the short user token is exchanged at the Graph stand-in (GET …/oauth/access_token?client_secret=…).
    const fb = await chamar(gestor, '/api/integracao/facebook/configurar', {
      id_revenda: idRevenda,
      access_token: 'sbx.demo.curtoSecreto1',
    });
    expect(fb.status, await fb.text()).toBe(200);
    // OLX: an authorisation code exchanged for a token; the browser comes back with ?code=…&state=….
    const olx = await chamar(admin, '/api/integracao/olx/configurar', { id_revenda: idRevenda, code_olx: 'olx-codigoSecreto2' });
    expect(olx.status, await olx.text()).toBe(200);
    await fetch(`${base}/integracao/olx/retorno?code=codigoSecreto3&state=estadoSecreto4`);
    await fetch(`${base}/sandbox/olx/auth/oauth?client_id=x&redirect_uri=${encodeURIComponent(`${base}/x`)}&state=estadoSecreto5`);

    const log = linhas.join('');
    // The exchange itself was logged (so the check below is not vacuous), with its query string hidden: a token
    // endpoint's whole query (issue 28 item 5).
    expect(log).toContain('/sandbox/facebook/v20.0/oauth/access_token?[oculto]');
    for (const segredo of [
      'curtoSecreto1',
      'sbxlong.',
      APP_SANDBOX.clientSecret,
      'codigoSecreto2',
      'codigoSecreto3',
      'estadoSecreto4',
      'estadoSecreto5',
      SENHA_DEMO,
      gestor.cookie.split('=')[1] ?? '-',
    ]) {
      expect(log, segredo).not.toContain(segredo);
    }
  });

  it('redacts credential parameters in any logged text', () => {
    expect(semSegredos('GET /x?client_id=a&client_secret=b&code=c#access_token=d')).toBe(
      'GET /x?client_id=a&client_secret=[oculto]&code=[oculto]#access_token=[oculto]',
    );
    expect(semSegredos('{"senha":"s","refresh_token":"r","nome":"n"}')).toBe('{"senha":"[oculto]","refresh_token":"[oculto]","nome":"n"}');
    expect(semSegredos('codigo=1&barcode=2')).toBe('codigo=1&barcode=2');
    // A signed original's address (acesso-arquivos.ts) and a password-reset link are credentials too.
    expect(semSegredos('GET /arquivos/revendas/r/veiculo/e/original.jpg?assinatura=AbC-12_x')).toBe(
      'GET /arquivos/revendas/r/veiculo/e/original.jpg?assinatura=[oculto]',
    );
    expect(semSegredos('GET /api/senha/redefinicao/tok-123_A e http://x/redefinir-senha/tok456?a=1')).toBe(
      'GET /api/senha/redefinicao/[oculto] e http://x/redefinir-senha/[oculto]?a=1',
    );
    expect(semSegredos('POST /api/revendas/r/usuarios/u/redefinir-senha')).toBe('POST /api/revendas/r/usuarios/u/redefinir-senha');
  });

  it('at the default level (info) a request writes no line; at debug one line per request', { timeout: 60_000 }, async () => {
    const info = await appComLog('info');
    const antes = info.linhas.length;
    await fetch(`${info.base}/api/health`);
    await fetch(`${info.base}/api/nao-existe`);
    expect(info.linhas.slice(antes)).toEqual([]);
    await fim?.();
    const debug = await appComLog('debug');
    const inicio = debug.linhas.length;
    await fetch(`${debug.base}/api/health`);
    await fetch(`${debug.base}/api/senha/redefinicao/tokenSecreto6`);
    await new Promise((ok) => setTimeout(ok, 50));
    const novas = debug.linhas
      .slice(inicio)
      .map((l) => JSON.parse(l) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
    expect(novas.map((l) => [l.msg, l.req?.url, l.res?.statusCode])).toEqual([
      ['request completed', '/api/health', 200],
      ['request completed', '/api/senha/redefinicao/[oculto]', 400],
    ]);
    expect(debug.linhas.join('')).not.toContain('tokenSecreto6');
  });
});
