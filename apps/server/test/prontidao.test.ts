import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/cliente.ts';
import { loteItens, veiculoIntegracoes } from '../src/db/schema/index.ts';
import { ArmazenamentoLocal } from '../src/midia/armazenamento.ts';
import { ArmazenamentoS3 } from '../src/midia/armazenamento-s3.ts';
import { TAREFA_LOTES } from '../src/modules/lotes/lotes.service.ts';
import { desligar } from '../src/operacao/desligamento.ts';
import { Instancia } from '../src/operacao/instancia.ts';
import { type Checagens, checagensPadrao, prontidaoRoutes } from '../src/operacao/prontidao.ts';
import type { Ambiente, Credencial } from './ajuda/ambiente.ts';
import { ambienteComAutoscar } from './ajuda/publicacao.ts';
import { type chamarComo, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * Readiness (`/api/ready`) and the graceful shutdown's drain (issue 28 items 3 and 4), in process. The real process
 * (SIGTERM, exit code, a second instance taking over) is test/desligamento.int.test.ts.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let fechado = false;

beforeAll(async () => {
  ({ amb, base, chamar, gestor } = await ambienteComAutoscar());
}, 120_000);
afterAll(async () => {
  if (fechado)
    await amb.banco.fechar(); // the drain closed the app
  else await amb.encerrar();
});

/** `/api/ready` alone on a bare Fastify, with the given phase and checks. */
async function pronto(checagens: Checagens, fase: Instancia['fase'] = 'pronta') {
  const app = Fastify();
  const instancia = new Instancia();
  instancia.fase = fase;
  await app.register(prontidaoRoutes, { instancia, checagens });
  const r = await app.inject({ method: 'GET', url: '/api/ready' });
  await app.close();
  return r;
}

describe('GET /api/ready', () => {
  it('200 with every check ok; 503 while draining, /api/health still 200 (liveness)', async () => {
    const r = await amb.app.inject({ method: 'GET', url: '/api/ready' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      status: 'success',
      data: { fase: 'pronta', verificacoes: { banco: 'ok', armazenamento: 'ok', migracoes: 'ok' } },
    });
    amb.instancia.fase = 'drenando';
    try {
      const d = await amb.app.inject({ method: 'GET', url: '/api/ready' });
      expect(d.statusCode).toBe(503);
      expect(d.json()).toMatchObject({ status: 'error', fase: 'drenando', data: expect.stringContaining('desligado') });
      expect((await amb.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      amb.instancia.fase = 'pronta';
    }
  });

  it('503 while starting', async () => {
    const r = await pronto(checagensPadrao(amb.banco.db, new ArmazenamentoLocal(tmpdir())), 'iniciando');
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ status: 'error', data: 'O servidor ainda está iniciando.', fase: 'iniciando' });
  });

  it('503 naming the failed check, never its error text: database unreachable, storage missing, migrations not applied', async () => {
    const local = new ArmazenamentoLocal(mkdtempSync(path.join(tmpdir(), 'pronto-')));
    // No PostgreSQL listens on port 9: connection refused.
    const inalcancavel = new pg.Pool({ connectionString: 'postgres://intermedio:senha-do-banco@127.0.0.1:9/intermedio' });
    const r = await pronto(checagensPadrao(drizzlePg(inalcancavel) as unknown as Db, local));
    await inalcancavel.end();
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({
      status: 'error',
      data: 'Servidor indisponível: o banco de dados não respondeu; as migrações do banco não estão em dia.',
      fase: 'pronta',
      verificacoes: { banco: 'falhou', armazenamento: 'ok', migracoes: 'falhou' },
    });
    expect(r.body).not.toMatch(/senha-do-banco|ECONNREFUSED/);

    const semMigracoes = new PGlite();
    await semMigracoes.waitReady;
    const s = await pronto(checagensPadrao(drizzle(semMigracoes) as unknown as Db, new ArmazenamentoLocal('/nao/existe/pronto')));
    await semMigracoes.close();
    expect(s.statusCode).toBe(503);
    expect(s.json().verificacoes).toEqual({ banco: 'ok', armazenamento: 'falhou', migracoes: 'falhou' });

    // An unreachable bucket: the answer names the check, not the bucket, the address or the key.
    const s3 = new ArmazenamentoS3({
      endpoint: 'http://127.0.0.1:9',
      regiao: 'us-east-1',
      bucket: 'bucket-secreto',
      accessKeyId: 'AKIASEGREDO',
      secretAccessKey: 'segredo-do-s3',
      urlPublica: null,
      pathStyle: true,
    });
    const t = await pronto(checagensPadrao(amb.banco.db, s3));
    expect(t.statusCode).toBe(503);
    expect(t.json().verificacoes).toEqual({ banco: 'ok', armazenamento: 'falhou', migracoes: 'ok' });
    expect(t.body).not.toMatch(/bucket-secreto|127\.0\.0\.1|AKIASEGREDO|segredo-do-s3/);
  }, 30_000);
});

describe('drain on shutdown (desligar)', () => {
  it('ready 503 and SSE told to reconnect; a bulk send held past the limit has its leases released, its outcome left to reconcile', async () => {
    const criado = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
    expect(criado.statusCode, criado.body).toBe(200);
    const idVeiculo = criado.json().data.id as string;
    const controle = (caminho: string, corpo?: object) =>
      fetch(`${base}/sandbox/autoscar/${caminho}`, {
        method: corpo ? 'POST' : 'GET',
        ...(corpo ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(corpo) } : {}),
      });
    await controle('_reter', { criacao: true }); // holds the next advert creation until _liberar

    // An SSE screen open before the signal.
    const fluxo = await fetch(`${base}/api/eventos`, { headers: { cookie: gestor?.cookie ?? '' } });
    const leitor = fluxo.body?.getReader();
    let texto = '';
    const lido = (async () => {
      for (;;) {
        const r = await leitor?.read();
        if (!r || r.done) return;
        texto += new TextDecoder().decode(r.value);
      }
    })();
    await expect.poll(() => texto.includes('event: conectado'), { timeout: 5000 }).toBe(true);

    const lote = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/lotes`, gestor, {
      acao: 'publicar',
      veiculos: [idVeiculo],
      canais: ['autoscar'],
    });
    expect(lote.statusCode, lote.body).toBe(200);
    const rodada = amb.tarefas.executar(TAREFA_LOTES);
    await expect
      .poll(async () => ((await (await controle('_reter')).json()) as { retida: boolean }).retida, { timeout: 20_000 })
      .toBe(true);

    const drenagem = desligar(amb, { limiteMs: 1500, log: () => {} });
    expect(amb.instancia.fase).toBe('drenando');
    const r = await amb.app.inject({ method: 'GET', url: '/api/ready' });
    expect(r.statusCode).toBe(503);
    await lido; // the stream ended
    expect(texto).toMatch(/event: conectado[\s\S]*\nretry: \d{4}\n\n$/);

    const fim = await drenagem;
    fechado = true;
    expect(fim.leasesLiberados).toBe(2); // the item's and the send's
    const [item] = await amb.banco.db.select().from(loteItens).where(eq(loteItens.veiculo_id, idVeiculo));
    // The item is claimable at once by another instance; the send stays pendente (never re-sent blindly): the
    // reconciliation asks the channel once a timed-out send's wait is over.
    expect(item).toMatchObject({ estado: 'aguardando', lease_ate: null, proxima_em: null });
    const [envio] = await amb.banco.db
      .select()
      .from(veiculoIntegracoes)
      .where(and(eq(veiculoIntegracoes.veiculo_id, idVeiculo), eq(veiculoIntegracoes.canal, 'autoscar')));
    expect(envio).toMatchObject({ estado: 'pendente', id_anuncio: null });
    const segundos = ((envio?.lease_ate?.getTime() ?? 0) - Date.now()) / 1000;
    expect(segundos).toBeGreaterThan(40);
    expect(segundos).toBeLessThanOrEqual(61);
    // The release's note, or the adapter's own "no answer" once its connection was cut: either keeps it pendente.
    expect(envio?.ultimo_erro).toEqual(expect.any(String));
    void rodada.catch(() => {});
  }, 60_000);
});
