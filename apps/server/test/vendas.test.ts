import { type CanalId, MENSAGENS_VENDA, type RascunhoMeuCarroNovo, type VendaVeiculo } from '@intermedio/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANAIS_REGISTRADOS } from '../src/canais/registro.ts';
import { revendas, veiculoIntegracoes, veiculoRemocoes, veiculoVendas, vendidos } from '../src/db/schema/index.ts';
import { TAREFA_RECONCILIAR } from '../src/modules/publicacao/publicacao.tarefa.ts';
import { vendasRepository } from '../src/modules/vendas/vendas.repository.ts';
import { TAREFA_RETIRAR, TAREFA_VENDIDO } from '../src/modules/vendas/vendas.service.ts';
import { type Ambiente, type Credencial, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { ambienteDePublicacao, comQuedaDepoisDoCanal, registroDoEnvio, remocaoDaVenda } from './ajuda/publicacao.ts';
import { CONTA_IG, configurarRedesSociais, PAGINA_FB } from './ajuda/social.ts';
import { type chamarComo, fotoDaRevenda, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * "Marcar como vendido" (issue 16) with a vehicle published to Facebook, Instagram and Na Pista (their sandboxes):
 * one action removes every advert; a channel failing, then "Tentar de novo"; a crash between the channel's answer
 * and the database write, recovered by the job asking the channel again; double click; undo; dashboards; sold post.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let gestorB: Credencial | null;
let admin: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
/** The jobs the app queued (its workers are stopped: the tests run each round themselves). */
let fila: { nome: string; dados: object }[];

const NA_PISTA = { email_meucarronovo: 'loja@autodemo.test', senha_meucarronovo: 's' };
const CANAIS_DO_TESTE: CanalId[] = ['facebook', 'instagram', 'meucarronovo'];
const urlVeiculo = (id: string) => `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`;

/** What the Graph sandbox and Na Pista hold now. */
const graph = async (canal: 'facebook' | 'instagram', destino: string) =>
  (
    (await (await fetch(`${base}/sandbox/${canal}/_anuncios`)).json()) as { data: { id: string; destino: string; legenda: string }[] }
  ).data.filter((a) => a.destino === destino);
const naPista = async () =>
  ((await (await fetch(`${base}/sandbox/meucarronovo/_anuncios`)).json()) as { anuncios: { id?: unknown; codigo?: unknown }[] }).anuncios;

type Publicacao = { id: string; destino: string; tipo: string; legenda: string };

/** Every answer of the channels' `excluir` during the test, per channel (to prove each advert is removed once). */
const exclusoes: Record<string, string[]> = {};

async function novoVeiculoPublicado(rotulo: string) {
  const foto = await fotoDaRevenda(amb, amb.ids.revendaA, rotulo, '#1e6091');
  const r = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, { ...VEICULO_EXEMPLO, imagens: [foto] });
  expect(r.statusCode, r.body).toBe(200);
  const id = r.json().data.id as string;
  const legenda = `${rotulo} — Fiat Argo Drive 2023, único dono, revisado.`;
  const fb = await chamar('POST', '/api/integracao/facebook/enviar', gestor, {
    id_veiculo: id,
    veiculo_post: { face_descricao: legenda, face_link: 'https://autodemo.test/estoque' },
  });
  expect(fb.statusCode, fb.body).toBe(200);
  const ig = await chamar('POST', '/api/integracao/instagram/enviar', gestor, { id_veiculo: id, veiculo_post: { ig_descricao: legenda } });
  expect(ig.statusCode, ig.body).toBe(200);
  const d = (await chamar('POST', '/api/integracao/meucarronovo/incluir', gestor, { id_veiculo: id })).json().data as RascunhoMeuCarroNovo;
  const np = await chamar('POST', '/api/integracao/meucarronovo/enviar', gestor, {
    id_veiculo: id,
    veiculo_post: { ...d.veiculoPost, idTipoAnuncio: d.retTiposAnuncio.find((t) => t.nome === 'Simples')?.id, aceitaTroca: true },
  });
  expect(np.statusCode, np.body).toBe(200);
  return { id, legenda, anuncioFb: fb.json().data.id_anuncio as string, anuncioNp: np.json().data.id_anuncio as string };
}

const vender = (id: string, publicar_vendido = false, c = gestor) => chamar('POST', `${urlVeiculo(id)}/vender`, c, { publicar_vendido });

async function venda(id: string): Promise<VendaVeiculo | null> {
  const r = await chamar('GET', urlVeiculo(id), gestor);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.venda;
}
const estados = async (id: string) => Object.fromEntries(((await venda(id))?.remocoes ?? []).map((r) => [r.canal, r.estado]));

/** Runs the removal job (as its queue does) until no removal of this vehicle is still "removendo". */
async function retirarTudo(id: string) {
  await expect
    .poll(
      async () => {
        await amb.tarefas.executar(TAREFA_RETIRAR);
        return Object.values(await estados(id)).includes('removendo');
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe(false);
}

const integracaoNaPista = async (status: boolean) => {
  const r = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/integracoes/meucarronovo`, gestor, { status, ...NA_PISTA });
  expect(r.statusCode, r.body).toBe(200);
};

beforeAll(async () => {
  ({ amb, base, chamar, gestor, gestorB } = await ambienteDePublicacao());
  fila = await semTarefasEmSegundoPlano(amb); // the tests run each job round themselves
  admin = await amb.entrar('admin');
  await configurarRedesSociais(amb, gestor);
  await integracaoNaPista(true);
  const conectada = await chamar('POST', '/api/integracao/meucarronovo/configurar', gestor, { id_revenda: amb.ids.revendaA, ...NA_PISTA });
  expect(conectada.statusCode, conectada.body).toBe(200);
  for (const canal of CANAIS_DO_TESTE) {
    const pub = CANAIS_REGISTRADOS[canal].publicacao;
    if (!pub) throw new Error(`${canal} sem publicação`);
    const original = pub.excluir;
    pub.excluir = async (...args) => {
      const r = await original(...args);
      if (r.ok) exclusoes[`${canal}:${args[2]}`] = [...(exclusoes[`${canal}:${args[2]}`] ?? []), r.valor];
      return r;
    };
  }
}, 120_000);
afterAll(() => amb.encerrar());

describe('uma ação retira o veículo de todos os canais', () => {
  it('vender: vevendido 1, uma retirada por canal publicado, e o job remove cada anúncio uma vez', async () => {
    const v = await novoVeiculoPublicado('Vendido em todos');
    const antesNp = (await naPista()).length;
    expect(await graph('facebook', PAGINA_FB)).toContainEqual(expect.objectContaining({ legenda: v.legenda }));

    const naFila = fila.length;
    const r = await vender(v.id);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.mensagem).toBe('Veículo marcado como vendido. Os anúncios estão sendo retirados dos canais.');
    expect(fila.slice(naFila)).toEqual([{ nome: TAREFA_RETIRAR, dados: {} }]); // the removal job, run below
    expect(
      r
        .json()
        .data.venda.remocoes.map((x: { canal: string }) => x.canal)
        .sort(),
    ).toEqual([...CANAIS_DO_TESTE].sort());
    const veiculo = (await chamar('GET', urlVeiculo(v.id), gestor)).json().data;
    expect(veiculo.vevendido).toBe(1);
    expect(veiculo.venda.pode_desfazer).toBe(true);

    // Clicking again: a clear 409, no second removal.
    const outra = await vender(v.id);
    expect(outra.statusCode).toBe(409);
    expect(outra.json().data).toBe('Este veículo já está marcado como vendido.');

    await retirarTudo(v.id);
    const final = await venda(v.id);
    expect(final?.remocoes.map((x) => [x.canal, x.estado, x.manual])).toEqual([
      ['facebook', 'removido', false],
      ['instagram', 'removido', true],
      ['meucarronovo', 'removido', false],
    ]);
    expect(final?.remocoes.find((x) => x.canal === 'instagram')?.ultimo_erro).toBe(
      'Instagram não permite excluir a publicação pela integração: remova-a também no aplicativo.',
    );
    expect(await graph('facebook', PAGINA_FB)).not.toContainEqual(expect.objectContaining({ legenda: v.legenda }));
    expect((await naPista()).length).toBe(antesNp - 1);
    expect(exclusoes[`facebook:${v.anuncioFb}`]).toEqual(['removido']);
    expect(exclusoes[`meucarronovo:${v.anuncioNp}`]).toEqual(['removido']);
    // The adverts are forgotten, as Excluir does: the integrations table shows "Não publicado".
    const integracoes = (await chamar('GET', urlVeiculo(v.id), gestor)).json().data.integracoes as { canal: string; estado: null }[];
    for (const canal of CANAIS_DO_TESTE) expect(integracoes.find((i) => i.canal === canal)?.estado).toBeNull();

    // A sold vehicle is not published again by mistake.
    const denovo = await chamar('POST', '/api/integracao/facebook/enviar', gestor, {
      id_veiculo: v.id,
      veiculo_post: { face_descricao: v.legenda, face_link: 'https://autodemo.test/estoque' },
    });
    expect(denovo.statusCode).toBe(422);
    expect(denovo.json().data).toBe('Um veículo vendido não pode ser publicado. Desfaça a venda para publicá-lo de novo.');

    // Dealer dashboard: the time from "vendido" to the last channel removed.
    const painel = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/dashboard/vendas`, gestor);
    expect(painel.statusCode).toBe(200);
    const linha = painel.json().data.find((l: { id_veiculo: string }) => l.id_veiculo === v.id);
    expect(linha).toMatchObject({ canais: 3, removidos: 3, segundos_ate_remover: expect.any(Number) });
  });

  it('vender um veículo que não está em nenhum canal: a resposta diz só que a venda foi registrada', async () => {
    const r0 = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
    expect(r0.statusCode, r0.body).toBe(200);
    const r = await vender(r0.json().data.id);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.venda.remocoes).toEqual([]);
    expect(r.json().data.mensagem).toBe('Venda registrada.');
  });

  it('dois cliques ao mesmo tempo: uma venda, uma retirada por canal', async () => {
    const v = await novoVeiculoPublicado('Clique duplo');
    const [a, b] = await Promise.all([vender(v.id), vender(v.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const linhas = await amb.banco.db.select().from(veiculoRemocoes).where(eq(veiculoRemocoes.veiculo_id, v.id));
    expect(linhas).toHaveLength(3);
    await Promise.all([retirarTudo(v.id), retirarTudo(v.id)]);
    expect(await estados(v.id)).toEqual({ facebook: 'removido', instagram: 'removido', meucarronovo: 'removido' });
    expect(exclusoes[`facebook:${v.anuncioFb}`]).toEqual(['removido']);
    expect(exclusoes[`meucarronovo:${v.anuncioNp}`]).toEqual(['removido']);
  });

  it('só gestor e admin vendem; outra revenda não; sem sessão, 401', async () => {
    const v = await novoVeiculoPublicado('Acesso');
    expect((await vender(v.id, false, null)).statusCode).toBe(401);
    expect((await vender(v.id, false, gestorB)).statusCode).toBe(403);
    expect((await vender(v.id, false, admin)).statusCode).toBe(200);
    await retirarTudo(v.id);
  });
});

describe('um canal falha e é tentado de novo', () => {
  it('Na Pista inativa: falhou com o motivo; os outros removidos; reativada, "Tentar de novo" remove', async () => {
    const v = await novoVeiculoPublicado('Falha na Pista');
    await integracaoNaPista(false);
    try {
      expect((await vender(v.id)).statusCode).toBe(200);
      await retirarTudo(v.id);
      const r = (await venda(v.id))?.remocoes.find((x) => x.canal === 'meucarronovo');
      expect(r).toMatchObject({
        estado: 'falhou',
        ultimo_erro: 'A integração com Na Pista não está ativa para esta revenda. Configure-a em Integrações.',
      });
      expect(await estados(v.id)).toMatchObject({ facebook: 'removido', instagram: 'removido' });
      // Only a failed removal can be retried.
      const naoFalhou = await chamar('POST', `${urlVeiculo(v.id)}/remocoes/facebook/tentar`, gestor);
      expect(naoFalhou.statusCode).toBe(409);
      expect(naoFalhou.json().data).toBe('A retirada deste anúncio não falhou: não há o que tentar de novo.');
    } finally {
      await integracaoNaPista(true);
    }
    const naFila = fila.length;
    const tentar = await chamar('POST', `${urlVeiculo(v.id)}/remocoes/meucarronovo/tentar`, gestor);
    expect(tentar.statusCode, tentar.body).toBe(200);
    expect(fila.slice(naFila)).toEqual([{ nome: TAREFA_RETIRAR, dados: {} }]);
    expect(tentar.json().data.mensagem).toBe('A retirada do anúncio será tentada de novo.');
    await retirarTudo(v.id);
    expect(await estados(v.id)).toEqual({ facebook: 'removido', instagram: 'removido', meucarronovo: 'removido' });
    expect(exclusoes[`meucarronovo:${v.anuncioNp}`]).toEqual(['removido']);
  });

  it('falha passageira (o canal não responde): continua removendo e a rodada seguinte remove', async () => {
    const v = await novoVeiculoPublicado('Passageira');
    const pub = CANAIS_REGISTRADOS.facebook.publicacao;
    if (!pub) throw new Error('Facebook sem publicação');
    const original = pub.excluir;
    pub.excluir = async () => ({ ok: false, erro: { tipo: 'transient', mensagem: 'tempo esgotado' } });
    try {
      expect((await vender(v.id)).statusCode).toBe(200);
      await amb.tarefas.executar(TAREFA_RETIRAR);
      const fb = (await venda(v.id))?.remocoes.find((x) => x.canal === 'facebook');
      expect(fb?.estado).toBe('removendo');
      expect(fb?.ultimo_erro).toContain('tempo esgotado');
    } finally {
      pub.excluir = original;
    }
    await retirarTudo(v.id);
    expect(await estados(v.id)).toMatchObject({ facebook: 'removido' });
    expect(exclusoes[`facebook:${v.anuncioFb}`]).toEqual(['removido']);
  });
});

describe('queda no meio e reconciliação', () => {
  it('o canal removeu mas a gravação não aconteceu: depois do prazo o job pergunta ao canal ("já removido") e conclui', async () => {
    const v = await novoVeiculoPublicado('Queda no meio');
    await comQuedaDepoisDoCanal('meucarronovo', 'excluir', async () => {
      expect((await vender(v.id)).statusCode).toBe(200);
      await amb.tarefas.executar(TAREFA_RETIRAR);
      expect(exclusoes[`meucarronovo:${v.anuncioNp}`]).toBeDefined();
    });
    // The worker "died" holding the lease: the removal is neither lost nor repeated while the lease runs.
    const [linha] = await amb.banco.db.select().from(veiculoRemocoes).where(sql`veiculo_id = ${v.id} and canal = 'meucarronovo'`);
    expect(linha?.estado).toBe('removendo');
    expect(linha?.lease_ate?.getTime()).toBeGreaterThan(Date.now());
    await amb.tarefas.executar(TAREFA_RETIRAR);
    expect(exclusoes[`meucarronovo:${v.anuncioNp}`]).toEqual(['removido']);

    // The lease runs out (the server restarted): the job asks the channel again, which answers "already removed".
    await amb.banco.db
      .update(veiculoRemocoes)
      .set({ lease_ate: sql`now() - interval '1 second'` })
      .where(sql`veiculo_id = ${v.id} and canal = 'meucarronovo'`);
    await retirarTudo(v.id);
    expect(await estados(v.id)).toEqual({ facebook: 'removido', instagram: 'removido', meucarronovo: 'removido' });
    expect(exclusoes[`meucarronovo:${v.anuncioNp}`]).toEqual(['removido', 'jaRemovido']);
  });
});

describe('queda entre o fim do anúncio e a gravação da retirada', () => {
  it('são gravados juntos: depois da queda o anúncio continua a ser retirado, e o Instagram termina manual com a nota', async () => {
    const v = await novoVeiculoPublicado('Queda na gravação');
    const { anuncioRetirado } = vendasRepository;
    let caiu = false;
    vendasRepository.anuncioRetirado = async (...args) => {
      if (args[1].canal !== 'instagram' || caiu) return anuncioRetirado(...args);
      caiu = true;
      throw new Error('queda simulada depois de gravar o fim do anúncio');
    };
    try {
      expect((await vender(v.id)).statusCode).toBe(200);
      await amb.tarefas.executar(TAREFA_RETIRAR);
      expect(caiu).toBe(true);
    } finally {
      vendasRepository.anuncioRetirado = anuncioRetirado;
    }
    // The server restarted: every lease has run out.
    await amb.banco.db
      .update(veiculoRemocoes)
      .set({ lease_ate: sql`now() - interval '1 second'` })
      .where(eq(veiculoRemocoes.veiculo_id, v.id));
    await amb.banco.db
      .update(veiculoIntegracoes)
      .set({ lease_ate: sql`now() - interval '1 second'` })
      .where(sql`veiculo_id = ${v.id} and lease_ate is not null`);
    await retirarTudo(v.id);
    expect((await venda(v.id))?.remocoes.find((x) => x.canal === 'instagram')).toMatchObject({
      estado: 'removido',
      manual: true,
      ultimo_erro: 'Instagram não permite excluir a publicação pela integração: remova-a também no aplicativo.',
    });
  });
});

describe('exclusão do Instagram concluída pela reconciliação da publicação', () => {
  it('antes do job da venda: a retirada termina manual, com a nota, na mesma transação', async () => {
    const v = await novoVeiculoPublicado('Reconciliada');
    const idIg = (await registroDoEnvio(amb, v.id, 'instagram'))?.id_anuncio;
    expect(idIg).toBeTruthy();
    // The sale's job takes the Instagram advert's removal lease and dies at the channel's answer, before recording it.
    await comQuedaDepoisDoCanal('instagram', 'excluir', async () => {
      expect((await vender(v.id)).statusCode).toBe(200);
      await amb.tarefas.executar(TAREFA_RETIRAR);
      expect(exclusoes[`instagram:${idIg}`]).toBeDefined();
    });
    // The advert's lease runs out first (the sale's removal keeps its own lease, so the sale's job cannot take it):
    // the publishing reconciliation finishes the removal, calling Instagram a second time.
    await amb.banco.db
      .update(veiculoIntegracoes)
      .set({ lease_ate: sql`now() - interval '1 second'` })
      .where(sql`veiculo_id = ${v.id} and canal = 'instagram'`);
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    expect(await registroDoEnvio(amb, v.id, 'instagram')).toBeUndefined();
    const nota = 'Instagram não permite excluir a publicação pela integração: remova-a também no aplicativo.';
    expect(await remocaoDaVenda(amb, v.id, 'instagram')).toMatchObject({ estado: 'removido', manual: true, ultimo_erro: nota });

    // The sale's job, once its lease runs out, finds it done and leaves the note.
    await amb.banco.db
      .update(veiculoRemocoes)
      .set({ lease_ate: sql`now() - interval '1 second'` })
      .where(eq(veiculoRemocoes.veiculo_id, v.id));
    await retirarTudo(v.id);
    expect((await venda(v.id))?.remocoes.find((x) => x.canal === 'instagram')).toMatchObject({
      estado: 'removido',
      manual: true,
      ultimo_erro: nota,
    });
    expect(exclusoes[`instagram:${idIg}`]).toEqual(['manual', 'manual']);
  });
});

describe('envio ainda pendente na hora da venda', () => {
  it('espera a reconciliação da publicação resolver o envio e então retira o anúncio', async () => {
    const foto = await fotoDaRevenda(amb, amb.ids.revendaA, 'Pendente', '#6a994e');
    const criado = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, { ...VEICULO_EXEMPLO, imagens: [foto] });
    const id = criado.json().data.id as string;
    const legenda = `Pendente ${id.slice(0, 8)} — Fiat Argo Drive 2023, único dono, revisado.`;
    // Facebook got the post, but the request died before recording it: the send stays pendente.
    await comQuedaDepoisDoCanal('facebook', 'enviar', () =>
      chamar('POST', '/api/integracao/facebook/enviar', gestor, {
        id_veiculo: id,
        veiculo_post: { face_descricao: legenda, face_link: 'https://autodemo.test/estoque' },
      }),
    );
    expect(await graph('facebook', PAGINA_FB)).toContainEqual(expect.objectContaining({ legenda }));

    expect((await vender(id)).statusCode).toBe(200);
    await amb.tarefas.executar(TAREFA_RETIRAR);
    expect((await venda(id))?.remocoes).toEqual([
      expect.objectContaining({
        canal: 'facebook',
        estado: 'removendo',
        ultimo_erro: 'Aguardando a confirmação do envio que estava em andamento.',
      }),
    ]);

    // The publishing reconciliation finds the advert (publicado); the next removal round takes it down.
    await amb.banco.db
      .update(veiculoIntegracoes)
      .set({ lease_ate: sql`now() - interval '1 second'` })
      .where(sql`veiculo_id = ${id} and canal = 'facebook'`);
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    await retirarTudo(id);
    expect(await estados(id)).toEqual({ facebook: 'removido' });
    expect(await graph('facebook', PAGINA_FB)).not.toContainEqual(expect.objectContaining({ legenda }));
  });
});

describe('desfazer venda', () => {
  it('no mesmo dia volta vevendido a 0 e avisa que não republica; em outro dia é recusado', async () => {
    const v = await novoVeiculoPublicado('Desfazer');
    expect((await vender(v.id)).statusCode).toBe(200);
    await retirarTudo(v.id);
    const r = await chamar('POST', `${urlVeiculo(v.id)}/desfazer-venda`, gestor);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.mensagem).toBe(MENSAGENS_VENDA.desfeito);
    expect(r.json().data.mensagem).toBe(
      'Venda desfeita. Os anúncios retirados não são publicados de novo automaticamente: publique o veículo outra vez em cada canal, se quiser.',
    );
    const veiculo = (await chamar('GET', urlVeiculo(v.id), gestor)).json().data;
    expect(veiculo.vevendido).toBe(0);
    expect(veiculo.venda).toBeNull();
    expect(veiculo.integracoes.find((i: { canal: string }) => i.canal === 'facebook').estado).toBeNull();
    const deNovo = await chamar('POST', `${urlVeiculo(v.id)}/desfazer-venda`, gestor);
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json().data).toBe('Este veículo não está marcado como vendido.');

    // Sold again, and the sale is from yesterday: refused, in Portuguese.
    expect((await vender(v.id)).statusCode).toBe(200);
    await amb.banco.db.update(veiculoVendas).set({ vendido_em: sql`now() - interval '1 day'` }).where(eq(veiculoVendas.veiculo_id, v.id));
    expect((await venda(v.id))?.pode_desfazer).toBe(false);
    const tarde = await chamar('POST', `${urlVeiculo(v.id)}/desfazer-venda`, gestor);
    expect(tarde.statusCode).toBe(422);
    expect(tarde.json().data).toBe('A venda só pode ser desfeita no mesmo dia em que foi marcada.');
  });
});

describe('painel do admin', () => {
  it('lista os vendidos há mais de 1 hora com anúncios ainda no ar', async () => {
    const v = await novoVeiculoPublicado('Ainda no ar');
    await integracaoNaPista(false);
    try {
      expect((await vender(v.id)).statusCode).toBe(200);
      await retirarTudo(v.id);
    } finally {
      await integracaoNaPista(true);
    }
    const lista = async () => (await chamar('GET', '/api/dashboard/vendidos-com-anuncios', admin)).json().data as { id_veiculo: string }[];
    expect((await lista()).map((l) => l.id_veiculo)).not.toContain(v.id); // sold less than an hour ago
    await amb.banco.db.update(veiculoVendas).set({ vendido_em: sql`now() - interval '2 hours'` }).where(eq(veiculoVendas.veiculo_id, v.id));
    expect((await lista()).find((l) => l.id_veiculo === v.id)).toMatchObject({
      revenda: 'Auto Demo Veículos',
      canais: ['meucarronovo'],
    });
    expect((await chamar('GET', '/api/dashboard/vendidos-com-anuncios', gestor)).statusCode).toBe(403);
    const painel = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}/dashboard/vendas`, gestor)).json().data;
    expect(painel.find((l: { id_veiculo: string }) => l.id_veiculo === v.id)).toMatchObject({
      canais: 3,
      removidos: 2,
      segundos_ate_remover: null,
    });
  });
});

describe('publicar vendido', () => {
  it('cria um vendido com a primeira foto e o texto de vendidos e o publica uma vez no Instagram e no Facebook', async () => {
    await amb.banco.db
      .update(revendas)
      .set({ peblocotextovendidos: 'Mais um cliente satisfeito! Obrigado pela confiança.' })
      .where(eq(revendas.id, amb.ids.revendaA));
    const v = await novoVeiculoPublicado('Com post de vendido');
    const naFila = fila.length;
    expect((await vender(v.id, true)).statusCode).toBe(200);
    expect(fila.slice(naFila)).toEqual([
      { nome: TAREFA_RETIRAR, dados: {} },
      { nome: TAREFA_VENDIDO, dados: { idVeiculo: v.id } },
    ]);
    const contarVendidos = async () =>
      (await amb.banco.db.select({ id: vendidos.id }).from(vendidos).where(eq(vendidos.revenda_id, amb.ids.revendaA))).length;
    const antes = await contarVendidos();
    // Two runs at once (the queued job and a retry, or two instances), then a retried job: one item, posted once.
    await Promise.all([0, 1].map(() => amb.tarefas.executar(TAREFA_VENDIDO, { idVeiculo: v.id })));
    await amb.tarefas.executar(TAREFA_VENDIDO, { idVeiculo: v.id });
    const s = await venda(v.id);
    expect(s?.vendido_erro).toBeNull();
    expect(s?.vendido_id).toEqual(expect.any(String));
    expect((await contarVendidos()) - antes).toBe(1);
    const itens = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}/vendidos`, gestor)).json().data as Record<string, unknown>[];
    const item = itens.filter((i) => i.id === s?.vendido_id);
    expect(item).toHaveLength(1);
    expect(item[0]).toMatchObject({
      peblocotextovendidos: 'Mais um cliente satisfeito! Obrigado pela confiança.',
      valida_feed: true,
      fb_valida_feed: true,
      valida_stories: false,
    });
    const imagem = (item[0]?.imagem ?? []) as { fileUrl: string }[];
    expect(imagem[0]?.fileUrl).toContain(`/revendas/${amb.ids.revendaA}/vendido/`);
    const posts = ((await (await fetch(`${base}/sandbox/facebook/_publicacoes`)).json()) as { data: Publicacao[] }).data.filter(
      (p) => p.legenda === 'Mais um cliente satisfeito! Obrigado pela confiança.',
    );
    expect(posts.map((p) => [p.destino, p.tipo]).sort()).toEqual([
      [PAGINA_FB, 'PHOTO'],
      [CONTA_IG, 'IMAGE'],
    ]);
    await retirarTudo(v.id);
  });
});
