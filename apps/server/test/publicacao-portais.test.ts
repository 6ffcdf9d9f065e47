import {
  APP_SANDBOX,
  MENSAGENS_PUBLICACAO_VEICULO,
  type RascunhoIcarros,
  type RascunhoMeuCarroNovo,
  type RascunhoMobiauto,
} from '@intermedio/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANAIS_REGISTRADOS } from '../src/canais/registro.ts';
import { veiculoIntegracoes } from '../src/db/schema/index.ts';
import { TAREFA_RECONCILIAR } from '../src/modules/publicacao/publicacao.tarefa.ts';
import { type Ambiente, type Credencial, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { ambienteDePublicacao, registroDoEnvio, suspenderNoCanal } from './ajuda/publicacao.ts';
import { type chamarComo, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * iCarros, Mobiauto and Na Pista through the publishing routes (spec 3 §7) against their sandboxes: the reseller's
 * stored configuration (Keycloak tokens, Na Pista login) reaches the adapters; draft → send → vehicle view → Excluir;
 * the contract's validation; Na Pista's "already removed"; Mobiauto cars only, and its asynchronous publish
 * confirmation polled by the reconciliation job (published, or blocked by moderation).
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let gestorB: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;

type Opcao = { id: string; nome: string };
const CREDENCIAIS = {
  icarros: { email_icarros: 'loja@autodemo.test', senha_icarros: 's' },
  mobiauto: { email_integrador: 'loja@autodemo.test', senha_integrador: 's' },
  meucarronovo: { email_meucarronovo: 'loja@autodemo.test', senha_meucarronovo: 's' },
} as const;
type Portal = keyof typeof CREDENCIAIS;
/** The advert's address each sandbox answers (or, for iCarros, the adapter's pattern: channels.md §4). */
const URL_ANUNCIO: Record<Portal, (id: string) => string> = {
  icarros: (id) => `https://www.icarros.com.br/anuncio/${id}`,
  mobiauto: (id) => `https://www.mobiauto.com.br/comprar/carros/${id}`,
  meucarronovo: (id) => `https://www.napista.com.br/anuncio/${id}`,
};

const noCanal = async (canal: Portal) =>
  ((await (await fetch(`${base}/sandbox/${canal}/_anuncios`)).json()) as { anuncios: Record<string, unknown>[] }).anuncios;

async function novoVeiculo(extra: object = {}) {
  const r = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, { ...VEICULO_EXEMPLO, ...extra });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.id as string;
}
type NaVisualizacao = {
  canal: string;
  publicado: boolean;
  estado: string | null;
  id_anuncio: string | null;
  url_anuncio: string | null;
  ultimo_erro: string | null;
  sincronizado_em: string | null;
};
const naVisualizacao = async (idVeiculo: string, canal: Portal) => {
  const r = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${idVeiculo}`, gestor);
  return (r.json().data.integracoes as NaVisualizacao[]).find((i) => i.canal === canal);
};
const incluir = async (canal: Portal, idVeiculo: string) => {
  const r = await chamar('POST', `/api/integracao/${canal}/incluir`, gestor, { id_veiculo: idVeiculo });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
};
const nome = (lista: Opcao[], id: string) => lista.find((o) => o.id === id)?.nome;

/** What each screen sends: the draft's values plus what the user must choose (the plan). */
function postDe(canal: Portal, d: unknown): Record<string, unknown> {
  if (canal === 'icarros') {
    const r = d as RascunhoIcarros;
    return { ...r.veiculoPost, priority: String(r.planosRevenda.plans[0]?.priority) };
  }
  if (canal === 'mobiauto') {
    const r = d as RascunhoMobiauto;
    return { ...r.veiculoData, planId: r.retPlanos.find((p) => p.name === 'Básico')?.dealPlanId };
  }
  const r = d as RascunhoMeuCarroNovo;
  return { ...r.veiculoPost, idTipoAnuncio: r.retTiposAnuncio.find((t) => t.nome === 'Simples')?.id, aceitaTroca: true };
}

beforeAll(async () => {
  ({ amb, base, chamar, gestor, gestorB } = await ambienteDePublicacao());
  await semTarefasEmSegundoPlano(amb); // the tests run each job round themselves
  for (const [canal, credenciais] of Object.entries(CREDENCIAIS)) {
    const gravada = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/integracoes/${canal}`, gestor, { status: true, ...credenciais });
    expect(gravada.statusCode, gravada.body).toBe(200);
    const conectada = await chamar('POST', `/api/integracao/${canal}/configurar`, gestor, { id_revenda: amb.ids.revendaA, ...credenciais });
    expect(conectada.statusCode, conectada.body).toBe(200);
  }
}, 120_000);
afterAll(() => amb.encerrar());

describe.each(Object.keys(CREDENCIAIS) as Portal[])('%s through the publishing routes', (canal) => {
  it('draft with the vehicle matched to the channel codes; send; the view shows the advert; Excluir', async () => {
    const idVeiculo = await novoVeiculo();
    const d = await incluir(canal, idVeiculo);
    expect(d.veiculo).toMatchObject({ marca: 'Fiat', modelo: 'Argo' });
    const [marcas, marca] =
      canal === 'mobiauto' ? [d.retMarca, d.veiculoData.makeId] : [d.retMarca, d.veiculoPost.makeId ?? d.veiculoPost.idMarca];
    expect(nome(marcas, marca)?.toLowerCase()).toBe('fiat');

    const antes = (await noCanal(canal)).length;
    const r = await chamar('POST', `/api/integracao/${canal}/enviar`, gestor, {
      id_veiculo: idVeiculo,
      usuario: 'ignorado',
      veiculo_post: postDe(canal, d),
    });
    expect(r.statusCode, r.body).toBe(200);
    const idAnuncio = r.json().data.id_anuncio as string;
    expect((await noCanal(canal)).length).toBe(antes + 1);
    if (canal === 'mobiauto') {
      // Mobiauto confirms the publication later: pending with the deal id until the job's poll finds it published.
      expect(r.json().data).toMatchObject({ estado: 'pendente', id_anuncio: expect.any(String), id_anuncio_mobiauto: idAnuncio });
      expect(r.json().data.mensagem).toContain('aguardando a confirmação do canal');
      expect(await naVisualizacao(idVeiculo, canal)).toMatchObject({ estado: 'pendente', publicado: false, id_anuncio: idAnuncio });
      await amb.tarefas.executar(TAREFA_RECONCILIAR); // first poll: still in review
      expect(await naVisualizacao(idVeiculo, canal)).toMatchObject({ estado: 'pendente' });
      await amb.tarefas.executar(TAREFA_RECONCILIAR);
      expect(await naVisualizacao(idVeiculo, canal)).toMatchObject({
        estado: 'publicado',
        url_anuncio: `https://www.mobiauto.com.br/comprar/carros/${idAnuncio}`,
      });
    } else expect(r.json().data).toMatchObject({ estado: 'publicado', id_anuncio: expect.any(String) });
    // The view keeps the advert's id, the link the channel answered and when it answered (issue 24 item 4).
    expect(await naVisualizacao(idVeiculo, canal)).toMatchObject({
      publicado: true,
      id_anuncio: idAnuncio,
      url_anuncio: URL_ANUNCIO[canal](idAnuncio),
      sincronizado_em: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    // Another reseller's gestor cannot remove it.
    expect((await chamar('POST', `/api/integracao/${canal}/excluir`, gestorB, { id_veiculo: idVeiculo })).statusCode).toBe(403);
    const ex = await chamar('POST', `/api/integracao/${canal}/excluir`, gestor, { id_veiculo: idVeiculo, id_anuncio: idAnuncio });
    expect(ex.statusCode, ex.body).toBe(200);
    expect(ex.json().data).toEqual({ mensagem: 'Anúncio excluído com sucesso.', ja_removido: false });
    expect((await noCanal(canal)).length).toBe(antes);
    expect(await naVisualizacao(idVeiculo, canal)).toMatchObject({ publicado: false });
  });

  it('refuses a post without the required selects, with the Portuguese message, sending nothing', async () => {
    const idVeiculo = await novoVeiculo();
    const d = await incluir(canal, idVeiculo);
    const post = postDe(canal, d);
    const campoMarca = canal === 'meucarronovo' ? 'idMarca' : 'makeId';
    const antes = (await noCanal(canal)).length;
    const r = await chamar('POST', `/api/integracao/${canal}/enviar`, gestor, {
      id_veiculo: idVeiculo,
      veiculo_post: { ...post, [campoMarca]: '' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('Preenchimento obrigatório');
    expect((await noCanal(canal)).length).toBe(antes);
  });
});

describe('channel specifics', () => {
  it('iCarros offers only the plans with free slots and an ad type, for used and zero km', async () => {
    const d = await incluir('icarros', await novoVeiculo());
    for (const p of [...d.planosRevenda.plans, ...d.planosRevendaZeroKm.plans]) {
      expect(p.livres).toBeGreaterThan(0);
      expect(p.tipoAnuncioId).toBeGreaterThan(0);
    }
    expect(d.planosRevenda.plans.length).toBeGreaterThan(0);
  });

  it('iCarros: a send still at the channel after 200 s (it may wait 360 s) is not taken over by the reconciliation', async () => {
    const idVeiculo = await novoVeiculo();
    const post = postDe('icarros', await incluir('icarros', idVeiculo));
    const antes = (await noCanal('icarros')).length;
    // iCarros still processing the deal: the call has not answered yet.
    const s = suspenderNoCanal('icarros', 'enviar', 'antes');
    try {
      const pedido = chamar('POST', '/api/integracao/icarros/enviar', gestor, { id_veiculo: idVeiculo, veiculo_post: post });
      await s.chegou;
      // 200 s go by (the lease moved back by as much), and the reconciliation runs.
      await amb.banco.db
        .update(veiculoIntegracoes)
        .set({ lease_ate: sql`${veiculoIntegracoes.lease_ate} - interval '200 seconds'` })
        .where(and(eq(veiculoIntegracoes.veiculo_id, idVeiculo), eq(veiculoIntegracoes.canal, 'icarros')));
      await amb.tarefas.executar(TAREFA_RECONCILIAR);
      expect(await registroDoEnvio(amb, idVeiculo, 'icarros')).toMatchObject({ estado: 'pendente' });
      s.soltar();
      const r = await pedido;
      expect(r.statusCode, r.body).toBe(200);
    } finally {
      s.restaurar();
    }
    expect(await naVisualizacao(idVeiculo, 'icarros')).toMatchObject({ estado: 'publicado', publicado: true });
    expect((await noCanal('icarros')).length).toBe(antes + 1);
  });

  it('Na Pista: an advert the channel no longer has is removed here anyway ("pertence ao cliente informado")', async () => {
    const idVeiculo = await novoVeiculo();
    const d = await incluir('meucarronovo', idVeiculo);
    const r = await chamar('POST', '/api/integracao/meucarronovo/enviar', gestor, {
      id_veiculo: idVeiculo,
      veiculo_post: postDe('meucarronovo', d),
    });
    expect(r.statusCode, r.body).toBe(200);
    const idAnuncio = r.json().data.id_anuncio as string;
    // Removed on Na Pista's own site: its API now answers 403 "… não pertence ao cliente informado."
    const token = await fetch(`${base}/sandbox/meucarronovo/login-server/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${APP_SANDBOX.clientId}:${APP_SANDBOX.clientSecret}`).toString('base64')}`,
      },
      body: 'grant_type=password&username=loja&password=s',
    });
    const { access_token } = (await token.json()) as { access_token: string };
    expect(
      (
        await fetch(`${base}/sandbox/meucarronovo/api-server/v1/meus-dados/anuncios/${idAnuncio}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${access_token}` },
        })
      ).status,
    ).toBe(204);
    const ex = await chamar('POST', '/api/integracao/meucarronovo/excluir', gestor, { id_veiculo: idVeiculo, id_anuncio: idAnuncio });
    expect(ex.statusCode, ex.body).toBe(200);
    expect(ex.json().data).toEqual({ mensagem: 'Anúncio excluído com sucesso.', ja_removido: true });
    expect(await naVisualizacao(idVeiculo, 'meucarronovo')).toMatchObject({ publicado: false });
  });

  it('Mobiauto: a second send while the confirmation is awaited is refused; a deal blocked by moderation fails with the reason', async () => {
    const idVeiculo = await novoVeiculo();
    const post = { ...postDe('mobiauto', await incluir('mobiauto', idVeiculo)), description: 'Descrição para bloquear' };
    const antes = (await noCanal('mobiauto')).length;
    const r = await chamar('POST', '/api/integracao/mobiauto/enviar', gestor, { id_veiculo: idVeiculo, veiculo_post: post });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.estado).toBe('pendente');
    const outra = await chamar('POST', '/api/integracao/mobiauto/enviar', gestor, { id_veiculo: idVeiculo, veiculo_post: post });
    expect(outra.statusCode).toBe(409);
    expect(outra.json().data).toContain('já está em andamento');
    expect((await noCanal('mobiauto')).length).toBe(antes + 1);
    const idBloqueado = r.json().data.id_anuncio as string;
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    const v = await naVisualizacao(idVeiculo, 'mobiauto');
    expect(v).toMatchObject({ estado: 'falhou', publicado: false });
    expect(v?.ultimo_erro).toContain('A Mobiauto bloqueou o anúncio na revisão: Anúncio bloqueado pela moderação da Mobiauto');
    // The blocked deal does not stay in the dealer's Mobiauto inventory (docs/publicacao.md §3 "blocked").
    expect((await noCanal('mobiauto')).map((d) => String(d.id))).not.toContain(idBloqueado);
    expect((await noCanal('mobiauto')).length).toBe(antes);

    // The dealer fixes the description and sends again: a new deal, in review, then published.
    const corrigido = { ...post, description: 'Descrição corrigida, dentro das regras do portal' };
    const nova = await chamar('POST', '/api/integracao/mobiauto/enviar', gestor, { id_veiculo: idVeiculo, veiculo_post: corrigido });
    expect(nova.statusCode, nova.body).toBe(200);
    expect(nova.json().data).toMatchObject({ estado: 'pendente' });
    expect(nova.json().data.id_anuncio).not.toBe(idBloqueado);
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    expect(await naVisualizacao(idVeiculo, 'mobiauto')).toMatchObject({
      estado: 'publicado',
      id_anuncio: nova.json().data.id_anuncio,
      ultimo_erro: null,
    });
    expect((await noCanal('mobiauto')).length).toBe(antes + 1);
  });

  it('Mobiauto: a blocked deal whose removal gets no answer is removed at the next round; a send meanwhile waits (409)', async () => {
    const idVeiculo = await novoVeiculo();
    const post = { ...postDe('mobiauto', await incluir('mobiauto', idVeiculo)), description: 'Outra descrição para bloquear' };
    const antes = (await noCanal('mobiauto')).length;
    const r = await chamar('POST', '/api/integracao/mobiauto/enviar', gestor, { id_veiculo: idVeiculo, veiculo_post: post });
    expect(r.statusCode, r.body).toBe(200);
    const idBloqueado = r.json().data.id_anuncio as string;
    const pub = CANAIS_REGISTRADOS.mobiauto.publicacao;
    if (!pub) throw new Error('Mobiauto sem publicação');
    const original = pub.excluir;
    const chamadas: string[] = [];
    pub.excluir = async (...args) => {
      chamadas.push(args[2]);
      return { ok: false, erro: { tipo: 'transient', mensagem: 'tempo esgotado' } };
    };
    try {
      await amb.tarefas.executar(TAREFA_RECONCILIAR);
      await amb.tarefas.executar(TAREFA_RECONCILIAR);
    } finally {
      pub.excluir = original;
    }
    expect(chamadas).toEqual([idBloqueado]);
    expect(await naVisualizacao(idVeiculo, 'mobiauto')).toMatchObject({ estado: 'falhou' });
    expect((await noCanal('mobiauto')).map((d) => String(d.id))).toContain(idBloqueado);
    // Sending again now would leave the blocked deal behind: refused until it is removed.
    const outra = await chamar('POST', '/api/integracao/mobiauto/enviar', gestor, {
      id_veiculo: idVeiculo,
      veiculo_post: { ...post, description: 'Descrição corrigida' },
    });
    expect(outra.statusCode).toBe(409);
    expect(outra.json().data).toBe(MENSAGENS_PUBLICACAO_VEICULO.exclusaoEmAndamento('Mobiauto'));

    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    expect((await noCanal('mobiauto')).map((d) => String(d.id))).not.toContain(idBloqueado);
    expect((await noCanal('mobiauto')).length).toBe(antes);
    const v = await naVisualizacao(idVeiculo, 'mobiauto');
    expect(v).toMatchObject({ estado: 'falhou', publicado: false });
    expect(v?.ultimo_erro).toContain('bloqueado pela moderação da Mobiauto');
    const depois = await chamar('POST', '/api/integracao/mobiauto/enviar', gestor, {
      id_veiculo: idVeiculo,
      veiculo_post: { ...post, description: 'Descrição corrigida' },
    });
    expect(depois.statusCode, depois.body).toBe(200);
    expect(depois.json().data).toMatchObject({ estado: 'pendente' });
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    expect(await naVisualizacao(idVeiculo, 'mobiauto')).toMatchObject({ estado: 'publicado', ultimo_erro: null });
  });

  it.each(['icarros', 'mobiauto'] as const)(
    '%s: an access token expired before its renewal is renewed once mid-operation and the call repeated once',
    async (canal) => {
      const idVeiculo = await novoVeiculo();
      // Deals of earlier tests still in review are confirmed first, with the valid token: a round polling them with
      // the expired one would renew outside this operation (the app's scheduled round did, before this file stopped it).
      await amb.tarefas.executar(TAREFA_RECONCILIAR);
      await amb.tarefas.executar(TAREFA_RECONCILIAR);
      const tokens = async () => ((await (await fetch(`${base}/sandbox/${canal}/_tokens`)).json()) as { renovacoes: number }).renovacoes;
      const antes = await tokens();
      expect((await fetch(`${base}/sandbox/${canal}/_expirar`, { method: 'POST' })).status).toBe(200);
      // The draft's parallel catalogue calls all get 401: one renewal for the whole operation.
      const d = await incluir(canal, idVeiculo);
      expect(await tokens()).toBe(antes + 1);
      // The renewed tokens were stored: the send needs no renewal, and the channel gets one advert.
      const anuncios = (await noCanal(canal)).length;
      const r = await chamar('POST', `/api/integracao/${canal}/enviar`, gestor, { id_veiculo: idVeiculo, veiculo_post: postDe(canal, d) });
      expect(r.statusCode, r.body).toBe(200);
      expect(await tokens()).toBe(antes + 1);
      expect((await noCanal(canal)).length).toBe(anuncios + 1);
      if (canal === 'mobiauto') {
        // Its publication confirmed by the job's polls (the stored token works: no renewal).
        await amb.tarefas.executar(TAREFA_RECONCILIAR);
        await amb.tarefas.executar(TAREFA_RECONCILIAR);
        expect(await naVisualizacao(idVeiculo, canal)).toMatchObject({ estado: 'publicado' });
      }
      // Expired again: Excluir renews with the rotated (single-use) refresh token and removes the advert once.
      await fetch(`${base}/sandbox/${canal}/_expirar`, { method: 'POST' });
      const ex = await chamar('POST', `/api/integracao/${canal}/excluir`, gestor, { id_veiculo: idVeiculo });
      expect(ex.statusCode, ex.body).toBe(200);
      expect(ex.json().data.ja_removido).toBe(false);
      expect(await tokens()).toBe(antes + 2);
      expect((await noCanal(canal)).length).toBe(anuncios);
    },
  );

  it('Mobiauto is for cars only', async () => {
    const idMoto = await novoVeiculo({ vetipoveiculo: 'moto', vefipe_marca: 'Honda', ve_modelo: 'CG 160', ve_versao: 'Fan', veportas: 0 });
    const r = await chamar('POST', '/api/integracao/mobiauto/incluir', gestor, { id_veiculo: idMoto });
    expect(r.statusCode).toBe(422);
    expect(r.json().data).toBe('Operação não permitida para esse tipo de veículo.');
  });
});
