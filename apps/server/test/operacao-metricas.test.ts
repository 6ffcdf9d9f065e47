import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Aplicacao, buildApp } from '../src/app.ts';
import { SENHA_DEMO } from '../src/db/demo.ts';
import { revendas, veiculos } from '../src/db/schema/index.ts';
import { coletarIcarros } from '../src/modules/leads/canais-leads.ts';
import { noContexto } from '../src/operacao/contexto.ts';
import { Metricas } from '../src/operacao/metricas.ts';
import { cabecalhos, configTeste, login, novoBanco, ouvir } from './ajuda/ambiente.ts';

/**
 * GET /metrics (issue 28 item 2): off without METRICAS_TOKEN (404), behind the bearer token (401), and with it the
 * Prometheus text naming the series of the requests and the channel calls just made. The log (item 5): each
 * request's id in its lines and in the lines of the channel calls it triggered.
 */
const TOKEN = 'metricas-de-teste-0123456789';
let a: Aplicacao;
let descartar: () => Promise<void>;
let base = '';
const linhas: string[] = [];

beforeAll(async () => {
  const b = await novoBanco();
  descartar = b.descartar;
  a = await buildApp(configTeste({ METRICAS_TOKEN: TOKEN, LOG_LEVEL: 'debug', CANAIS_TIMEOUT_MS: '5000' }), {
    banco: b.banco,
    destinoLog: { write: (l) => linhas.push(l) },
  });
  base = await ouvir(a);
}, 60_000);
afterAll(async () => {
  await a?.app.close();
  await descartar?.();
});

const metricas = (authorization?: string) =>
  a.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

type Linha = { msg: string; reqId?: string; canal?: string; operacao?: string; resultado?: string };
const lidas = () => linhas.map((l) => JSON.parse(l) as Linha);

describe('GET /metrics', () => {
  it('answers 404 when no token is configured', { timeout: 60_000 }, async () => {
    const b = await novoBanco();
    const sem = await buildApp(configTeste(), { banco: b.banco, logger: false });
    try {
      const r = await sem.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer qualquer-coisa-aqui' } });
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('# HELP');
    } finally {
      await sem.app.close();
      await b.descartar();
    }
  });

  it('answers 401 without the token or with a wrong one', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, 'Basic abc']) {
      const r = await metricas(auth);
      expect(r.statusCode, String(auth)).toBe(401);
      expect(r.json().data).toBe('Token de métricas ausente ou inválido.');
      expect(r.body).not.toContain('# HELP');
    }
  });

  it('with the token: every named series, requests by route pattern and channel calls by canal, operação, resultado', async () => {
    const admin = await login(a, 'admin@intermedio.test', SENHA_DEMO);
    const gestor = await login(a, 'gestor@autodemo.test', SENHA_DEMO);
    const [r0] = await a.banco.db.select().from(revendas).where(eq(revendas.penome_fantasia, 'Auto Demo Veículos'));
    const revenda = r0?.id ?? '';
    const [v0] = await a.banco.db
      .select({ id: veiculos.id })
      .from(veiculos)
      .where(and(eq(veiculos.revenda_id, revenda), eq(veiculos.vetipoveiculo, 'carro'), eq(veiculos.vevendido, 0)));
    const idVeiculo = v0?.id ?? '';
    // Autoscar configured (the adapter checks the dealer id at the channel), then the Incluir draft (a channel call).
    const conf = await a.app.inject({
      method: 'PUT',
      url: `/api/revendas/${revenda}/integracoes/autoscar`,
      headers: cabecalhos(admin),
      payload: { status: true, id_autoscar: '123' },
    });
    expect(conf.statusCode, conf.body).toBe(200);
    const lista = await a.app.inject({ method: 'GET', url: `/api/revendas/${revenda}/veiculos`, headers: cabecalhos(gestor) });
    expect(lista.statusCode, lista.body).toBe(200);
    const incluir = await a.app.inject({
      method: 'POST',
      url: '/api/integracao/autoscar/incluir',
      headers: { ...cabecalhos(gestor), 'x-request-id': 'pedido-de-teste-42' },
      payload: { id_veiculo: idVeiculo },
    });
    expect(incluir.statusCode, incluir.body).toBe(200);
    expect(incluir.headers['x-request-id']).toBe('pedido-de-teste-42');

    const r = await metricas(`Bearer ${TOKEN}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    const t = r.body;
    expect(t).toMatch(
      /intermedio_http_requisicao_segundos_count\{metodo="GET",rota="\/api\/revendas\/:idRevenda\/veiculos",status="200"\} 1/,
    );
    expect(t).not.toContain(revenda); // the pattern, never the address
    expect(t).toMatch(/intermedio_canal_chamada_segundos_count\{canal="autoscar",operacao="rascunho",resultado="ok"\} 1/);
    expect(t).toMatch(/intermedio_tarefas\{fila="publicacao-reconciliar",estado="created"\} \d+/);
    expect(t).toMatch(/intermedio_tarefas_espera_segundos\{fila="lotes[^"]*"\} [\d.]+/);
    expect(t).toMatch(/intermedio_sse_conexoes 0/);
    expect(t).toMatch(/intermedio_banco_conexoes\{estado="total"\} \d+/);
    expect(t).toMatch(/intermedio_imagens_fila\{estado="esperando"\} 0/);
    expect(t).toContain('process_cpu_user_seconds_total');
    expect(t).toContain('nodejs_eventloop_lag_seconds');
  });

  it('channel calls outside the adapters (leads) are measured too', async () => {
    const m = new Metricas({ banco: a.banco, sse: () => 0 });
    const ctx = {
      base: 'http://127.0.0.1:9',
      auth: 'http://127.0.0.1:9',
      timeoutMs: 500,
      app: { clientId: '', clientSecret: '', redirectUri: '' },
    };
    // No token stored: the call fails as `auth` before reaching the network.
    const r = await noContexto({ idRequisicao: 'leads-1', metricas: m, log: a.app.log }, () =>
      coletarIcarros({ ctx, sessao: { segredos: {}, dados: {} } }, new Date(), new Date()),
    );
    expect(r.ok).toBe(false);
    expect(await m.texto([])).toMatch(
      /intermedio_canal_chamada_segundos_count\{canal="icarros",operacao="coletarLeads",resultado="auth"\} 1/,
    );
  });

  it('counts the open SSE streams', async () => {
    const gestor = await login(a, 'gestor@autodemo.test', SENHA_DEMO);
    const fim = new AbortController();
    const r = await fetch(`${base}/api/eventos`, { headers: { cookie: gestor.cookie }, signal: fim.signal });
    const leitor = (r.body as ReadableStream<Uint8Array>).getReader();
    let lido = '';
    while (!lido.includes('event: conectado')) lido += new TextDecoder().decode((await leitor.read()).value);
    expect((await metricas(`Bearer ${TOKEN}`)).body).toMatch(/intermedio_sse_conexoes 1/);
    fim.abort();
    await expect.poll(async () => (await metricas(`Bearer ${TOKEN}`)).body).toMatch(/intermedio_sse_conexoes 0/);
  });

  it('a request id is kept from a sane x-request-id, else generated, and written in its lines and its channel calls', async () => {
    const gerado = await a.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'mau id com espaço' } });
    expect(gerado.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const outro = await a.app.inject({ method: 'GET', url: '/api/health' });
    expect(outro.headers['x-request-id']).not.toBe(gerado.headers['x-request-id']);

    const doPedido = lidas().filter((l) => l.reqId === 'pedido-de-teste-42');
    expect(doPedido.map((l) => l.msg)).toContain('request completed');
    expect(doPedido.find((l) => l.msg === 'chamada ao canal')).toMatchObject({ canal: 'autoscar', operacao: 'rascunho', resultado: 'ok' });
  });

  it('a job queued by a request (a bulk publish) logs its channel calls with that request id', { timeout: 60_000 }, async () => {
    const gestor = await login(a, 'gestor@autodemo.test', SENHA_DEMO);
    const [r0] = await a.banco.db.select().from(revendas).where(eq(revendas.penome_fantasia, 'Auto Demo Veículos'));
    const [v0] = await a.banco.db
      .select({ id: veiculos.id })
      .from(veiculos)
      .where(and(eq(veiculos.revenda_id, r0?.id ?? ''), eq(veiculos.vetipoveiculo, 'carro'), eq(veiculos.vevendido, 0)));
    const r = await a.app.inject({
      method: 'POST',
      url: `/api/revendas/${r0?.id}/lotes`,
      headers: { ...cabecalhos(gestor), 'x-request-id': 'lote-de-teste-7' },
      payload: { acao: 'publicar', veiculos: [v0?.id], canais: ['autoscar'] },
    });
    expect(r.statusCode, r.body).toBe(200);
    await expect
      .poll(() => lidas().find((l) => l.reqId === 'lote-de-teste-7' && l.msg === 'chamada ao canal'), { timeout: 30_000 })
      .toMatchObject({ canal: 'autoscar' });
    // The batch ends before the app closes (its job would otherwise query a closed database).
    const ler = () =>
      a.app.inject({ method: 'GET', url: `/api/revendas/${r0?.id}/lotes/${r.json().data.id}`, headers: cabecalhos(gestor) });
    await expect.poll(async () => (await ler()).json().data.concluidos, { timeout: 30_000 }).toBe(1);
  });
});
