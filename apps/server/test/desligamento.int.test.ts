import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { sandboxes } from '@intermedio/sandbox';
import { and, eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loteItens, lotes, revendas, veiculoIntegracoes, veiculos } from '../src/db/schema/index.ts';
import { novoBanco } from './ajuda/ambiente.ts';
import { entrarHttp, iniciarServidor } from './ajuda/processo.ts';

/**
 * Graceful shutdown of a real server process (issue 28 item 4): a publish held at the Autoscar sandbox and a bulk
 * job put off by the channel's rate limit are in flight when SIGTERM arrives. During the drain /api/ready answers
 * 503 (asked on a connection opened before the signal), no new connection is accepted and the SSE screen is told
 * to reconnect; the held call, released meanwhile, finishes and answers 200; the process exits 0. A second process
 * on the same database then finishes the batch: one advert per vehicle at the channel, no item lost. The sandbox
 * runs in this test process (CANAL_AUTOSCAR_URL), so it outlives the server. Needs DATABASE_URL (PostgreSQL pass).
 */
let b: Awaited<ReturnType<typeof novoBanco>>;
const processos: ChildProcess[] = [];
const sandbox = Fastify();
let autoscar = '';

beforeAll(async () => {
  b = await novoBanco();
  await sandbox.register(sandboxes, { inspecao: true });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  autoscar = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}/sandbox/autoscar`;
});
afterAll(async () => {
  for (const p of processos) p.kill('SIGKILL');
  await sandbox.close();
  await b.descartar();
});

const controle = (caminho: string, corpo?: object) =>
  fetch(`${autoscar}/${caminho}`, {
    method: corpo ? 'POST' : 'GET',
    ...(corpo ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(corpo) } : {}),
  });

async function chamar(base: string, s: { cookie: string; csrf: string }, url: string, corpo: object, method = 'POST') {
  const r = await fetch(`${base}${url}`, {
    method,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
    body: JSON.stringify(corpo),
  });
  return { status: r.status, corpo: (await r.json()) as { data: unknown } };
}

/** A request whose head is sent now and finished by `terminar`: it is in flight, not idle, when the signal arrives. */
function requisicaoAberta(base: string, caminho: string) {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  let resposta = '';
  socket.on('data', (d) => {
    resposta += d;
  });
  const fim = new Promise<string>((ok) => socket.on('close', () => ok(resposta)));
  socket.on('error', (e) => {
    resposta += `\n${e.message}`;
  });
  socket.write(`GET ${caminho} HTTP/1.1\r\nHost: ${hostname}\r\n`);
  return {
    /** Connected, and a moment for the server to accept the connection and read the request's head. */
    aberta: new Promise((ok) => socket.once('connect', () => setTimeout(ok, 300))),
    terminar() {
      socket.write('\r\n');
      return fim;
    },
  };
}

/** Opens a new TCP connection: 'aberta', or the error's code. */
function novaConexao(base: string) {
  const { hostname, port } = new URL(base);
  return new Promise<string>((ok) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      ok('aberta');
    });
    socket.once('error', (e: NodeJS.ErrnoException) => ok(e.code ?? e.message));
  });
}

describe('desligamento gracioso (SIGTERM)', () => {
  it('drena, termina a chamada em curso, sai com 0; outra instância conclui o lote sem duplicar nem perder', async () => {
    const url = b.url ?? '';
    expect(url).not.toBe('');
    // The held call waits for the test's steps: a channel limit above them (default 15 s).
    const env = { CANAL_AUTOSCAR_URL: autoscar, DESLIGAMENTO_SEGUNDOS: '20', CANAIS_TIMEOUT_MS: '60000' };
    const s1 = await iniciarServidor(url, processos, env);
    const p1 = processos.at(-1) as ChildProcess;
    const saida = new Promise<number | null>((ok) => p1.once('exit', (codigo) => ok(codigo)));

    const [revenda] = await b.banco.db.select().from(revendas).where(eq(revendas.penome_fantasia, 'Auto Demo Veículos'));
    const idRevenda = revenda?.id ?? '';
    const admin = await entrarHttp(s1, 'admin@intermedio.test');
    const cfg = await chamar(s1, admin, `/api/revendas/${idRevenda}/integracoes/autoscar`, { status: true, id_autoscar: '123' }, 'PUT');
    expect(cfg.status).toBe(200);
    const gestor = await entrarHttp(s1, 'gestor@autodemo.test');
    const carros = await b.banco.db
      .select({ id: veiculos.id })
      .from(veiculos)
      .where(
        and(eq(veiculos.revenda_id, idRevenda), eq(veiculos.vetipoveiculo, 'carro'), eq(veiculos.veremovido, 0), eq(veiculos.vevendido, 0)),
      )
      .orderBy(veiculos.created_at)
      .limit(5);
    expect(carros).toHaveLength(5);
    const [sozinho, ...doLote] = carros.map((c) => c.id);
    const antes = ((await (await controle('_anuncios')).json()) as { anuncios: unknown[] }).anuncios.length;

    // A bulk publish whose every first attempt meets the channel's rate limit (429): put off, in the middle of the job.
    await controle('_limitar', { vezes: 100 });
    const lote = await chamar(s1, gestor, `/api/revendas/${idRevenda}/lotes`, { acao: 'publicar', veiculos: doLote, canais: ['autoscar'] });
    expect(lote.status).toBe(200);
    const idLote = (lote.corpo.data as { id: string }).id;
    const itens = () => b.banco.db.select().from(loteItens).where(eq(loteItens.lote_id, idLote));
    await expect
      .poll(async () => (await itens()).every((i) => i.tentativas >= 1 && i.estado === 'aguardando'), { timeout: 30_000 })
      .toBe(true);

    // A single publish, held at the channel before it creates anything.
    const rascunho = (await chamar(s1, gestor, '/api/integracao/autoscar/incluir', { id_veiculo: sozinho })).corpo.data as {
      veiculoPost: Record<string, unknown>;
    };
    await controle('_reter', { criacao: true });
    const envio = chamar(s1, gestor, '/api/integracao/autoscar/enviar', { id_veiculo: sozinho, veiculo_post: rascunho.veiculoPost });
    await expect
      .poll(async () => ((await (await controle('_reter')).json()) as { retida: boolean }).retida, { timeout: 20_000 })
      .toBe(true);

    // An SSE screen and a readiness probe already connected when the signal arrives.
    const fluxo = await fetch(`${s1}/api/eventos`, { headers: { cookie: gestor.cookie } });
    const textoFluxo = fluxo.text();
    const sonda = requisicaoAberta(s1, '/api/ready');
    await sonda.aberta;

    const t0 = Date.now();
    p1.kill('SIGTERM');
    await new Promise((ok) => setTimeout(ok, 500));
    const pronto = await sonda.terminar();
    expect(pronto).toMatch(/^HTTP\/1\.1 503 /);
    expect(pronto).toContain('"fase":"drenando"');
    expect(await novaConexao(s1)).toBe('ECONNREFUSED'); // no new connection
    expect(await textoFluxo).toMatch(/\nretry: \d{4}\n\n$/);

    // The held call is released during the drain: it finishes, its answer reaches the client, then the process exits 0.
    await controle('_limitar', { vezes: 0 });
    expect(((await (await controle('_liberar', {})).json()) as { liberada: boolean }).liberada).toBe(true);
    const enviado = await envio;
    expect(enviado.status).toBe(200);
    expect(enviado.corpo.data).toMatchObject({ estado: 'publicado' });
    expect(await saida).toBe(0);
    expect(Date.now() - t0).toBeLessThan(15_000); // once nothing was in flight, not at DESLIGAMENTO_SEGUNDOS
    // Nothing left claimed by the stopped instance.
    expect((await itens()).filter((i) => i.estado === 'enviando' || i.lease_ate !== null)).toEqual([]);

    // Another instance on the same database finishes the batch.
    await iniciarServidor(url, processos, env);
    await expect
      .poll(async () => (await b.banco.db.select().from(lotes).where(eq(lotes.id, idLote)))[0]?.estado, { timeout: 40_000, interval: 500 })
      .toBe('concluido');
    expect((await itens()).map((i) => i.estado)).toEqual(Array(4).fill('publicado'));
    const registros = await b.banco.db
      .select()
      .from(veiculoIntegracoes)
      .where(
        and(
          inArray(
            veiculoIntegracoes.veiculo_id,
            carros.map((c) => c.id),
          ),
          eq(veiculoIntegracoes.canal, 'autoscar'),
        ),
      );
    expect(registros.map((r) => r.estado)).toEqual(Array(5).fill('publicado'));
    const anuncios = ((await (await controle('_anuncios')).json()) as { anuncios: { advId: string }[] }).anuncios;
    expect(anuncios.length - antes).toBe(5); // one advert per vehicle: no duplicate
    expect(new Set(registros.map((r) => r.id_anuncio))).toEqual(new Set(anuncios.slice(antes).map((a) => a.advId)));
  }, 120_000);
});
