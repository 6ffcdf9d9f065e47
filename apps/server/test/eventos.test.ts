import type { EventoMudanca } from '@intermedio/contracts';
import { eq, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, eventos, moderacao, revendas, usuarios, veiculoIntegracoes, veiculos } from '../src/db/schema/index.ts';
import { eventosRepository } from '../src/tempo-real/eventos.repository.ts';
import { INTERVALO_PULSO_MS, proximoPulsoMs } from '../src/tempo-real/eventos.routes.ts';
import { type Ambiente, criarAmbiente, ouvir } from './ajuda/ambiente.ts';
import { abrirFluxo, type ItemFluxo } from './ajuda/fluxo.ts';

let amb: Ambiente;
let base: string;
beforeAll(async () => {
  amb = await criarAmbiente();
  base = await ouvir(amb);
});
afterAll(() => amb.encerrar());

const deTabela =
  (tabela: string, revenda?: string) =>
  (e: EventoMudanca | { evento: string }): e is EventoMudanca =>
    'tabela' in e && e.tabela === tabela && (revenda === undefined || e.revenda === revenda);

const filaIncluidos = (revendaId: string) => ({ fila: 'incluidos', revenda_id: revendaId, revenda: 'Auto Demo Veículos' });

describe('live updates (SSE /api/eventos)', () => {
  it('an admin receives the change of a moderation queue as it is written', async () => {
    const fluxo = await abrirFluxo(base, await amb.entrar('admin'));
    expect(fluxo.status).toBe(200);
    const [linha] = await amb.banco.db.insert(moderacao).values(filaIncluidos(amb.ids.revendaA)).returning();
    const e = await fluxo.esperar(deTabela('moderacao'));
    expect(e).toEqual({ tabela: 'moderacao', revenda: amb.ids.revendaA, id: linha?.id, op: 'INSERT' });
    await fluxo.fechar();
  });

  it("a gestor sees its own reseller's changes (its moderation entries too: the timeline), never another reseller's", async () => {
    const deA = await abrirFluxo(base, await amb.entrar('gestorA'));
    const deB = await abrirFluxo(base, await amb.entrar('gestorB'));
    const [entrada] = await amb.banco.db.insert(moderacao).values(filaIncluidos(amb.ids.revendaA)).returning();
    await amb.banco.db.insert(banners).values({
      revenda_id: amb.ids.revendaA,
      imagem: [{ fileUrl: '/x.jpg', fileName: 'x.jpg' }],
      peblocotextobanners: 'Oferta',
    });
    await deA.esperar(deTabela('banners', amb.ids.revendaA));
    await new Promise((ok) => setTimeout(ok, 200));
    expect(deB.eventos.filter(deTabela('banners'))).toEqual([]);
    expect(deA.eventos.filter(deTabela('moderacao'))).toEqual([
      { tabela: 'moderacao', revenda: amb.ids.revendaA, id: entrada?.id, op: 'INSERT' },
    ]);
    expect(deB.eventos.filter(deTabela('moderacao'))).toEqual([]);
    await Promise.all([deA.fechar(), deB.fechar()]);
  });

  it("a change of a vehicle's advert names the vehicle (the live list fetches that row again: issue 24 badges)", async () => {
    const fluxo = await abrirFluxo(base, await amb.entrar('gestorA'));
    const [v] = await amb.banco.db.select({ id: veiculos.id }).from(veiculos).where(eq(veiculos.revenda_id, amb.ids.revendaA)).limit(1);
    const veiculo_id = v?.id ?? '';
    await amb.banco.db
      .insert(veiculoIntegracoes)
      .values({ veiculo_id, revenda_id: amb.ids.revendaA, canal: 'webmotors', estado: 'pendente' });
    expect(await fluxo.esperar(deTabela('veiculo_integracoes'))).toEqual({
      tabela: 'veiculo_integracoes',
      revenda: amb.ids.revendaA,
      id: veiculo_id,
      op: 'INSERT',
    });
    await amb.banco.db.delete(veiculoIntegracoes).where(eq(veiculoIntegracoes.veiculo_id, veiculo_id));
    await fluxo.fechar();
  });

  it('refuses the stream without a session', async () => {
    const fluxo = await abrirFluxo(base, null);
    expect(fluxo.status).toBe(401);
    await fluxo.fechar();
  });

  it('ends the stream of a user who is blocked', async () => {
    const c = await amb.entrar('gestorA');
    const fluxo = await abrirFluxo(base, c);
    try {
      await amb.banco.db.update(usuarios).set({ ativo: 0 }).where(eq(usuarios.id, amb.ids.gestorA));
      await fluxo.esperar((e): e is { evento: string } => 'evento' in e && e.evento === 'sessao-encerrada');
    } finally {
      await amb.banco.db.update(usuarios).set({ ativo: 1 }).where(eq(usuarios.id, amb.ids.gestorA));
      await fluxo.fechar();
    }
  });
});

const deEvento =
  (nome: string) =>
  (e: ItemFluxo): e is { evento: string } =>
    'evento' in e && e.evento === nome;
const idDe = (fluxo: Awaited<ReturnType<typeof abrirFluxo>>, pred: (e: ItemFluxo) => boolean) => fluxo.ids[fluxo.eventos.findIndex(pred)];

describe('event ids and catch-up (issue 18)', () => {
  it('numbers every change (SSE id) in the order written, and says up to which id a new stream is current', async () => {
    const fluxo = await abrirFluxo(base, await amb.entrar('admin'));
    await fluxo.esperar(deEvento('conectado'));
    const inicio = Number(idDe(fluxo, deEvento('conectado')));
    await amb.banco.db.update(revendas).set({ pecidade: 'Campinas' }).where(eq(revendas.id, amb.ids.revendaA));
    await amb.banco.db.update(usuarios).set({ telefone1: '(11) 3333-4444' }).where(eq(usuarios.id, amb.ids.clienteA));
    const u = await fluxo.esperar(deTabela('usuarios', amb.ids.revendaA));
    expect(u).toEqual({ tabela: 'usuarios', revenda: amb.ids.revendaA, id: amb.ids.clienteA, op: 'UPDATE' });
    const idRevenda = Number(idDe(fluxo, (e) => 'tabela' in e && e.tabela === 'revendas'));
    const idUsuario = Number(idDe(fluxo, (e) => e === u));
    expect(idRevenda).toBeGreaterThan(inicio);
    expect(idUsuario).toBeGreaterThan(idRevenda);
    await fluxo.fechar();
  });

  it('a reconnecting stream (Last-Event-ID) receives what it missed, only what its session may see, then live changes', async () => {
    const gestor = await amb.entrar('gestorA');
    const primeiro = await abrirFluxo(base, gestor);
    await primeiro.esperar(deEvento('conectado'));
    const ultimo = idDe(primeiro, deEvento('conectado'));
    await primeiro.fechar();

    // Missed while offline: a change to its reseller, one to another reseller, one to its users.
    await amb.banco.db.update(revendas).set({ pecidade: 'Santos' }).where(eq(revendas.id, amb.ids.revendaA));
    await amb.banco.db.update(usuarios).set({ nome: 'Cliente Renomeado' }).where(eq(usuarios.id, amb.ids.clienteA));
    await amb.banco.db.update(revendas).set({ pecidade: 'Osasco' }).where(eq(revendas.id, amb.ids.revendaB));

    const volta = await abrirFluxo(base, gestor, ultimo);
    await volta.esperar(deEvento('conectado'));
    const antes = volta.eventos.slice(0, volta.eventos.findIndex(deEvento('conectado')));
    expect(antes).toEqual([
      { tabela: 'revendas', revenda: amb.ids.revendaA, id: amb.ids.revendaA, op: 'UPDATE' },
      { tabela: 'usuarios', revenda: amb.ids.revendaA, id: amb.ids.clienteA, op: 'UPDATE' },
    ]);
    expect(volta.eventos.some(deEvento('recarregar'))).toBe(false);
    // The id it is now current with covers the event of the other reseller too (it is never replayed again).
    const atual = Number(idDe(volta, deEvento('conectado')));
    expect(atual).toBeGreaterThan(Number(volta.ids[1]));

    await amb.banco.db.update(revendas).set({ pecidade: 'Sorocaba' }).where(eq(revendas.id, amb.ids.revendaA));
    await volta.esperar((e): e is EventoMudanca => 'tabela' in e && e.tabela === 'revendas' && volta.eventos.indexOf(e) > antes.length);
    await volta.fechar();
  });

  it('a stream that cannot catch up (events pruned, or an id from elsewhere) is told to refetch once', async () => {
    const admin = await amb.entrar('admin');
    const fluxo = await abrirFluxo(base, admin);
    await fluxo.esperar(deEvento('conectado'));
    const ultimo = Number(idDe(fluxo, deEvento('conectado')));
    await fluxo.fechar();
    // A witness stream sees both changes live: on PostgreSQL their notifications reach the server asynchronously, and
    // one still in flight when a catch-up stream below opens would be delivered to it live (not a catch-up).
    const testemunha = await abrirFluxo(base, admin);
    await testemunha.esperar(deEvento('conectado'));
    await amb.banco.db.update(revendas).set({ pecidade: 'Jundiaí' }).where(eq(revendas.id, amb.ids.revendaA));
    await amb.banco.db.update(revendas).set({ pecidade: 'Itu' }).where(eq(revendas.id, amb.ids.revendaA));
    const deRevendas = (e: ItemFluxo) => 'tabela' in e && e.tabela === 'revendas';
    await testemunha.esperar((e): e is EventoMudanca => deRevendas(e) && testemunha.eventos.filter(deRevendas).length >= 2);
    await testemunha.fechar();
    // The log lost the first missed event (as pruning would do after RETENCAO_EVENTOS_MIN).
    await amb.banco.db.delete(eventos).where(lte(eventos.seq, ultimo + 1));

    for (const id of [String(ultimo), '999999999']) {
      const volta = await abrirFluxo(base, admin, id);
      try {
        await volta.esperar(deEvento('conectado'));
        expect(volta.eventos.filter(deEvento('recarregar'))).toHaveLength(1);
        expect(volta.eventos.filter((e) => 'tabela' in e)).toEqual([]);
      } finally {
        await volta.fechar();
      }
    }
  });

  it('pruning keeps the newest event, so a stream that missed nothing is not made to refetch', async () => {
    const admin = await amb.entrar('admin');
    await amb.banco.db.update(revendas).set({ pecidade: 'Bauru' }).where(eq(revendas.id, amb.ids.revendaA));
    await amb.banco.db.update(eventos).set({ criado_em: sql`now() - interval '1 day'` });
    await eventosRepository.podar(amb.banco.db);
    const restantes = await amb.banco.db.select().from(eventos);
    expect(restantes).toHaveLength(1);
    const volta = await abrirFluxo(base, admin, String(restantes[0]?.seq));
    await volta.esperar(deEvento('conectado'));
    expect(volta.eventos.some(deEvento('recarregar'))).toBe(false);
    await volta.fechar();
  });
});

describe('heartbeats (issue 18)', () => {
  it('are spread in time per stream, so 500 streams never check their sessions at once', () => {
    const atrasos = Array.from({ length: 500 }, () => proximoPulsoMs());
    expect(Math.min(...atrasos)).toBeGreaterThanOrEqual(INTERVALO_PULSO_MS * 0.75);
    expect(Math.max(...atrasos)).toBeLessThanOrEqual(INTERVALO_PULSO_MS * 1.25);
    // In any 1-second window at most a small share of the 500 streams beats.
    const porSegundo = new Map<number, number>();
    for (const a of atrasos) porSegundo.set(Math.floor(a / 1000), (porSegundo.get(Math.floor(a / 1000)) ?? 0) + 1);
    expect(Math.max(...porSegundo.values())).toBeLessThan(100);
  });
});
