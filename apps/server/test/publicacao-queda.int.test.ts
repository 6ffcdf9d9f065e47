import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { sandboxes } from '@intermedio/sandbox';
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revendas, veiculoIntegracoes, veiculos } from '../src/db/schema/index.ts';
import { novoBanco } from './ajuda/ambiente.ts';
import { entrarHttp, iniciarServidor } from './ajuda/processo.ts';
import { PAGINA_FB } from './ajuda/social.ts';

/**
 * The server process is killed (SIGKILL) after Facebook created the advert and before the answer reached the
 * database; a new process on the same database reconciles the pending send at start: one advert at the channel,
 * published in the database, and a new click refused. The same for a change (Autoscar `alterar`) killed after the
 * channel applied it: reconciled as unconfirmed without calling the channel again. The sandboxes run in this test
 * process (CANAL_FACEBOOK_URL, CANAL_AUTOSCAR_URL), so they outlive the killed server. Needs DATABASE_URL (runs in
 * the PostgreSQL pass).
 */
let b: Awaited<ReturnType<typeof novoBanco>>;
const processos: ChildProcess[] = [];
const sandbox = Fastify();
let graph = '';
let autoscar = '';
/** Set by the test: the next permalink read (the adapter's step right after the post exists) kills the server. */
let matar: ChildProcess | null = null;
/** Set by the test: the next Autoscar change is applied, then the server is killed before the answer leaves. */
let matarNaAlteracao: ChildProcess | null = null;

beforeAll(async () => {
  b = await novoBanco();
  sandbox.addHook('onRequest', async (req, reply) => {
    if (matar && req.method === 'GET' && req.url.includes('fields=permalink_url')) {
      matar.kill('SIGKILL');
      matar = null;
      reply.hijack(); // never answered: the process that asked is gone
    }
  });
  sandbox.addHook('onSend', async (req, _reply, corpo) => {
    const alvo = matarNaAlteracao;
    if (alvo && req.method === 'PUT' && req.url.startsWith('/sandbox/autoscar/integracao/v1/revendas/')) {
      matarNaAlteracao = null;
      const morto = new Promise((ok) => alvo.once('exit', ok));
      alvo.kill('SIGKILL');
      await morto; // the change is applied at the channel; its answer reaches nobody
    }
    return corpo;
  });
  await sandbox.register(sandboxes, { inspecao: true });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const origem = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  graph = `${origem}/sandbox/facebook`;
  autoscar = `${origem}/sandbox/autoscar`;
});
afterAll(async () => {
  for (const p of processos) p.kill('SIGTERM');
  await sandbox.close();
  await b.descartar();
});

async function chamar(base: string, s: { cookie: string; csrf: string }, url: string, corpo: object, method = 'POST') {
  const r = await fetch(`${base}${url}`, {
    method,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
    body: JSON.stringify(corpo),
  });
  return { status: r.status, corpo: (await r.json()) as { data: unknown } };
}

describe('queda do servidor entre a resposta do canal e a gravação', () => {
  it('um só anúncio no canal depois do reinício e da reconciliação', async () => {
    const url = b.url ?? '';
    expect(url).not.toBe('');
    const env = { CANAL_FACEBOOK_URL: graph };
    const s1 = await iniciarServidor(url, processos, env);
    const primeiro = processos.at(-1) ?? null;
    const gestor = await entrarHttp(s1, 'gestor@autodemo.test');
    const [revenda] = await b.banco.db.select().from(revendas).where(eq(revendas.penome_fantasia, 'Auto Demo Veículos'));
    const idRevenda = revenda?.id ?? '';
    expect(
      (await chamar(s1, gestor, '/api/integracao/facebook/configurar', { id_revenda: idRevenda, access_token: 'sbx.demo.queda' })).status,
    ).toBe(200);
    const pagina = {
      id_revenda: idRevenda,
      page_id: PAGINA_FB,
      page_name: 'Auto Demo Veículos',
      page_access_token: `sbxpage.${PAGINA_FB}`,
    };
    expect((await chamar(s1, gestor, '/api/integracao/facebook/configurar-pagina', pagina)).status).toBe(200);
    const [v] = await b.banco.db
      .select({ id: veiculos.id })
      .from(veiculos)
      .where(and(eq(veiculos.revenda_id, idRevenda), eq(veiculos.veremovido, 0), eq(veiculos.vevendido, 0)))
      .limit(1);
    const idVeiculo = v?.id ?? '';
    const texto = `Queda do servidor ${Date.now()}: carro revisado, único dono.`;
    const envio = { id_veiculo: idVeiculo, veiculo_post: { face_descricao: texto, face_link: 'https://autodemo.test/estoque' } };

    matar = primeiro;
    await expect(chamar(s1, gestor, '/api/integracao/facebook/enviar', envio)).rejects.toThrow(); // the connection dies
    const noCanal = async () =>
      ((await (await fetch(`${graph}/_anuncios`)).json()) as { data: { id: string; legenda: string }[] }).data.filter(
        (a) => a.legenda === texto,
      );
    expect(await noCanal()).toHaveLength(1);
    const registro = async () =>
      (
        await b.banco.db
          .select()
          .from(veiculoIntegracoes)
          .where(and(eq(veiculoIntegracoes.veiculo_id, idVeiculo), eq(veiculoIntegracoes.canal, 'facebook')))
      )[0];
    expect(await registro()).toMatchObject({ estado: 'pendente', id_anuncio: null });

    // The restart comes after the send's lease (180 s) ran out: the lease is moved back instead of waiting.
    await b.banco.db
      .update(veiculoIntegracoes)
      .set({ lease_ate: sql`now() - interval '1 second'` })
      .where(eq(veiculoIntegracoes.veiculo_id, idVeiculo));
    const s2 = await iniciarServidor(url, processos, env);
    const limite = Date.now() + 30_000;
    while ((await registro())?.estado === 'pendente' && Date.now() < limite) await new Promise((ok) => setTimeout(ok, 250));
    const [anuncio] = await noCanal();
    expect(await noCanal()).toHaveLength(1);
    expect(await registro()).toMatchObject({ estado: 'publicado', status: true, id_anuncio: anuncio?.id });

    const gestor2 = await entrarHttp(s2, 'gestor@autodemo.test');
    const outra = await chamar(s2, gestor2, '/api/integracao/facebook/enviar', envio);
    expect(outra.status).toBe(409);
    expect(await noCanal()).toHaveLength(1);
  }, 120_000);

  it('alteração interrompida: o canal recebe uma só alteração; a reconciliação no reinício a marca como não confirmada', async () => {
    const url = b.url ?? '';
    const env = { CANAL_AUTOSCAR_URL: autoscar };
    const s1 = await iniciarServidor(url, processos, env);
    const servidor = processos.at(-1) ?? null;
    const [revenda] = await b.banco.db.select().from(revendas).where(eq(revendas.penome_fantasia, 'Auto Demo Veículos'));
    const idRevenda = revenda?.id ?? '';
    // Autoscar is configured by an admin only (spec 1 §6).
    const admin = await entrarHttp(s1, 'admin@intermedio.test');
    const cfg = await chamar(s1, admin, `/api/revendas/${idRevenda}/integracoes/autoscar`, { status: true, id_autoscar: '123' }, 'PUT');
    expect(cfg.status).toBe(200);
    const gestor = await entrarHttp(s1, 'gestor@autodemo.test');
    const [v] = await b.banco.db
      .select({ id: veiculos.id })
      .from(veiculos)
      .where(
        and(eq(veiculos.revenda_id, idRevenda), eq(veiculos.vetipoveiculo, 'carro'), eq(veiculos.veremovido, 0), eq(veiculos.vevendido, 0)),
      )
      .limit(1);
    const idVeiculo = v?.id ?? '';
    const rascunho = (await chamar(s1, gestor, '/api/integracao/autoscar/incluir', { id_veiculo: idVeiculo })).corpo.data as {
      veiculoPost: Record<string, unknown>;
    };
    const post = { ...rascunho.veiculoPost, description: 'Publicado antes da queda' };
    const enviado = await chamar(s1, gestor, '/api/integracao/autoscar/enviar', { id_veiculo: idVeiculo, veiculo_post: post });
    expect(enviado.status).toBe(200);
    const idAnuncio = (enviado.corpo.data as { id_anuncio: string }).id_anuncio;
    const alteracao = { id_veiculo: idVeiculo, id_anuncio: idAnuncio, veiculo_post: { ...post, description: 'Alterado antes da queda' } };

    matarNaAlteracao = servidor;
    await expect(chamar(s1, gestor, '/api/integracao/autoscar/alterar', alteracao)).rejects.toThrow(); // the connection dies
    const noCanal = async () =>
      (
        (await (await fetch(`${autoscar}/_anuncios`)).json()) as { anuncios: { advId: string; description: string; alteracoes: number }[] }
      ).anuncios.find((a) => a.advId === idAnuncio);
    expect(await noCanal()).toMatchObject({ description: 'Alterado antes da queda', alteracoes: 1 });
    const registro = async () =>
      (
        await b.banco.db
          .select()
          .from(veiculoIntegracoes)
          .where(and(eq(veiculoIntegracoes.veiculo_id, idVeiculo), eq(veiculoIntegracoes.canal, 'autoscar')))
      )[0];
    expect((await registro())?.lease_ate).not.toBeNull(); // the change was in flight when the server died

    // The restart comes after the change's lease ran out: moved back instead of waiting 180 s.
    await b.banco.db
      .update(veiculoIntegracoes)
      .set({ lease_ate: sql`now() - interval '1 second'` })
      .where(and(eq(veiculoIntegracoes.veiculo_id, idVeiculo), eq(veiculoIntegracoes.canal, 'autoscar')));
    const s2 = await iniciarServidor(url, processos, env);
    const limite = Date.now() + 30_000;
    while ((await registro())?.lease_ate && Date.now() < limite) await new Promise((ok) => setTimeout(ok, 250));
    const reg = await registro();
    expect(reg).toMatchObject({ estado: 'publicado', id_anuncio: idAnuncio, lease_ate: null, desatualizado: true });
    expect(reg?.ultimo_erro).toContain('foi interrompida antes da resposta do canal');
    expect((await noCanal())?.alteracoes).toBe(1);

    // Sent again by the reseller: a second, deliberate change, and the advert is current.
    const gestor2 = await entrarHttp(s2, 'gestor@autodemo.test');
    expect((await chamar(s2, gestor2, '/api/integracao/autoscar/alterar', alteracao)).status).toBe(200);
    expect((await noCanal())?.alteracoes).toBe(2);
    expect(await registro()).toMatchObject({ lease_ate: null, desatualizado: false, ultimo_erro: null });
  }, 120_000);
});
