import type { EventoMudanca } from '@intermedio/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, moderacao, usuarios } from '../src/db/schema/index.ts';
import { type Ambiente, criarAmbiente, ouvir } from './ajuda/ambiente.ts';
import { abrirFluxo } from './ajuda/fluxo.ts';

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

  it("a gestor sees its own reseller's changes, never another reseller's nor the moderation queues", async () => {
    const deA = await abrirFluxo(base, await amb.entrar('gestorA'));
    const deB = await abrirFluxo(base, await amb.entrar('gestorB'));
    await amb.banco.db.insert(moderacao).values(filaIncluidos(amb.ids.revendaA));
    await amb.banco.db.insert(banners).values({
      revenda_id: amb.ids.revendaA,
      imagem: [{ fileUrl: '/x.jpg', fileName: 'x.jpg' }],
      peblocotextobanners: 'Oferta',
    });
    await deA.esperar(deTabela('banners', amb.ids.revendaA));
    await new Promise((ok) => setTimeout(ok, 200));
    expect(deB.eventos.filter(deTabela('banners'))).toEqual([]);
    expect(deA.eventos.filter(deTabela('moderacao'))).toEqual([]);
    await Promise.all([deA.fechar(), deB.fechar()]);
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
