import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { EventoMudanca } from '@intermedio/contracts';
import { sandboxes } from '@intermedio/sandbox';
import Fastify from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEICULO_EXEMPLO } from './acesso.matriz.ts';
import { novoBanco } from './ajuda/ambiente.ts';
import { abrirFluxo, type ItemFluxo } from './ajuda/fluxo.ts';
import { entrarHttp, iniciarServidor } from './ajuda/processo.ts';
import { subirProxy } from './ajuda/proxy.ts';
import { subirS3 } from './ajuda/s3-local.ts';

/**
 * Issue 28 item 1: three server processes on one PostgreSQL database and one S3-compatible bucket (s3rver), behind a
 * round-robin proxy, with Autoscar's stand-in in this process (one channel for all three, so adverts are counted
 * once). Needs DATABASE_URL (the PostgreSQL pass). The bulk job runs on instance 2, which is killed (SIGKILL) while
 * its calls are in flight; the other checks run on instances 1 and 3 meanwhile, and the batch is awaited at the end.
 */
const processos: ChildProcess[] = [];
let banco: Awaited<ReturnType<typeof novoBanco>>;
let s3: Awaited<ReturnType<typeof subirS3>>;
let proxy: Awaited<ReturnType<typeof subirProxy>>;
let sandbox: ReturnType<typeof Fastify>;
let sandboxBase = '';
let inst: string[] = [];
let sql: pg.Client;
let inicioJanela = '';
/** Autoscar's advert creation takes this long at the stand-in (calls overlap; the bulk job is in flight when killed). */
let atrasoCriacaoMs = 0;

const idRevendaA = async () =>
  String((await sql.query(`select id from revendas where penome_fantasia = 'Auto Demo Veículos'`)).rows[0]?.id);
const agora = async () => String((await sql.query('select now()::text as t')).rows[0]?.t);
const esperar = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const anunciosAutoscar = async () =>
  ((await (await fetch(`${sandboxBase}/sandbox/autoscar/_anuncios`)).json()) as { anuncios: { advId: string }[] }).anuncios;

type Cred = Awaited<ReturnType<typeof entrarHttp>>;
async function chamar<T = Record<string, unknown>>(base: string, c: Cred, metodo: string, url: string, corpo?: unknown) {
  const r = await fetch(`${base}${url}`, {
    method: metodo,
    headers: { cookie: c.cookie, 'x-csrf-token': c.csrf, ...(corpo ? { 'content-type': 'application/json' } : {}) },
    ...(corpo ? { body: JSON.stringify(corpo) } : {}),
  });
  const texto = await r.text();
  const dados = (texto ? (JSON.parse(texto) as { data: unknown }).data : undefined) as T;
  return { status: r.status, dados, texto };
}
const sessao = async (base: string, c: Cred) => (await fetch(`${base}/api/auth/sessao`, { headers: { cookie: c.cookie } })).status;

beforeAll(async () => {
  banco = await novoBanco();
  s3 = await subirS3();
  sandbox = Fastify({ logger: false, forceCloseConnections: true });
  sandbox.addHook('onRequest', async (req: { method: string; url: string }) => {
    if (atrasoCriacaoMs && req.method === 'POST' && /^\/sandbox\/autoscar\/integracao\/v1\/revendas\/[^/]+\/anuncios$/.test(req.url))
      await esperar(atrasoCriacaoMs);
  });
  await sandbox.register(sandboxes, { canais: ['autoscar'], fcm: false, inspecao: true });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  sandboxBase = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  const env = { ...s3.env, CANAL_AUTOSCAR_URL: `${sandboxBase}/sandbox/autoscar`, RECONCILIAR_SEGUNDOS: '5', CANAIS_TIMEOUT_MS: '10000' };
  const url = banco.url ?? '';
  inst = await Promise.all([1, 2, 3].map(() => iniciarServidor(url, processos, env)));
  proxy = await subirProxy(inst);
  sql = new pg.Client({ connectionString: url });
  await sql.connect();
  inicioJanela = await agora();
  // Token renewal (every 5 min) and housekeeping (every 15 min) every minute instead, so their ticks can be counted.
  await sql.query(`update pgboss.schedule set cron = '* * * * *' where name in ('canais-renovar-tokens', 'auth-limpeza')`);
  // Autoscar's advert carries the reseller's city and state (without them bulk publishing asks for review).
  await sql.query(`update revendas set pecidade = 'São Paulo', peuf = 'SP' where penome_fantasia = 'Auto Demo Veículos'`);
}, 150_000);

afterAll(async () => {
  for (const p of processos) p.kill('SIGKILL');
  await sql?.end();
  await proxy?.fechar();
  await sandbox?.close();
  await s3?.parar();
  await banco?.descartar();
});

describe('three instances on one PostgreSQL and one bucket, behind a round-robin proxy', () => {
  it('a session created on one instance works on all; a sign-out or a block on one ends it on all', async () => {
    const gestor = await entrarHttp(proxy.base, 'gestor@autodemo.test');
    expect(await Promise.all(inst.map((i) => sessao(i, gestor)))).toEqual([200, 200, 200]);
    expect(await Promise.all([1, 2, 3].map(() => sessao(proxy.base, gestor)))).toEqual([200, 200, 200]);
    expect((await chamar(inst[1] as string, gestor, 'POST', '/api/auth/logout')).status).toBe(200);
    expect(await Promise.all(inst.map((i) => sessao(i, gestor)))).toEqual([401, 401, 401]);

    // A blocked reseller's user: requests refused everywhere, and the live stream on another instance ends at once.
    const gestorB = await entrarHttp(inst[0] as string, 'gestor@motosbasico.test');
    const fluxo = await abrirFluxo(inst[2] as string, gestorB);
    await fluxo.esperar((e): e is ItemFluxo => 'evento' in e && e.evento === 'conectado');
    const admin = await entrarHttp(inst[1] as string, 'admin@intermedio.test');
    const idB = String((await sql.query(`select id from revendas where penome_fantasia = 'Motos Básico'`)).rows[0]?.id);
    const bloquear = (ativo: number) => chamar(inst[1] as string, admin, 'POST', `/api/revendas/${idB}/usuarios/ativo`, { ativo });
    expect((await bloquear(0)).status).toBe(200);
    try {
      await fluxo.esperar((e): e is ItemFluxo => 'evento' in e && e.evento === 'sessao-encerrada', 10_000);
      expect(await Promise.all(inst.map((i) => sessao(i, gestorB)))).toEqual([401, 401, 401]);
    } finally {
      await fluxo.fechar();
      expect((await bloquear(1)).status).toBe(200);
    }
  }, 60_000);

  let lote: { id: string; veiculos: string[]; morte: number; retomada: Promise<number> } | undefined;

  it('a bulk job started on instance 2 is taken over by another when instance 2 is killed (SIGKILL)', async () => {
    const admin = await entrarHttp(proxy.base, 'admin@intermedio.test');
    const gestor = await entrarHttp(proxy.base, 'gestor@autodemo.test');
    const idA = await idRevendaA();
    expect(
      (await chamar(proxy.base, admin, 'PUT', `/api/revendas/${idA}/integracoes/autoscar`, { status: true, id_autoscar: '123' })).status,
    ).toBe(200);
    const padroes = { descricao: '{marca} {modelo} {ano}' };
    expect((await chamar(proxy.base, admin, 'PUT', `/api/revendas/${idA}/integracoes/autoscar/padroes`, padroes)).status).toBe(200);
    const veiculos: string[] = [];
    for (let i = 0; i < 18; i++) {
      const r = await chamar<{ id: string }>(proxy.base, gestor, 'POST', `/api/revendas/${idA}/veiculos`, VEICULO_EXEMPLO);
      expect(r.status, r.texto).toBe(200);
      veiculos.push(r.dados.id);
    }
    atrasoCriacaoMs = 700;
    const criado = await chamar<{ id: string }>(inst[1] as string, gestor, 'POST', `/api/revendas/${idA}/lotes`, {
      acao: 'publicar',
      veiculos,
      canais: ['autoscar'],
    });
    expect(criado.status, criado.texto).toBe(200);
    const id = criado.dados.id;
    const concluidos = async () =>
      Number(
        (await sql.query(`select count(*) as n from lote_itens where lote_id = $1 and estado not in ('aguardando', 'enviando')`, [id]))
          .rows[0]?.n,
      );
    const limite = Date.now() + 30_000;
    while ((await concluidos()) < 4 && Date.now() < limite) await esperar(100);
    processos[1]?.kill('SIGKILL');
    const morte = performance.now();
    proxy.retirar(inst[1] as string);
    const naMorte = await concluidos();
    expect(naMorte).toBeGreaterThanOrEqual(4);
    expect(naMorte).toBeLessThan(veiculos.length);
    // Nothing moves while no instance runs the batch (it was instance 2's), unless another's minute round began.
    const mortoEm = await agora();
    await esperar(2000);
    const novaRodada = await sql.query(`select 1 from pgboss.job where name = 'lotes-executar' and started_on > $1`, [mortoEm]);
    if (novaRodada.rowCount === 0) expect(await concluidos()).toBe(naMorte);
    // The items instance 2 had in flight hold a 5-minute lease (their sends, 3 minutes): end them now, as that time
    // passing would; the items still waiting need nothing of the kind.
    const emVoo = await sql.query(
      `update lote_itens set lease_ate = now() where lote_id = $1 and estado = 'enviando' returning veiculo_id`,
      [id],
    );
    expect(emVoo.rowCount).toBeGreaterThan(0);
    await sql.query(
      `update veiculo_integracoes set lease_ate = now() where canal = 'autoscar' and lease_ate > now() and veiculo_id = any($1)`,
      [emVoo.rows.map((r) => r.veiculo_id)],
    );
    // Taken over at the next minute's round of another instance: measured from the kill to the first item it moves.
    const retomada = (async () => {
      const fim = Date.now() + 150_000;
      while (Date.now() < fim) {
        if ((await concluidos()) > naMorte) return performance.now() - morte;
        await esperar(200);
      }
      throw new Error('o lote não foi retomado');
    })();
    retomada.catch(() => {});
    lote = { id, veiculos, morte, retomada };
  }, 90_000);

  it('a change written through instance 1 reaches an SSE screen on instance 3 (p95 over 50 changes)', async () => {
    const gestor = await entrarHttp(inst[0] as string, 'gestor@autodemo.test');
    const idA = await idRevendaA();
    const fluxo = await abrirFluxo(inst[2] as string, gestor);
    await fluxo.esperar((e): e is ItemFluxo => 'evento' in e && e.evento === 'conectado');
    const criado = await chamar<{ id: string }>(inst[0] as string, gestor, 'POST', `/api/revendas/${idA}/veiculos`, VEICULO_EXEMPLO);
    const idVeiculo = criado.dados.id;
    const latencias: number[] = [];
    try {
      for (let i = 0; i < 50; i++) {
        const atual = (await chamar<{ versao: string }>(inst[0] as string, gestor, 'GET', `/api/revendas/${idA}/veiculos/${idVeiculo}`))
          .dados;
        const antes = fluxo.eventos.length;
        const t0 = performance.now();
        const r = await chamar(inst[0] as string, gestor, 'PUT', `/api/revendas/${idA}/veiculos/${idVeiculo}`, {
          ...VEICULO_EXEMPLO,
          vevalor: `70.${String(i * 10).padStart(3, '0')},00`, // a new price each time (an unchanged save writes nothing)
          versao: atual.versao,
        });
        expect(r.status, r.texto).toBe(200);
        const limite = Date.now() + 5000;
        let chegou = -1;
        while (chegou < 0 && Date.now() < limite) {
          chegou = fluxo.eventos.findIndex((e, k) => k >= antes && 'id' in e && (e as EventoMudanca).id === idVeiculo);
          if (chegou < 0) await esperar(5);
        }
        expect(chegou, `mudança ${i} não chegou`).toBeGreaterThanOrEqual(0);
        latencias.push((fluxo.chegadas[chegou] ?? 0) - t0);
      }
    } finally {
      await fluxo.fechar();
    }
    latencias.sort((a, b) => a - b);
    const p95 = latencias[Math.ceil(latencias.length * 0.95) - 1] ?? 0;
    console.log(`multi-instância: evento de outra instância, p50 ${latencias[24]?.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (50 mudanças)`);
    expect(p95).toBeLessThan(2000);
  }, 90_000);

  it('a publish double-clicked through instances 1 and 3 creates one advert', async () => {
    const gestor = await entrarHttp(inst[0] as string, 'gestor@autodemo.test');
    const idA = await idRevendaA();
    const v = await chamar<{ id: string }>(inst[0] as string, gestor, 'POST', `/api/revendas/${idA}/veiculos`, VEICULO_EXEMPLO);
    const idVeiculo = v.dados.id;
    const incluir = { id_veiculo: idVeiculo };
    const rascunho = (await chamar<{ veiculoPost: object }>(inst[2] as string, gestor, 'POST', '/api/integracao/autoscar/incluir', incluir))
      .dados;
    const antes = (await anunciosAutoscar()).length;
    const corpo = { id_veiculo: idVeiculo, veiculo_post: rascunho.veiculoPost };
    const respostas = await Promise.all(
      [inst[0], inst[2]].map((i) => chamar(i as string, gestor, 'POST', '/api/integracao/autoscar/enviar', corpo)),
    );
    expect(respostas.map((r) => r.status).sort()).toContain(200);
    for (const r of respostas) expect([200, 409], r.texto).toContain(r.status);
    const ate = Date.now() + 20_000;
    while ((await anunciosAutoscar()).length === antes && Date.now() < ate) await esperar(100);
    await esperar(1500); // a second creation, if any, would arrive now
    expect((await anunciosAutoscar()).length - antes).toBe(1);
    const envio = await sql.query(`select estado from veiculo_integracoes where veiculo_id = $1 and canal = 'autoscar'`, [idVeiculo]);
    expect(envio.rows.map((r) => r.estado)).toEqual(['publicado']);
  }, 60_000);

  it('an upload through instance 1 is served by instance 3', async () => {
    const gestor = await entrarHttp(inst[0] as string, 'gestor@autodemo.test');
    const idA = await idRevendaA();
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2266aa' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)]), 'foto.jpg');
    const r = await fetch(`${inst[0]}/api/revendas/${idA}/imagens?tipo=veiculo`, {
      method: 'POST',
      body: form,
      headers: { cookie: gestor.cookie, 'x-csrf-token': gestor.csrf },
    });
    expect(r.status).toBe(200);
    const e = ((await r.json()) as { data: { fileUrl: string; fileOriginal: string } }).data;
    const exibicao = await fetch(new URL(e.fileUrl, inst[2]));
    expect([exibicao.status, exibicao.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const original = await fetch(new URL(e.fileOriginal, inst[2]), { headers: { cookie: gestor.cookie } });
    expect(original.status).toBe(200);
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(320);
  }, 30_000);

  it('the bulk job finished elsewhere: every vehicle published once, no advert twice, nothing lost', async () => {
    if (!lote) throw new Error('o lote não foi criado');
    const retomadaMs = await lote.retomada;
    const fim = Date.now() + 120_000;
    let estado = '';
    while (Date.now() < fim) {
      estado = String((await sql.query('select estado from lotes where id = $1', [lote.id])).rows[0]?.estado);
      if (estado !== 'executando') break;
      await esperar(250);
    }
    const concluido = performance.now() - lote.morte;
    console.log(
      `multi-instância: lote retomado ${(retomadaMs / 1000).toFixed(1)} s depois do SIGKILL, concluído em ${(concluido / 1000).toFixed(1)} s`,
    );
    expect(estado).toBe('concluido');
    const itens = await sql.query('select estado from lote_itens where lote_id = $1', [lote.id]);
    expect(itens.rows.map((r) => r.estado)).toEqual(lote.veiculos.map(() => 'publicado'));
    const envios = await sql.query(
      `select id_anuncio from veiculo_integracoes where canal = 'autoscar' and estado = 'publicado' and veiculo_id = any($1)`,
      [lote.veiculos],
    );
    const ids = envios.rows.map((r) => String(r.id_anuncio));
    expect(new Set(ids).size).toBe(lote.veiculos.length);
    // Every advert at the channel is one the database knows: none created twice (the double click's one included).
    const naSandbox = (await anunciosAutoscar()).map((a) => String(a.advId));
    const conhecidos = await sql.query(`select id_anuncio from veiculo_integracoes where canal = 'autoscar' and id_anuncio is not null`);
    expect(naSandbox.sort()).toEqual(conhecidos.rows.map((r) => String(r.id_anuncio)).sort());
  }, 180_000);

  it('scheduled rounds ran once per tick across the instances (counted)', async () => {
    const fim = await agora();
    const segundos = Number(
      (await sql.query('select extract(epoch from $2::timestamptz - $1::timestamptz) as s', [inicioJanela, fim])).rows[0]?.s,
    );
    const contar = async (nome: string) =>
      (
        await sql.query('select singleton_on::text as tick from pgboss.job where name = $1 and created_on >= $2 and created_on < $3', [
          nome,
          inicioJanela,
          fim,
        ])
      ).rows as { tick: string | null }[];
    // Reconciliation every 5 s (RECONCILIAR_SEGUNDOS) on three instances: one round per 5-s slot, not three.
    const rodadas = await contar('publicacao-reconciliar');
    console.log(`multi-instância: ${rodadas.length} rodadas de reconciliação em ${segundos.toFixed(0)} s (3 instâncias, uma a cada 5 s)`);
    expect(new Set(rodadas.map((r) => r.tick)).size).toBe(rodadas.length);
    expect(rodadas.length).toBeLessThanOrEqual(Math.ceil(segundos / 5) + 1);
    expect(rodadas.length).toBeGreaterThanOrEqual(Math.floor(segundos / 5) - 3);
    // Token renewal and housekeeping, every minute here: one job per minute across the instances.
    // A minute's job is queued within ~50 s of the minute (the cron check every 30 s, then the mover every 15 s): a
    // window of 110 s holds at least one; three instances each queuing their own would make three per minute.
    for (const nome of ['canais-renovar-tokens', 'auth-limpeza']) {
      const n = (await contar(nome)).length;
      console.log(`multi-instância: ${n} jobs de ${nome} (agenda de cada minuto) em ${segundos.toFixed(0)} s`);
      expect(n, nome).toBeGreaterThanOrEqual(segundos >= 110 ? 1 : 0);
      expect(n, nome).toBeLessThanOrEqual(Math.ceil(segundos / 60) + 1);
    }
  });
});
