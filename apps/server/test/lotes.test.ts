import type { CanalId, Lote } from '@intermedio/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Aplicacao, buildApp } from '../src/app.ts';
import type { PublicacaoVeiculo } from '../src/canais/publicacao.ts';
import { CANAIS_REGISTRADOS } from '../src/canais/registro.ts';
import { loteItens, lotes, veiculoIntegracoes, veiculos } from '../src/db/schema/index.ts';
import { lotesRepository } from '../src/modules/lotes/lotes.repository.ts';
import { LIMITES_LOTE, TAREFA_LOTES } from '../src/modules/lotes/lotes.service.ts';
import { publicacaoRepository } from '../src/modules/publicacao/publicacao.repository.ts';
import { type Ambiente, type Credencial, cabecalhos, ouvir } from './ajuda/ambiente.ts';
import { ambienteComAutoscar } from './ajuda/publicacao.ts';
import { transacoesDurante } from './ajuda/transacoes.ts';
import { type chamarComo, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * Bulk actions (issue 24 item 2) against the Autoscar and Webmotors sandboxes. The job's rounds are run by the tests
 * (`amb.tarefas.executar`), except the restart, where a second app on the same database resumes the batch by itself.
 * Publishing without the form needs the channel's `postPadrao` (another item of the issue): here it is the draft's
 * own post (Webmotors: plus the first modality of the ad type), so what is tested is the job, not the defaults.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
const CANAIS: CanalId[] = ['autoscar', 'webmotors'];
const restaurar: (() => void)[] = [];
/** Vehicles whose bulk post asks for review (the channel's postPadrao answers `revisao`). */
const emRevisao = new Set<string>();

type Rascunho = { veiculoPost: Record<string, unknown>; retModalidade?: { id: string; tipoAnuncio: string }[] };
const POSTS: Record<string, (r: Rascunho) => Record<string, unknown>> = {
  autoscar: (r) => r.veiculoPost,
  webmotors: (r) => ({
    ...r.veiculoPost,
    CodigoModalidade: r.retModalidade?.find((m) => m.tipoAnuncio === r.veiculoPost.TipoAnuncio)?.id,
  }),
};

function trocar<K extends keyof PublicacaoVeiculo>(canal: CanalId, nome: K, nova: PublicacaoVeiculo[K]) {
  const pub = CANAIS_REGISTRADOS[canal].publicacao as PublicacaoVeiculo;
  const original = pub[nome];
  pub[nome] = nova;
  return () => {
    pub[nome] = original;
  };
}

/** Adverts at the sandboxes (every one received in this process, removed ones too). */
async function naSandbox() {
  const as = ((await (await fetch(`${base}/sandbox/autoscar/_anuncios`)).json()) as { anuncios: unknown[] }).anuncios;
  const wm = ((await (await fetch(`${base}/sandbox/webmotors/_anuncios`)).json()) as { anuncios: unknown[] }).anuncios;
  return { autoscar: as.length, webmotors: wm.length };
}

async function novosVeiculos(n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
    expect(r.statusCode, r.body).toBe(200);
    ids.push(r.json().data.id);
  }
  return ids;
}

const criar = (corpo: object) => chamar('POST', `/api/revendas/${amb.ids.revendaA}/lotes`, gestor, corpo);
const ler = async (id: string): Promise<Lote> => (await chamar('GET', `/api/revendas/${amb.ids.revendaA}/lotes/${id}`, gestor)).json().data;
const estados = (l: Lote) => l.itens.map((i) => `${i.canal}:${i.estado}`).sort();

beforeAll(async () => {
  ({ amb, base, chamar, gestor } = await ambienteComAutoscar());
  const wm = await chamar('POST', '/api/integracao/webmotors/configurar', gestor, {
    id_revenda: amb.ids.revendaA,
    cnpj_revenda: '12345678000195',
    email_webmotors: 'loja@autodemo.test',
    senha_webmotors: 's',
  });
  expect(wm.statusCode, wm.body).toBe(200);
  for (const canal of CANAIS)
    restaurar.push(
      trocar(canal, 'postPadrao', (r, v) =>
        emRevisao.has(v.id) ? { revisao: ['versão'] } : { post: POSTS[canal]?.(r as Rascunho) ?? {} },
      ),
    );
}, 120_000);
afterAll(async () => {
  for (const r of restaurar) r();
  await amb.encerrar();
});

describe('ações em lote', () => {
  it('publica 3 veículos na Autoscar e na Webmotors; repetido, não cria um segundo anúncio', async () => {
    const ids = await novosVeiculos(3);
    const antes = await naSandbox();
    const r = await criar({ acao: 'publicar', veiculos: ids, canais: CANAIS });
    expect(r.statusCode, r.body).toBe(200);
    const criado = r.json().data as Lote;
    expect(criado).toMatchObject({ acao: 'publicar', estado: 'executando', total: 6, concluidos: 0 });
    expect(criado.itens.every((i) => i.estado === 'aguardando' && i.veiculo.includes(VEICULO_EXEMPLO.vefipe_marca))).toBe(true);

    await amb.tarefas.executar(TAREFA_LOTES);
    const feito = await ler(criado.id);
    expect(feito.itens.filter((i) => i.estado !== 'publicado').map((i) => `${i.canal}: ${i.motivo}`)).toEqual([]);
    expect(feito).toMatchObject({ estado: 'concluido', total: 6, concluidos: 6 });
    expect(await naSandbox()).toEqual({ autoscar: antes.autoscar + 3, webmotors: antes.webmotors + 3 });

    // The same bulk publish again: already published, nothing sent.
    const outra = (await criar({ acao: 'publicar', veiculos: ids, canais: CANAIS })).json().data as Lote;
    await amb.tarefas.executar(TAREFA_LOTES);
    const repetido = await ler(outra.id);
    expect(estados(repetido)).toEqual([...Array(3).fill('autoscar:publicado'), ...Array(3).fill('webmotors:publicado')]);
    expect(repetido.itens.every((i) => i.motivo === 'Já estava publicado: não foi enviado de novo.')).toBe(true);
    expect(await naSandbox()).toEqual({ autoscar: antes.autoscar + 3, webmotors: antes.webmotors + 3 });

    // "Retirar de…" Autoscar: the three adverts removed there, Webmotors' stay.
    const retirar = (await criar({ acao: 'retirar', veiculos: ids, canais: ['autoscar'] })).json().data as Lote;
    await amb.tarefas.executar(TAREFA_LOTES);
    expect(estados(await ler(retirar.id))).toEqual(Array(3).fill('autoscar:feito'));
    const registros = await amb.banco.db.select().from(veiculoIntegracoes).where(sql`${veiculoIntegracoes.veiculo_id} in ${ids}`);
    expect(registros.map((x) => x.canal).sort()).toEqual(Array(3).fill('webmotors'));
  }, 120_000);

  it('a linha do tempo do veículo diz quem pediu a ação em lote (não "Automático")', async () => {
    const [id] = await novosVeiculos(1);
    const publicar = (await criar({ acao: 'publicar', veiculos: [id], canais: ['autoscar'] })).json().data as Lote;
    await amb.tarefas.executar(TAREFA_LOTES);
    expect(estados(await ler(publicar.id))).toEqual(['autoscar:publicado']);
    const retirar = (await criar({ acao: 'retirar', veiculos: [id], canais: ['autoscar'] })).json().data as Lote;
    await amb.tarefas.executar(TAREFA_LOTES);
    expect(estados(await ler(retirar.id))).toEqual(['autoscar:feito']);
    const nome = (await chamar('GET', '/api/auth/sessao', gestor)).json().data.usuario.nome as string;
    const atividade = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}/atividade`, gestor);
    expect(atividade.statusCode, atividade.body).toBe(200);
    const doCanal = (atividade.json().data as { tipo: string; operacao?: string; quem: string | null }[]).filter((e) => e.tipo === 'canal');
    expect(doCanal.map((e) => [e.operacao, e.quem]).sort()).toEqual([
      ['enviar', nome],
      ['excluir', nome],
    ]);
  }, 60_000);

  it('issue 24, transações por envio: o job lê o lote, o anúncio e os padrões uma vez, e termina o lote uma vez', async () => {
    // Per item: the claim (with the batch's action, the advert's state and the vehicle for the draft), the send's
    // pendente and the channel's answer with the item's outcome; the defaults once per channel and run, the batch's
    // end once. Before: the batch, the advert and the defaults read again and terminarSeVazio per item (~9 each).
    const ids = await novosVeiculos(4);
    const criado = (await criar({ acao: 'publicar', veiculos: ids, canais: CANAIS })).json().data as Lote;
    const grupos = {
      reivindicados: vi.spyOn(lotesRepository, 'reivindicarComVeiculo'),
      tomados: vi.spyOn(publicacaoRepository, 'tomarComTravaVarios'),
      respondidos: vi.spyOn(lotesRepository, 'publicadosComItens'),
    };
    let tamanhos: Record<keyof typeof grupos, number[]>;
    let transacoes: string[];
    try {
      transacoes = await transacoesDurante(amb.banco, () => amb.tarefas.executar(TAREFA_LOTES));
      tamanhos = {
        reivindicados: grupos.reivindicados.mock.calls.map(([, ids]) => ids.length),
        tomados: grupos.tomados.mock.calls.map(([, as]) => as.length),
        respondidos: grupos.respondidos.mock.calls.map(([, rs]) => rs.length),
      };
    } finally {
      for (const g of Object.values(grupos)) g.mockRestore();
    }
    const feito = await ler(criado.id);
    expect(feito).toMatchObject({ estado: 'concluido', total: 8, concluidos: 8 });
    expect(feito.itens.every((i) => i.estado === 'publicado')).toBe(true);
    const envios = ids.length * CANAIS.length;
    expect(
      transacoes.filter((t) => /^select .* from "lotes"/.test(t)),
      transacoes.join('\n'),
    ).toEqual([]);
    expect(transacoes.filter((t) => /^update "lotes"/.test(t))).toHaveLength(1);
    expect(transacoes.filter((t) => /from "revenda_padroes_publicacao"/.test(t)).length).toBeLessThanOrEqual(CANAIS.length);
    // The claim with the vehicle read, the send's pendente with the vehicle's lock, and the channel's answer with the
    // item's outcome: one statement each (CTEs), no BEGIN / COMMIT round trips around them, each shared by the items
    // in flight (group commit): every item once, and the run's first items (twice `porCanal` per channel, started
    // together) claimed by one statement.
    const claims = transacoes.filter((t) => /^with "reivindicado" as \(update "lote_itens"/.test(t));
    const pendentes = transacoes.filter((t) => /^with entrada as .*\btrava as .*\binsert into veiculo_integracoes/s.test(t));
    const respostas = transacoes.filter((t) =>
      /^with entrada as .*\bpublicado as \(update veiculo_integracoes .*\bupdate lote_itens/s.test(t),
    );
    expect([claims.length, pendentes.length, respostas.length]).toEqual([
      tamanhos.reivindicados.length,
      tamanhos.tomados.length,
      tamanhos.respondidos.length,
    ]);
    for (const n of Object.values(tamanhos)) expect(n.reduce((a, b) => a + b, 0)).toBe(envios);
    const primeiros = Math.min(ids.length, 2 * LIMITES_LOTE.porCanal) * CANAIS.length;
    expect(tamanhos.reivindicados[0]).toBe(primeiros);
    expect(transacoes.length, transacoes.join('\n')).toBeLessThanOrEqual(3 * envios - (primeiros - 1) + 6);
    expect(
      transacoes.filter((t) => t === 'transação'),
      transacoes.join('\n'),
    ).toEqual([]);
  }, 120_000);

  it('issue 24: no máximo `porCanal` chamadas em curso por canal, enquanto os próximos itens são preparados', async () => {
    const ids = await novosVeiculos(9);
    const criado = (await criar({ acao: 'publicar', veiculos: ids, canais: ['autoscar'] })).json().data as Lote;
    const pub = CANAIS_REGISTRADOS.autoscar.publicacao as PublicacaoVeiculo;
    const enviar = pub.enviar;
    let chamando = 0;
    let picoChamando = 0;
    let picoEnviando = 0;
    const volta = trocar('autoscar', 'enviar', async (...args) => {
      chamando++;
      picoChamando = Math.max(picoChamando, chamando);
      // Items of this batch claimed meanwhile (enviando): the calls in flight and the next ones, being prepared.
      const emCurso = await amb.banco.db
        .select({ id: loteItens.id })
        .from(loteItens)
        .where(and(eq(loteItens.lote_id, criado.id), eq(loteItens.estado, 'enviando')));
      const n = emCurso.length;
      picoEnviando = Math.max(picoEnviando, n);
      try {
        await new Promise((ok) => setTimeout(ok, 30));
        return await enviar(...args);
      } finally {
        chamando--;
      }
    });
    try {
      await amb.tarefas.executar(TAREFA_LOTES);
    } finally {
      volta();
    }
    expect(estados(await ler(criado.id))).toEqual(Array(9).fill('autoscar:publicado'));
    expect(picoChamando).toBe(LIMITES_LOTE.porCanal);
    expect(picoEnviando).toBeGreaterThan(LIMITES_LOTE.porCanal);
    expect(picoEnviando).toBeLessThanOrEqual(2 * LIMITES_LOTE.porCanal);
  }, 60_000);

  it('um canal lento não segura o rápido: os anúncios da Autoscar saem enquanto a Webmotors ainda envia', async () => {
    // Ready items are read 4 at a time: with one read for every channel (a round), the Autoscar items of the next
    // read would wait for the Webmotors ones of this read. Each channel reads its own next ones instead.
    const ids = await novosVeiculos(6);
    const criado = (await criar({ acao: 'publicar', veiculos: ids, canais: CANAIS })).json().data as Lote;
    const antes = { ...LIMITES_LOTE };
    Object.assign(LIMITES_LOTE, { porLeitura: 4 });
    const feitos: CanalId[] = [];
    let webmotorsQuandoAutoscarTerminou = -1;
    const voltas = CANAIS.map((canal) => {
      const enviar = (CANAIS_REGISTRADOS[canal].publicacao as PublicacaoVeiculo).enviar;
      return trocar(canal, 'enviar', async (...args) => {
        if (canal === 'webmotors') await new Promise((ok) => setTimeout(ok, 400)); // a slow portal
        const r = await enviar(...args);
        feitos.push(canal);
        if (canal === 'autoscar' && feitos.filter((c) => c === 'autoscar').length === ids.length)
          webmotorsQuandoAutoscarTerminou = feitos.filter((c) => c === 'webmotors').length;
        return r;
      });
    });
    try {
      await amb.tarefas.executar(TAREFA_LOTES);
    } finally {
      for (const v of voltas) v();
      Object.assign(LIMITES_LOTE, antes);
    }
    const feito = await ler(criado.id);
    expect(feito).toMatchObject({ estado: 'concluido', total: 12, concluidos: 12 });
    expect(estados(feito)).toEqual([...Array(6).fill('autoscar:publicado'), ...Array(6).fill('webmotors:publicado')]);
    // 3 Webmotors calls at a time, 400 ms each: the six Autoscar adverts were out before the last three ended (a read
    // for every channel at once gives 4: the third read's two Autoscar items waited for the second's Webmotors ones).
    expect(webmotorsQuandoAutoscarTerminou).toBeGreaterThanOrEqual(0);
    expect(webmotorsQuandoAutoscarTerminou).toBeLessThanOrEqual(3);
  }, 60_000);

  it('o banco falha ao ler os próximos itens de um canal: a rodada não cai, e os itens desse canal são lidos de novo', async () => {
    const ids = await novosVeiculos(3);
    const criado = (await criar({ acao: 'publicar', veiculos: ids, canais: CANAIS })).json().data as Lote;
    const antes = { ...LIMITES_LOTE };
    Object.assign(LIMITES_LOTE, { porLeitura: 2 });
    const aExecutar = lotesRepository.aExecutar.bind(lotesRepository);
    let falhas = 0;
    const espia = vi.spyOn(lotesRepository, 'aExecutar').mockImplementation((db, limite, op) => {
      if (op?.canal === 'autoscar') {
        falhas++;
        return Promise.reject(new Error('conexão perdida')) as unknown as ReturnType<typeof aExecutar>;
      }
      return aExecutar(db, limite, op);
    });
    try {
      await amb.tarefas.executar(TAREFA_LOTES);
    } finally {
      espia.mockRestore();
      Object.assign(LIMITES_LOTE, antes);
    }
    // The Autoscar loop stopped at each failed read; the run's next read (of every channel without a loop) took its
    // items again, so the run still ended every item.
    expect(falhas).toBeGreaterThan(0);
    const feito = await ler(criado.id);
    expect(feito).toMatchObject({ estado: 'concluido', total: 6, concluidos: 6 });
    expect(estados(feito)).toEqual([...Array(3).fill('autoscar:publicado'), ...Array(3).fill('webmotors:publicado')]);
  }, 60_000);

  it('issue 24, envios agrupados: cada envio do grupo é tomado ou não por si; dois do mesmo anúncio recusam o grupo', async () => {
    const [a, vendido, c, d] = (await novosVeiculos(4)) as [string, string, string, string];
    await amb.banco.db.update(veiculos).set({ vevendido: 1 }).where(eq(veiculos.id, vendido));
    const envio = (veiculoId: string) => ({
      veiculoId,
      canal: 'autoscar',
      revendaId: amb.ids.revendaA,
      chave: crypto.randomUUID(),
      envio: { preco: 1 },
      leaseSegundos: 60,
    });
    const [ea, ev, ec] = [envio(a), envio(vendido), envio(c)];
    // The sold vehicle's send is not taken (nothing written for it); the others are, each with its own key.
    expect(await publicacaoRepository.tomarComTravaVarios(amb.banco.db, [ea, ev, ec])).toEqual([
      { chave: ea.chave },
      null,
      { chave: ec.chave },
    ]);
    const linhas = await amb.banco.db
      .select()
      .from(veiculoIntegracoes)
      .where(sql`${veiculoIntegracoes.veiculo_id} in ${[a, vendido, c]}`);
    expect(linhas.map((l) => [l.veiculo_id, l.estado, l.chave]).sort()).toEqual(
      [
        [a, 'pendente', ea.chave],
        [c, 'pendente', ec.chave],
      ].sort(),
    );
    // Already pendente: a second send of the same advert is not taken.
    expect(await publicacaoRepository.tomarComTravaVarios(amb.banco.db, [envio(a)])).toEqual([null]);
    // Two sends of one advert in one statement break it (db/em-grupo.ts then tries them one by one): nothing written.
    await expect(publicacaoRepository.tomarComTravaVarios(amb.banco.db, [envio(d), envio(d)])).rejects.toThrow();
    expect(await publicacaoRepository.buscar(amb.banco.db, { veiculoId: d, canal: 'autoscar' })).toBeUndefined();
  }, 60_000);

  it('issue 24, CPU por item: o veículo é lido uma vez por envio (na reivindicação); vendido antes do envio, nada é enviado', async () => {
    const ids = await novosVeiculos(3);
    const [vendido] = ids;
    const criado = (await criar({ acao: 'publicar', veiculos: ids, canais: ['autoscar'] })).json().data as Lote;
    const antes = await naSandbox();
    const pub = CANAIS_REGISTRADOS.autoscar.publicacao as PublicacaoVeiculo;
    const rascunho = pub.rascunho;
    // Sold after the claim read it and before the send: the send's own transaction must still refuse it.
    const desfazer = trocar('autoscar', 'rascunho', async (ctx, sessao, v, idAnuncio) => {
      if (v.id === vendido) await amb.banco.db.update(veiculos).set({ vevendido: 1 }).where(eq(veiculos.id, v.id));
      return rascunho(ctx, sessao, v, idAnuncio);
    });
    const leituras = vi.spyOn(publicacaoRepository, 'veiculo');
    let lidos = 0;
    try {
      await amb.tarefas.executar(TAREFA_LOTES);
      lidos = leituras.mock.calls.length;
    } finally {
      desfazer();
      leituras.mockRestore();
    }
    const feito = await ler(criado.id);
    expect(feito.itens.map((i) => [i.veiculo_id === vendido, i.estado, i.motivo]).sort()).toEqual([
      [false, 'publicado', null],
      [false, 'publicado', null],
      [true, 'falhou', 'Um veículo vendido não pode ser publicado. Desfaça a venda para publicá-lo de novo.'],
    ]);
    expect(await naSandbox()).toEqual({ ...antes, autoscar: antes.autoscar + 2 });
    // Read only by the claim's own statement (lotesRepository.reivindicarComVeiculo). Before: by the claim's
    // transaction and again, whole (photos, integration), FOR SHARE in the send's, converted and decrypted again: 6.
    expect(lidos).toBe(0);
  }, 120_000);

  it('issue 24, CPU por item: as instruções de cada item (reivindicação, veículo, envio, resposta) são montadas uma vez', async () => {
    const ids = await novosVeiculos(4);
    const criado = (await criar({ acao: 'publicar', veiculos: ids, canais: ['autoscar'] })).json().data as Lote;
    const montar = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    let textos: string[] = [];
    try {
      await amb.tarefas.executar(TAREFA_LOTES);
      textos = montar.mock.results.map((r) => (r.value as { sql: string }).sql);
    } finally {
      montar.mockRestore();
    }
    expect(estados(await ler(criado.id))).toEqual(Array(4).fill('autoscar:publicado'));
    // Prepared once per process (db/preparada.ts): at most one build each, however many items. Before: one per item.
    const vezes = (re: RegExp) => textos.filter((t) => re.test(t)).length;
    expect(vezes(/^update "lote_itens" set "estado" = \$1, "lease_ate"/), textos.join('\n')).toBeLessThanOrEqual(1);
    expect(vezes(/^update "lote_itens" set "estado" = \$1, "motivo"/)).toBeLessThanOrEqual(1);
    expect(vezes(/ from "veiculos" inner join "revendas"/)).toBeLessThanOrEqual(2);
    expect(vezes(/^select "veremovido", "vevendido" from "veiculos"/)).toBeLessThanOrEqual(1);
    expect(vezes(/^insert into "veiculo_integracoes"/)).toBeLessThanOrEqual(1);
    expect(vezes(/^update "veiculo_integracoes" set "estado" = \$1, "status"/)).toBeLessThanOrEqual(1);
  }, 120_000);

  it('issue 24: as modalidades da Webmotors (cotas da revenda) são pedidas uma vez por rodada, não por veículo', async () => {
    const ids = await novosVeiculos(3);
    const criado = (await criar({ acao: 'publicar', veiculos: ids, canais: ['webmotors'] })).json().data as Lote;
    const original = globalThis.fetch;
    let modalidades = 0;
    globalThis.fetch = (url, init) => {
      if (String(init?.body ?? '').includes('ObterModalidade')) modalidades++;
      return original(url, init);
    };
    try {
      await amb.tarefas.executar(TAREFA_LOTES);
    } finally {
      globalThis.fetch = original;
    }
    expect(estados(await ler(criado.id))).toEqual(Array(3).fill('webmotors:publicado'));
    // Before: one ObterModalidade per vehicle's draft (3). The screen's draft still asks every time.
    expect(modalidades).toBe(1);
  }, 120_000);

  it('issue 24, transações: Atualizar anúncios e Retirar de… leem o veículo (e a integração) na reivindicação do item', async () => {
    const ids = await novosVeiculos(3);
    await amb.tarefas.executar(TAREFA_LOTES);
    const pub = (await criar({ acao: 'publicar', veiculos: ids, canais: ['webmotors'] })).json().data as Lote;
    await amb.tarefas.executar(TAREFA_LOTES);
    expect(estados(await ler(pub.id))).toEqual(Array(3).fill('webmotors:publicado'));
    for (const id of ids) {
      const atual = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`, gestor)).json().data;
      const r = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`, gestor, {
        ...VEICULO_EXEMPLO,
        vevalor: '71.900,00',
        versao: atual.versao,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    // Run by the bulk job, not the automatic sync (which would update them first).
    const atualizar = (await criar({ acao: 'atualizar', veiculos: ids })).json().data as Lote;
    const tAtualizar = await transacoesDurante(amb.banco, () => amb.tarefas.executar(TAREFA_LOTES));
    expect((await ler(atualizar.id)).itens.map((i) => i.motivo)).toEqual(Array(3).fill('Anúncio atualizado.'));
    const retirar = (await criar({ acao: 'retirar', veiculos: ids, canais: ['webmotors'] })).json().data as Lote;
    const tRetirar = await transacoesDurante(amb.banco, () => amb.tarefas.executar(TAREFA_LOTES));
    expect(estados(await ler(retirar.id))).toEqual(Array(3).fill('webmotors:feito'));
    // Per item, besides the run's 4 (ready items twice, next back-off, end of the batch). Before: the claim, then the
    // vehicle read on its own and (atualizar) the reseller's integration on its own: 7 per updated advert, 7 per removal.
    const porItem = (t: string[]) => (t.length - 4) / ids.length;
    expect(porItem(tAtualizar), tAtualizar.join('\n')).toBeLessThanOrEqual(5);
    expect(porItem(tRetirar), tRetirar.join('\n')).toBeLessThanOrEqual(6);
  }, 120_000);

  it('um veículo que precisa de revisão nunca é enviado: "Precisa de revisão: {campo}"', async () => {
    const [id] = await novosVeiculos(1);
    emRevisao.add(id ?? '');
    const antes = await naSandbox();
    const l = (await criar({ acao: 'publicar', veiculos: [id], canais: ['autoscar'] })).json().data as Lote;
    await amb.tarefas.executar(TAREFA_LOTES);
    const [item] = (await ler(l.id)).itens;
    expect(item).toMatchObject({ estado: 'revisao', motivo: 'Precisa de revisão: versão', revisao: ['versão'] });
    expect(await naSandbox()).toEqual(antes);
  }, 60_000);

  it('429 do canal: espera e tenta de novo (não é falha); passado o limite de tentativas, falhou', async () => {
    const [um, dois] = await novosVeiculos(2);
    const antes = { ...LIMITES_LOTE };
    Object.assign(LIMITES_LOTE, { esperaSegundos: 0.2, tentativas: 4 });
    try {
      await fetch(`${base}/sandbox/autoscar/_limitar`, {
        method: 'POST',
        body: JSON.stringify({ vezes: 2 }),
        headers: { 'content-type': 'application/json' },
      });
      const l = (await criar({ acao: 'publicar', veiculos: [um], canais: ['autoscar'] })).json().data as Lote;
      const t0 = Date.now();
      await amb.tarefas.executar(TAREFA_LOTES);
      const [item] = (await ler(l.id)).itens;
      expect(item).toMatchObject({ estado: 'publicado', tentativas: 3, motivo: null });
      expect(Date.now() - t0).toBeGreaterThanOrEqual(500); // 0.2 s, then 0.4 s of back-off

      await fetch(`${base}/sandbox/autoscar/_limitar`, {
        method: 'POST',
        body: JSON.stringify({ vezes: 10 }),
        headers: { 'content-type': 'application/json' },
      });
      const l2 = (await criar({ acao: 'publicar', veiculos: [dois], canais: ['autoscar'] })).json().data as Lote;
      await amb.tarefas.executar(TAREFA_LOTES);
      const [falhou] = (await ler(l2.id)).itens;
      expect(falhou?.estado).toBe('falhou');
      expect(falhou?.tentativas).toBe(4);
      expect(falhou?.motivo).toMatch(/^Desistimos depois de várias tentativas: Autoscar limitou as requisições/);
    } finally {
      Object.assign(LIMITES_LOTE, antes);
      await fetch(`${base}/sandbox/autoscar/_limitar`, {
        method: 'POST',
        body: JSON.stringify({ vezes: 0 }),
        headers: { 'content-type': 'application/json' },
      });
    }
  }, 60_000);

  it('Cancelar: os itens em andamento terminam, os não iniciados ficam cancelados e nada mais é enviado', async () => {
    // One call at a time at the channel (porCanal 1), so two items going: the one calling and the next one, already
    // claimed with its pendente written, waiting for its turn. Both finish; the third was not started.
    const ids = await novosVeiculos(3);
    const antes = await naSandbox();
    const l = (await criar({ acao: 'publicar', veiculos: ids, canais: ['autoscar'] })).json().data as Lote;
    const limites = { ...LIMITES_LOTE };
    Object.assign(LIMITES_LOTE, { porCanal: 1 });
    const pub = CANAIS_REGISTRADOS.autoscar.publicacao as PublicacaoVeiculo;
    const enviar = pub.enviar;
    let cancelamento: Lote | null = null;
    const volta = trocar('autoscar', 'enviar', async (...args) => {
      cancelamento ??= (await chamar('POST', `/api/revendas/${amb.ids.revendaA}/lotes/${l.id}/cancelar`, gestor)).json().data;
      return enviar(...args);
    });
    try {
      await amb.tarefas.executar(TAREFA_LOTES);
    } finally {
      volta();
      Object.assign(LIMITES_LOTE, limites);
    }
    expect(cancelamento).toMatchObject({ estado: 'cancelado' });
    const fim = await ler(l.id);
    expect(fim.estado).toBe('cancelado');
    expect(fim.itens.map((i) => i.estado)).toEqual(['publicado', 'publicado', 'cancelado']);
    expect(fim).toMatchObject({ total: 3, concluidos: 3 });
    expect(await naSandbox()).toEqual({ ...antes, autoscar: antes.autoscar + 2 });
    // Cancelling a batch that is over: 409.
    const de_novo = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/lotes/${l.id}/cancelar`, gestor);
    expect(de_novo.statusCode).toBe(409);
  }, 60_000);

  it('progresso de um lote grande: com ?desde= (o cursor da leitura anterior) só vêm os itens que mudaram; n de N é do lote inteiro', async () => {
    const ids = await novosVeiculos(3);
    const l = (await criar({ acao: 'publicar', veiculos: ids, canais: ['autoscar'] })).json().data as Lote;
    expect(l).toMatchObject({ parcial: false, total: 3 });
    await amb.tarefas.executar(TAREFA_LOTES);
    // Written a minute ago (an older batch): a read with a cursor of now brings none of them.
    await amb.banco.db.execute(sql`update lote_itens set updated_at = now() - interval '1 minute' where lote_id = ${l.id}`);
    const url = `/api/revendas/${amb.ids.revendaA}/lotes/${l.id}`;
    const inteiro = (await chamar('GET', url, gestor)).json().data as Lote;
    expect(inteiro).toMatchObject({ parcial: false, total: 3, concluidos: 3, estado: 'concluido' });
    expect(inteiro.itens).toHaveLength(3);
    const nada = (await chamar('GET', `${url}?desde=${encodeURIComponent(inteiro.cursor)}`, gestor)).json().data as Lote;
    expect(nada).toMatchObject({ parcial: true, total: 3, concluidos: 3, itens: [] });
    // One item written after that read: the next read with its cursor brings that one alone.
    const [mudou] = inteiro.itens;
    await amb.banco.db.execute(sql`update lote_itens set motivo = 'mudou', updated_at = now() where id = ${mudou?.id}`);
    const so = (await chamar('GET', `${url}?desde=${encodeURIComponent(nada.cursor)}`, gestor)).json().data as Lote;
    expect(so.itens.map((i) => [i.id, i.motivo])).toEqual([[mudou?.id, 'mudou']]);
    expect(so).toMatchObject({ parcial: true, total: 3, concluidos: 3 });
    // The cursor is a few seconds behind the database's clock (the margin that keeps a late commit from being lost).
    const r = (await amb.banco.db.execute(sql`select extract(epoch from now()) * 1000 as ms`)) as unknown as { rows: { ms: string }[] };
    const atraso = Number(r.rows[0]?.ms) - Date.parse(so.cursor);
    expect(atraso).toBeGreaterThanOrEqual(5000);
    expect(atraso).toBeLessThan(60_000);
    const ruim = await chamar('GET', `${url}?desde=ontem`, gestor);
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json()).toMatchObject({ data: expect.stringContaining('Data inválida.') });
  });

  it('um veículo de outra revenda recusa o lote inteiro (404), nada é feito', async () => {
    const [meu] = await novosVeiculos(1);
    const gestorB = await amb.entrar('gestorB');
    const deB = await amb.app.inject({
      method: 'POST',
      url: `/api/revendas/${amb.ids.revendaB}/veiculos`,
      headers: cabecalhos(gestorB),
      payload: { ...VEICULO_EXEMPLO, vetipoveiculo: 'carro' },
    });
    expect(deB.statusCode, deB.body).toBe(200);
    const antes = (await amb.banco.db.select({ n: sql<number>`count(*)::int` }).from(lotes))[0]?.n;
    const r = await criar({ acao: 'retirar', veiculos: [meu, deB.json().data.id], canais: ['autoscar'] });
    expect(r.statusCode).toBe(404);
    expect(r.json().data).toBe('Algum veículo selecionado não foi encontrado nesta revenda. Nada foi feito.');
    expect((await amb.banco.db.select({ n: sql<number>`count(*)::int` }).from(lotes))[0]?.n).toBe(antes);
    // gestor B on reseller A's route: refused before anything (403).
    const b = await amb.app.inject({
      method: 'POST',
      url: `/api/revendas/${amb.ids.revendaA}/lotes`,
      headers: cabecalhos(gestorB),
      payload: { acao: 'retirar', veiculos: [meu], canais: ['autoscar'] },
    });
    expect(b.statusCode).toBe(403);
    // Bad input: a clear message, never 500.
    const sem = await criar({ acao: 'publicar', veiculos: [meu], canais: [] });
    expect(sem.statusCode).toBe(400);
    expect(sem.body).toContain('Escolha pelo menos um canal.');
  }, 60_000);

  it('Atualizar anúncios: o preço novo chega aos canais pela atualização do canal; um anúncio atual não é enviado', async () => {
    const [um, dois] = await novosVeiculos(2);
    const pub = (await criar({ acao: 'publicar', veiculos: [um, dois], canais: CANAIS })).json().data as Lote;
    await amb.tarefas.executar(TAREFA_LOTES);
    expect(estados(await ler(pub.id))).toEqual(['autoscar:publicado', 'autoscar:publicado', 'webmotors:publicado', 'webmotors:publicado']);
    const atual = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${um}`, gestor)).json().data;
    const salvo = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/veiculos/${um}`, gestor, {
      ...VEICULO_EXEMPLO,
      vevalor: '69.900,00',
      versao: atual.versao,
    });
    expect(salvo.statusCode, salvo.body).toBe(200);
    // Autoscar without an edit operation (as Instagram): the item says so.
    const volta = trocar('autoscar', 'atualizar', undefined);
    try {
      const l = (await criar({ acao: 'atualizar', veiculos: [um, dois] })).json().data as Lote;
      expect(l.total).toBe(4); // every published advert of the two vehicles
      await amb.tarefas.executar(TAREFA_LOTES);
      const fim = await ler(l.id);
      const de = (v: string | undefined, c: CanalId) => fim.itens.find((i) => i.veiculo_id === v && i.canal === c);
      expect(de(um, 'webmotors')).toMatchObject({ estado: 'feito', motivo: 'Anúncio atualizado.' });
      expect(de(um, 'autoscar')).toMatchObject({
        estado: 'falhou',
        motivo: 'Este canal não permite atualizar o anúncio: exclua e publique de novo.',
      });
      expect(de(dois, 'webmotors')).toMatchObject({ estado: 'feito', motivo: 'O anúncio já estava atualizado: nada foi enviado.' });
      expect(fim.estado).toBe('concluido');
    } finally {
      volta();
    }
    const registros = await amb.banco.db.select().from(veiculoIntegracoes).where(sql`${veiculoIntegracoes.veiculo_id} = ${um}`);
    const wm = registros.find((r) => r.canal === 'webmotors');
    expect(wm?.desatualizado).toBe(false);
    const anuncios = (
      (await (await fetch(`${base}/sandbox/webmotors/_anuncios`)).json()) as { anuncios: { CodigoAnuncio: number; PrecoReal: string }[] }
    ).anuncios;
    expect(anuncios.find((a) => String(a.CodigoAnuncio) === wm?.id_anuncio)?.PrecoReal).toMatch(/69.?900/);
  }, 120_000);

  it('Marcar como vendido em lote: uma venda por veículo, e os anúncios retirados como hoje', async () => {
    const ids = await novosVeiculos(2);
    const l = (await criar({ acao: 'vendido', veiculos: ids })).json().data as Lote;
    expect(l.itens.map((i) => i.canal)).toEqual([null, null]);
    await amb.tarefas.executar(TAREFA_LOTES);
    const fim = await ler(l.id);
    expect(fim.itens.map((i) => [i.estado, i.motivo])).toEqual(Array(2).fill(['feito', 'Venda registrada.']));
    const again = (await criar({ acao: 'vendido', veiculos: ids })).json().data as Lote;
    await amb.tarefas.executar(TAREFA_LOTES);
    expect((await ler(again.id)).itens.map((i) => i.motivo)).toEqual(Array(2).fill('Este veículo já está marcado como vendido.'));
  }, 60_000);

  it('uma chamada ao canal mais longa que o lease do item: o lease é mantido e o item não é tomado de novo', async () => {
    const [id] = await novosVeiculos(1);
    const pub = (await criar({ acao: 'publicar', veiculos: [id], canais: ['autoscar'] })).json().data as Lote;
    await amb.tarefas.executar(TAREFA_LOTES);
    expect((await ler(pub.id)).itens.map((i) => i.estado)).toEqual(['publicado']);
    const controle = (caminho: string, method = 'POST') => fetch(`${base}/sandbox/autoscar/${caminho}`, { method });
    const antes = { ...LIMITES_LOTE };
    Object.assign(LIMITES_LOTE, { leaseSegundos: 1 });
    await controle('_reter'); // holds the next DELETE (the removal) until _liberar
    const l = (await criar({ acao: 'retirar', veiculos: [id], canais: ['autoscar'] })).json().data as Lote;
    const rodada = amb.tarefas.executar(TAREFA_LOTES);
    try {
      await expect
        .poll(async () => ((await (await controle('_reter', 'GET')).json()) as { retida: boolean }).retida, { timeout: 20_000 })
        .toBe(true);
      await new Promise((ok) => setTimeout(ok, 2500)); // more than twice the item's lease
      const [item] = await amb.banco.db.select().from(loteItens).where(eq(loteItens.lote_id, l.id));
      expect(item?.estado).toBe('enviando');
      // Another run (another instance) cannot claim it: the lease is still alive.
      expect(await lotesRepository.reivindicar(amb.banco.db, item?.id ?? '', 1)).toBeUndefined();
    } finally {
      await controle('_liberar');
      await rodada;
      Object.assign(LIMITES_LOTE, antes);
    }
    const fim = await ler(l.id);
    expect(fim.itens.map((i) => [i.estado, i.tentativas])).toEqual([['feito', 1]]);
  }, 60_000);

  it('Ações em lote recentes: as 10 últimas da revenda, n de N e estado; outra revenda é recusada (403)', async () => {
    const ids = await novosVeiculos(2);
    const criados: string[] = [];
    for (let i = 0; i < 11; i++) criados.push(((await criar({ acao: 'vendido', veiculos: ids })).json().data as Lote).id);
    const l = (await criar({ acao: 'retirar', veiculos: ids, canais: CANAIS })).json().data as Lote;
    const r = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/lotes`, gestor);
    expect(r.statusCode, r.body).toBe(200);
    const lista = r.json().data as Omit<Lote, 'itens'>[];
    expect(lista).toHaveLength(10);
    expect(lista[0]).toMatchObject({ id: l.id, acao: 'retirar', canais: CANAIS, estado: 'executando', total: 4, concluidos: 0 });
    expect(lista[0]).not.toHaveProperty('itens');
    expect(lista.map((x) => x.id)).toEqual([l.id, ...criados.slice(2).reverse()]);
    await amb.tarefas.executar(TAREFA_LOTES);
    const depois = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}/lotes`, gestor)).json().data as Omit<Lote, 'itens'>[];
    expect(depois[0]).toMatchObject({ id: l.id, estado: 'concluido', total: 4, concluidos: 4 });
    expect(depois[0]?.concluido_em).not.toBeNull();
    // Reseller B's gestor: refused on A's route, and B's own list has none of A's batches.
    const gestorB = await amb.entrar('gestorB');
    const b = await amb.app.inject({ method: 'GET', url: `/api/revendas/${amb.ids.revendaA}/lotes`, headers: cabecalhos(gestorB) });
    expect(b.statusCode).toBe(403);
    const deB = await amb.app.inject({ method: 'GET', url: `/api/revendas/${amb.ids.revendaB}/lotes`, headers: cabecalhos(gestorB) });
    expect(deB.statusCode, deB.body).toBe(200);
    expect((deB.json().data as { id: string }[]).filter((x) => [l.id, ...criados].includes(x.id))).toEqual([]);
  }, 60_000);

  it('servidor parado no meio do lote: outro, no mesmo banco, retoma e cada anúncio é criado uma vez', async () => {
    const ids = await novosVeiculos(3);
    const antes = await naSandbox();
    const l = (await criar({ acao: 'publicar', veiculos: ids, canais: ['autoscar'] })).json().data as Lote;
    // The first server "dies" right after Autoscar created each advert, before anything is recorded.
    let chegaram = 0;
    const pub = CANAIS_REGISTRADOS.autoscar.publicacao as PublicacaoVeiculo;
    const enviar = pub.enviar;
    const volta = trocar('autoscar', 'enviar', async (...args) => {
      await enviar(...args);
      chegaram++;
      return new Promise(() => {}); // never answers: the process is gone
    });
    // The dead server's run never ends (its calls never answer); it still looks for other channels' items every
    // second, until the database closes with the test file: that last failure ends it, and is not the test's.
    amb.tarefas.executar(TAREFA_LOTES).catch(() => {});
    await expect.poll(() => chegaram, { timeout: 20_000 }).toBe(3);
    volta();
    expect((await ler(l.id)).itens.map((i) => i.estado)).toEqual(Array(3).fill('enviando'));
    // Its leases run out (as after the lease's time).
    await amb.banco.db.update(loteItens).set({ lease_ate: sql`now() - interval '1 second'` }).where(eq(loteItens.lote_id, l.id));
    await amb.banco.db
      .update(veiculoIntegracoes)
      .set({ lease_ate: sql`now() - interval '1 second'` })
      .where(sql`${veiculoIntegracoes.veiculo_id} in ${ids}`);

    // A second server on the same database: its start queues the job, which resumes the batch by itself.
    const segundo: Aplicacao = await buildApp(amb.config, { banco: amb.banco, logger: false });
    try {
      await ouvir(segundo);
      await expect
        .poll(async () => (await amb.banco.db.select().from(lotes).where(eq(lotes.id, l.id)))[0]?.estado, {
          timeout: 60_000,
          interval: 500,
        })
        .toBe('concluido');
      const fim = await ler(l.id);
      expect(fim.itens.map((i) => i.estado)).toEqual(Array(3).fill('publicado'));
      expect(await naSandbox()).toEqual({ ...antes, autoscar: antes.autoscar + 3 });
    } finally {
      await segundo.app.close();
    }
  }, 120_000);
});
