import type { CanalId, RascunhoMeuCarroNovo } from '@intermedio/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANAIS_REGISTRADOS } from '../src/canais/registro.ts';
import { veiculoRemocoes } from '../src/db/schema/index.ts';
import { LIMITES_RETIRADA, TAREFA_RETIRAR } from '../src/modules/vendas/vendas.service.ts';
import { type Ambiente, type Credencial, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { ambienteDePublicacao } from './ajuda/publicacao.ts';
import { configurarRedesSociais, PAGINA_FB } from './ajuda/social.ts';
import { type chamarComo, fotoDaRevenda, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * A dealer selling many cars at once (issue 24, "delisting after a sale has a tail"): one run of the removal job
 * takes every advert down, channels side by side with a bounded number of removals in flight, and a sale made while
 * it runs is taken by that same run. Facebook, Na Pista and Autoscar, against their sandboxes.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let fila: { nome: string; dados: object }[];

const CANAIS: CanalId[] = ['facebook', 'meucarronovo', 'autoscar'];
const NA_PISTA = { email_meucarronovo: 'loja@autodemo.test', senha_meucarronovo: 's' };
type Publicado = { id: string; anuncios: Record<string, string> };

/** Every channel's `excluir` in flight now, the most seen at once (per channel and overall), and each answer. */
const emCurso: Record<string, number> = {};
const pico = { total: 0, canaisAoMesmoTempo: 0, porCanal: {} as Record<string, number> };
const respostas: Record<string, string[]> = {};
/** Called at a channel's removal, before the channel answers (a test acts "during the run"). */
let durante: (() => Promise<void>) | null = null;

function zerarPicos() {
  pico.total = 0;
  pico.canaisAoMesmoTempo = 0;
  pico.porCanal = {};
}

async function publicar(rotulo: string): Promise<Publicado> {
  const foto = await fotoDaRevenda(amb, amb.ids.revendaA, rotulo, '#386641');
  const r = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, { ...VEICULO_EXEMPLO, imagens: [foto] });
  expect(r.statusCode, r.body).toBe(200);
  const id = r.json().data.id as string;
  const fb = await chamar('POST', '/api/integracao/facebook/enviar', gestor, {
    id_veiculo: id,
    veiculo_post: { face_descricao: `${rotulo} — Fiat Argo Drive 2023`, face_link: 'https://autodemo.test/estoque' },
  });
  expect(fb.statusCode, fb.body).toBe(200);
  const d = (await chamar('POST', '/api/integracao/meucarronovo/incluir', gestor, { id_veiculo: id })).json().data as RascunhoMeuCarroNovo;
  const np = await chamar('POST', '/api/integracao/meucarronovo/enviar', gestor, {
    id_veiculo: id,
    veiculo_post: { ...d.veiculoPost, idTipoAnuncio: d.retTiposAnuncio.find((t) => t.nome === 'Simples')?.id, aceitaTroca: true },
  });
  expect(np.statusCode, np.body).toBe(200);
  const a = (await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: id })).json().data;
  const as = await chamar('POST', '/api/integracao/autoscar/enviar', gestor, { id_veiculo: id, veiculo_post: a.veiculoPost });
  expect(as.statusCode, as.body).toBe(200);
  return {
    id,
    anuncios: { facebook: fb.json().data.id_anuncio, meucarronovo: np.json().data.id_anuncio, autoscar: as.json().data.id_anuncio },
  };
}

/** `n` vehicles published on the three channels, a few at a time. */
async function publicarVarios(rotulo: string, n: number) {
  const feitos: Publicado[] = [];
  for (let i = 0; i < n; i += 5)
    feitos.push(...(await Promise.all(Array.from({ length: Math.min(5, n - i) }, (_, j) => publicar(`${rotulo} ${i + j + 1}`)))));
  return feitos;
}

const vender = async (id: string) => {
  const r = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}/vender`, gestor, { publicar_vendido: false });
  expect(r.statusCode, r.body).toBe(200);
};

const remocoes = (ids: string[]) => amb.banco.db.select().from(veiculoRemocoes).where(inArray(veiculoRemocoes.veiculo_id, ids));

/** What is still online at the sandboxes, of these adverts. */
async function aindaNoAr(publicados: Publicado[]) {
  const fb = ((await (await fetch(`${base}/sandbox/facebook/_anuncios`)).json()) as { data: { id: string; destino: string }[] }).data
    .filter((p) => p.destino === PAGINA_FB)
    .map((p) => p.id);
  const np = ((await (await fetch(`${base}/sandbox/meucarronovo/_anuncios`)).json()) as { anuncios: { id?: unknown; codigo?: unknown }[] })
    .anuncios;
  const noNp = new Set(np.flatMap((a) => [String(a.id), String(a.codigo)]));
  const as = (
    (await (await fetch(`${base}/sandbox/autoscar/_anuncios`)).json()) as { anuncios: { advId: string; removidoEm: string | null }[] }
  ).anuncios;
  const noAs = new Set(as.filter((a) => !a.removidoEm).map((a) => a.advId));
  return publicados.flatMap((p) =>
    [
      fb.includes(p.anuncios.facebook ?? '') ? `facebook:${p.anuncios.facebook}` : null,
      noNp.has(p.anuncios.meucarronovo ?? '') ? `meucarronovo:${p.anuncios.meucarronovo}` : null,
      noAs.has(p.anuncios.autoscar ?? '') ? `autoscar:${p.anuncios.autoscar}` : null,
    ].filter(Boolean),
  );
}

beforeAll(async () => {
  let admin: Credencial | null;
  ({ amb, base, chamar, gestor } = await ambienteDePublicacao());
  fila = await semTarefasEmSegundoPlano(amb); // each test runs the job itself, once
  admin = await amb.entrar('admin');
  await configurarRedesSociais(amb, gestor);
  const np = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/integracoes/meucarronovo`, gestor, { status: true, ...NA_PISTA });
  expect(np.statusCode, np.body).toBe(200);
  const npc = await chamar('POST', '/api/integracao/meucarronovo/configurar', gestor, { id_revenda: amb.ids.revendaA, ...NA_PISTA });
  expect(npc.statusCode, npc.body).toBe(200);
  const as = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/integracoes/autoscar`, admin, { status: true, id_autoscar: '123' });
  expect(as.statusCode, as.body).toBe(200);
  admin = null;
  // Each removal at a channel is counted while in flight; a short pause keeps it there so overlaps are seen.
  for (const canal of CANAIS) {
    const pub = CANAIS_REGISTRADOS[canal].publicacao;
    if (!pub) throw new Error(`${canal} sem publicação`);
    const original = pub.excluir;
    pub.excluir = async (...args) => {
      emCurso[canal] = (emCurso[canal] ?? 0) + 1;
      pico.porCanal[canal] = Math.max(pico.porCanal[canal] ?? 0, emCurso[canal] ?? 0);
      pico.total = Math.max(
        pico.total,
        Object.values(emCurso).reduce((a, b) => a + b, 0),
      );
      pico.canaisAoMesmoTempo = Math.max(pico.canaisAoMesmoTempo, Object.values(emCurso).filter((n) => n > 0).length);
      try {
        const f = durante;
        durante = null;
        await f?.();
        await new Promise((ok) => setTimeout(ok, 15));
        const r = await original(...args);
        if (r.ok) respostas[`${canal}:${args[2]}`] = [...(respostas[`${canal}:${args[2]}`] ?? []), r.valor];
        return r;
      } finally {
        emCurso[canal] = (emCurso[canal] ?? 0) - 1;
      }
    };
  }
}, 120_000);
afterAll(() => amb.encerrar());

describe('venda em lote', () => {
  it('50 vendidos em 3 canais: uma só rodada do job retira os 150 anúncios, canais em paralelo e no máximo 3 por canal', async () => {
    const publicados = await publicarVarios('Lote', 50);
    expect(await aindaNoAr(publicados)).toHaveLength(150);
    const naFila = fila.length;
    for (const p of publicados) await vender(p.id);
    // Each sale queues the job (pg-boss keeps one waiting: the queue is `unica`).
    expect(fila.slice(naFila).every((f) => f.nome === TAREFA_RETIRAR)).toBe(true);
    expect(fila.length - naFila).toBe(50);

    zerarPicos();
    await amb.tarefas.executar(TAREFA_RETIRAR); // one run, no minute tick
    const linhas = await remocoes(publicados.map((p) => p.id));
    expect(linhas).toHaveLength(150);
    expect(linhas.filter((l) => l.estado !== 'removido')).toEqual([]);
    expect(await aindaNoAr(publicados)).toEqual([]);
    // Each advert removed once at its channel.
    for (const p of publicados) for (const canal of CANAIS) expect(respostas[`${canal}:${p.anuncios[canal]}`]).toEqual(['removido']);
    // Bounded: never more than 3 at once at one channel (reached), channels side by side (not one after the other).
    for (const canal of CANAIS) expect(pico.porCanal[canal]).toBe(LIMITES_RETIRADA.porCanal);
    expect(pico.canaisAoMesmoTempo).toBeGreaterThan(1);
    expect(pico.total).toBeLessThanOrEqual(LIMITES_RETIRADA.canais * LIMITES_RETIRADA.porCanal);
  }, 180_000);

  it('limites menores: no máximo 2 canais ao mesmo tempo e 2 retiradas por canal', async () => {
    const publicados = await publicarVarios('Limites', 6);
    for (const p of publicados) await vender(p.id);
    zerarPicos();
    const antes = { ...LIMITES_RETIRADA };
    Object.assign(LIMITES_RETIRADA, { canais: 2, porCanal: 2 });
    try {
      await amb.tarefas.executar(TAREFA_RETIRAR);
    } finally {
      Object.assign(LIMITES_RETIRADA, antes);
    }
    const linhas = await remocoes(publicados.map((p) => p.id));
    expect(linhas.map((l) => l.estado)).toEqual(Array(18).fill('removido'));
    expect(pico.canaisAoMesmoTempo).toBe(2);
    expect(Math.max(...Object.values(pico.porCanal))).toBe(2);
    expect(pico.total).toBeLessThanOrEqual(4);
    expect(await aindaNoAr(publicados)).toEqual([]);
  }, 120_000);

  it('uma venda feita durante a rodada é retirada por essa mesma rodada', async () => {
    const [primeiro, segundo] = await publicarVarios('Durante', 2);
    if (!primeiro || !segundo) throw new Error('sem veículos');
    await vender(primeiro.id);
    let vendidoDurante = false;
    durante = async () => {
      await vender(segundo.id);
      vendidoDurante = true;
    };
    await amb.tarefas.executar(TAREFA_RETIRAR);
    expect(vendidoDurante).toBe(true);
    const linhas = await amb.banco.db.select().from(veiculoRemocoes).where(eq(veiculoRemocoes.veiculo_id, segundo.id));
    expect(linhas.map((l) => [l.canal, l.estado]).sort()).toEqual([
      ['autoscar', 'removido'],
      ['facebook', 'removido'],
      ['meucarronovo', 'removido'],
    ]);
    expect(await aindaNoAr([primeiro, segundo])).toEqual([]);
    for (const p of [primeiro, segundo])
      for (const canal of CANAIS) expect(respostas[`${canal}:${p.anuncios[canal]}`]).toEqual(['removido']);
  }, 120_000);
});
