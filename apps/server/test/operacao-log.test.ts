import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aplicacao, buildApp } from '../src/app.ts';
import { SENHA_DEMO } from '../src/db/demo.ts';
import { opcoesLog, semSegredos } from '../src/lib/log.ts';
import { nivelPorSinal, proximoNivel } from '../src/operacao/nivel-log.ts';
import { cabecalhos, configTeste, login, novoBanco } from './ajuda/ambiente.ts';

/** Issue 28 item 5: secrets redacted in every log line, and the log level changed without a restart. */
describe('redaction', () => {
  it('hides the whole query string of token endpoints, whatever its parameters are called', () => {
    expect(semSegredos('POST https://auth.olx.com.br/oauth/token?grant_type=refresh_token&key=k1#x')).toBe(
      'POST https://auth.olx.com.br/oauth/token?[oculto]#x',
    );
    expect(semSegredos('GET /sandbox/facebook/v20.0/oauth/access_token?grant_type=fb_exchange_token&segredo=s2 200')).toBe(
      'GET /sandbox/facebook/v20.0/oauth/access_token?[oculto] 200',
    );
    expect(semSegredos('GET http://x/realms/r/protocol/openid-connect/token?usuario=u&x=y')).toBe(
      'GET http://x/realms/r/protocol/openid-connect/token?[oculto]',
    );
    expect(semSegredos('GET /oauth2/authorize?client_id=a&redirect_uri=b')).toBe('GET /oauth2/authorize?[oculto]');
    // Other addresses keep their parameters (only credential ones are hidden).
    expect(semSegredos('GET /api/revendas/r/veiculos?pagina=2&api_key=k3')).toBe('GET /api/revendas/r/veiculos?pagina=2&api_key=[oculto]');
  });

  it('censors password and token fields of logged objects, nested too, and token endpoint addresses in messages', () => {
    const linhas: string[] = [];
    const app = Fastify({ logger: opcoesLog('info', { write: (l) => linhas.push(l) }) });
    app.log.info({ password: 'segredo1', usuario: { senha: 'segredo2', nome: 'Ana' } }, 'entrada');
    app.log.warn({ canal: { resposta: { access_token: 'segredo3', refresh_token: 'segredo4' } }, apikey: 'segredo5' }, 'canal');
    app.log.error('falha em https://api.mercadolibre.com/oauth/token?code=segredo6&client_secret=segredo7');
    const log = linhas.join('');
    expect(log).toContain('"nome":"Ana"');
    expect(log).toContain('/oauth/token?[oculto]');
    for (const s of ['segredo1', 'segredo2', 'segredo3', 'segredo4', 'segredo5', 'segredo6', 'segredo7']) expect(log, s).not.toContain(s);
  });
});

describe('log level', () => {
  let a: Aplicacao;
  let descartar: () => Promise<void>;
  const linhas: string[] = [];
  beforeAll(async () => {
    const b = await novoBanco();
    descartar = b.descartar;
    a = await buildApp(configTeste({ LOG_LEVEL: 'warn' }), { banco: b.banco, destinoLog: { write: (l) => linhas.push(l) } });
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await descartar?.();
  });

  const mudar = async (quem: 'admin@intermedio.test' | 'gestor@autodemo.test', nivel: string) =>
    a.app.inject({ method: 'PUT', url: '/api/admin/log', headers: cabecalhos(await login(a, quem, SENHA_DEMO)), payload: { nivel } });

  it('PUT /api/admin/log: an admin changes it at once (request lines appear at debug); a gestor cannot; a bad level is a 400', async () => {
    const antes = linhas.length;
    await a.app.inject({ method: 'GET', url: '/api/health' });
    expect(linhas.slice(antes).filter((l) => l.includes('request completed'))).toEqual([]);

    const gestor = await mudar('gestor@autodemo.test', 'debug');
    expect(gestor.statusCode).toBe(403);
    expect(a.app.log.level).toBe('warn');

    const ruim = await mudar('admin@intermedio.test', 'verboso');
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().data).toContain('Nível de log inválido');

    const r = await mudar('admin@intermedio.test', 'debug');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ nivel: 'debug', anterior: 'warn' });
    const depois = linhas.length;
    await a.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'depois-da-troca' } });
    const novas = linhas.slice(depois).map((l) => JSON.parse(l) as { msg: string; reqId?: string });
    expect(novas).toContainEqual(expect.objectContaining({ msg: 'request completed', reqId: 'depois-da-troca' }));
  });

  it('SIGUSR2 steps to the next level, back to error after trace', () => {
    expect([proximoNivel('error'), proximoNivel('info'), proximoNivel('trace'), proximoNivel('silent')]).toEqual([
      'warn',
      'debug',
      'error',
      'error',
    ]);
    const app = Fastify({ logger: opcoesLog('info', { write: () => {} }) });
    const antes = process.listenerCount('SIGUSR2');
    nivelPorSinal(app);
    try {
      process.emit('SIGUSR2');
      expect(app.log.level).toBe('debug');
    } finally {
      for (const l of process.listeners('SIGUSR2').slice(antes)) process.off('SIGUSR2', l);
    }
  });
});
