import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderacao, veiculoIntegracoes } from '../src/db/schema/index.ts';
import { TAREFA_RECONCILIAR } from '../src/modules/publicacao/publicacao.tarefa.ts';
import { TAREFA_SINCRONIZAR } from '../src/modules/publicacao/sincronizacao.service.ts';
import { type Ambiente, type Credencial, cabecalhos, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { ambienteDePublicacao, registroDoEnvio } from './ajuda/publicacao.ts';
import { configurarRedesSociais } from './ajuda/social.ts';
import { type chamarComo, VEICULO_EXEMPLO } from './ajuda/veiculos.ts';

/**
 * Sync of published adverts (issue 24 item 1, docs/publicacao.md "Sync"): a vehicle save reaches the Autoscar and
 * Webmotors sandboxes through their edit operations, as durable changes under the advert's lease. The background
 * workers are off: each test runs the job's rounds itself and reads what was queued.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let gestorB: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let enfileiradas: { nome: string; dados: object }[];

type NaAutoscar = { advId: string; price: number; description: string; alteracoes: number };
type NaWebmotors = { CodigoAnuncio: number; PrecoReal: string; alteracoes?: number };
const naAutoscar = async (id: string) =>
  ((await (await fetch(`${base}/sandbox/autoscar/_anuncios`)).json()) as { anuncios: NaAutoscar[] }).anuncios.find((a) => a.advId === id);
const naWebmotors = async (id: string) =>
  ((await (await fetch(`${base}/sandbox/webmotors/_anuncios`)).json()) as { anuncios: NaWebmotors[] }).anuncios.find(
    (a) => String(a.CodigoAnuncio) === id,
  );
const sincronizar = () => amb.tarefas.executar(TAREFA_SINCRONIZAR);
const pedidos = () => enfileiradas.filter((t) => t.nome === TAREFA_SINCRONIZAR).length;
const modo = (sincronizacao: unknown, c = gestor) => chamar('PUT', `/api/revendas/${amb.ids.revendaA}/sincronizacao`, c, { sincronizacao });

beforeAll(async () => {
  ({ amb, base, chamar, gestor, gestorB } = await ambienteDePublicacao());
  enfileiradas = await semTarefasEmSegundoPlano(amb);
  const admin = await amb.entrar('admin');
  const a = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/integracoes/autoscar`, admin, { status: true, id_autoscar: '123' });
  expect(a.statusCode, a.body).toBe(200);
  const w = await amb.app.inject({
    method: 'POST',
    url: '/api/integracao/webmotors/configurar',
    headers: cabecalhos(gestor),
    payload: { id_revenda: amb.ids.revendaA, cnpj_revenda: '12345678000195', email_webmotors: 'loja@autodemo.test', senha_webmotors: 's' },
  });
  expect(w.statusCode, w.body).toBe(200);
}, 120_000);
afterAll(() => amb.encerrar());

type Publicado = { id: string; autoscar: string; webmotors: string };

/** A car of reseller A published on Autoscar and Webmotors through the routes. */
async function publicado(): Promise<Publicado> {
  const v = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos`, gestor, VEICULO_EXEMPLO);
  expect(v.statusCode, v.body).toBe(200);
  const id = v.json().data.id as string;
  const a = (await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: id })).json().data;
  const ea = await chamar('POST', '/api/integracao/autoscar/enviar', gestor, { id_veiculo: id, veiculo_post: a.veiculoPost });
  expect(ea.statusCode, ea.body).toBe(200);
  const w = (await chamar('POST', '/api/integracao/webmotors/incluir', gestor, { id_veiculo: id })).json().data;
  const modalidade = w.retModalidade.find((m: { tipoAnuncio: string }) => m.tipoAnuncio === w.veiculoPost.TipoAnuncio);
  const ew = await chamar('POST', '/api/integracao/webmotors/enviar', gestor, {
    id_veiculo: id,
    veiculo_post: { ...w.veiculoPost, CodigoModalidade: modalidade.id },
  });
  expect(ew.statusCode, ew.body).toBe(200);
  return { id, autoscar: String(ea.json().data.id_anuncio), webmotors: String(ew.json().data.id_anuncio) };
}

/** Saves the vehicle with these fields (the form's save: optimistic lock on its version). */
async function salvar(id: string, campos: Record<string, unknown>) {
  const atual = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`, gestor)).json().data;
  const r = await chamar('PUT', `/api/revendas/${amb.ids.revendaA}/veiculos/${id}`, gestor, {
    ...VEICULO_EXEMPLO,
    ...campos,
    versao: atual.versao,
  });
  expect(r.statusCode, r.body).toBe(200);
}

describe('sincronização depois de salvar (automático)', () => {
  it('o preço novo chega à Autoscar e à Webmotors; os anúncios voltam a atualizados; a alteração entra em "alterados"', async () => {
    const p = await publicado();
    const antes = pedidos();
    await salvar(p.id, { vevalor: '69.900,00' });
    expect(pedidos()).toBe(antes + 1);
    expect(await registroDoEnvio(amb, p.id, 'autoscar')).toMatchObject({ desatualizado: true });
    await sincronizar();
    expect(await naAutoscar(p.autoscar)).toMatchObject({ price: 69900, alteracoes: 1 });
    expect((await naWebmotors(p.webmotors))?.PrecoReal).toBe('69900.00');
    for (const canal of ['autoscar', 'webmotors'])
      expect(await registroDoEnvio(amb, p.id, canal)).toMatchObject({
        desatualizado: false,
        ultimo_erro: null,
        lease_ate: null,
        operacao: null,
      });
    const fila = await amb.banco.db
      .select()
      .from(moderacao)
      .where(and(eq(moderacao.fila, 'alterados'), eq(moderacao.veiculo_id, p.id)));
    expect(fila).toHaveLength(1);
    // Nothing left: a second run calls no channel.
    await sincronizar();
    expect((await naAutoscar(p.autoscar))?.alteracoes).toBe(1);
    const v = (await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${p.id}`, gestor)).json().data;
    expect(v.integracoes.find((i: { canal: string }) => i.canal === 'autoscar')).toMatchObject({ desatualizado: false });
  });

  it('dois salvamentos seguidos: o segundo é enviado depois que o primeiro terminou, nunca junto; o canal fica com o último', async () => {
    const p = await publicado();
    // "lento": the Autoscar sandbox answers this update after 2 s.
    await salvar(p.id, { vevalor: '70.000,00', veobservacao: 'Revisado, lento' });
    const primeira = sincronizar();
    await new Promise((ok) => setTimeout(ok, 500));
    expect(await registroDoEnvio(amb, p.id, 'autoscar')).toMatchObject({ operacao: 'alterar' });
    await salvar(p.id, { vevalor: '71.000,00', veobservacao: 'Revisado, lento' });
    // A second run meanwhile leaves the advert held by the first to it.
    await sincronizar();
    expect((await naAutoscar(p.autoscar))?.alteracoes ?? 0).toBeLessThanOrEqual(1);
    await primeira;
    expect(await naAutoscar(p.autoscar)).toMatchObject({ price: 71000, alteracoes: 2 });
    expect((await naWebmotors(p.webmotors))?.PrecoReal).toBe('71000.00');
    expect(await registroDoEnvio(amb, p.id, 'autoscar')).toMatchObject({ desatualizado: false, lease_ate: null });
  }, 30_000);

  it('recusa do canal: o anúncio fica desatualizado com o motivo, sem reenvio automático; "Tentar de novo" reenvia', async () => {
    const p = await publicado();
    await salvar(p.id, { vevalor: '65.000,00', veobservacao: 'Texto para recusar' });
    await sincronizar();
    const reg = await registroDoEnvio(amb, p.id, 'autoscar');
    expect(reg).toMatchObject({ desatualizado: true, lease_ate: null, operacao: null });
    expect(reg?.ultimo_erro).toBeTruthy();
    expect((await naAutoscar(p.autoscar))?.alteracoes).toBe(0);
    expect((await naWebmotors(p.webmotors))?.PrecoReal).toBe('65000.00');
    // The reconciliation round queues the job; a refusal waits for the reseller.
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    await sincronizar();
    expect((await naAutoscar(p.autoscar))?.alteracoes).toBe(0);
    const antes = pedidos();
    const t = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos/${p.id}/atualizar-anuncios`, gestor, { canal: 'autoscar' });
    expect(t.statusCode, t.body).toBe(200);
    expect(t.json().data).toEqual({ mensagem: 'Atualização dos anúncios iniciada.', anuncios: 1 });
    expect(pedidos()).toBe(antes + 1);
    // "Tentar de novo" alone sends it again (refused again: the text still says so).
    const tentado = (await registroDoEnvio(amb, p.id, 'autoscar'))?.tentativa_em?.getTime() ?? 0;
    await sincronizar();
    expect((await registroDoEnvio(amb, p.id, 'autoscar'))?.tentativa_em?.getTime()).toBeGreaterThan(tentado);
    expect(await registroDoEnvio(amb, p.id, 'autoscar')).toMatchObject({ desatualizado: true, lease_ate: null });
    await salvar(p.id, { vevalor: '65.000,00', veobservacao: 'Texto aceito' }); // fixed meanwhile
    await sincronizar();
    expect(await naAutoscar(p.autoscar)).toMatchObject({ price: 65000, description: 'Texto aceito', alteracoes: 1 });
    expect(await registroDoEnvio(amb, p.id, 'autoscar')).toMatchObject({ desatualizado: false, ultimo_erro: null });
  });

  it('sem resposta do canal: desatualizado com o motivo; a rodada seguinte envia de novo', async () => {
    const p = await publicado();
    await salvar(p.id, { vevalor: '66.000,00', veobservacao: 'Canal vai falhar' });
    await sincronizar();
    const reg = await registroDoEnvio(amb, p.id, 'autoscar');
    expect(reg).toMatchObject({ desatualizado: true, lease_ate: null });
    expect(reg?.ultimo_erro).toContain('Autoscar não confirmou a atualização do anúncio');
    await sincronizar();
    const depois = await registroDoEnvio(amb, p.id, 'autoscar');
    expect(depois?.tentativa_em?.getTime()).toBeGreaterThan(reg?.tentativa_em?.getTime() ?? 0);
  });

  it('um canal que não edita fica desatualizado com a explicação (Instagram: Publicar de novo)', async () => {
    const p = await publicado();
    await amb.banco.db.insert(veiculoIntegracoes).values({
      veiculo_id: p.id,
      canal: 'instagram',
      revenda_id: amb.ids.revendaA,
      estado: 'publicado',
      status: true,
      id_anuncio: 'ig-1',
      desatualizado: true,
    });
    await sincronizar();
    expect((await registroDoEnvio(amb, p.id, 'instagram'))?.ultimo_erro).toBe('O Instagram não permite editar uma publicação.');
  });
});

describe('"perguntar" e a configuração', () => {
  it('com "perguntar" nenhum job sai ao salvar; "Atualizar em todos os canais" o enfileira e atualiza', async () => {
    expect((await chamar('GET', `/api/revendas/${amb.ids.revendaA}/sincronizacao`, gestor)).json().data).toEqual({
      sincronizacao: 'automatico',
    });
    const p = await publicado();
    expect((await modo('perguntar')).statusCode).toBe(200);
    try {
      const antes = pedidos();
      await salvar(p.id, { vevalor: '68.000,00' });
      expect(pedidos()).toBe(antes);
      await sincronizar();
      expect((await naAutoscar(p.autoscar))?.alteracoes).toBe(0);
      expect(await registroDoEnvio(amb, p.id, 'autoscar')).toMatchObject({ desatualizado: true });
      const r = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos/${p.id}/atualizar-anuncios`, gestor, {});
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.anuncios).toBe(2);
      expect(pedidos()).toBe(antes + 1);
      await sincronizar();
      expect(await naAutoscar(p.autoscar)).toMatchObject({ price: 68000, alteracoes: 1 });
      expect((await naWebmotors(p.webmotors))?.PrecoReal).toBe('68000.00');
      const nada = await chamar('POST', `/api/revendas/${amb.ids.revendaA}/veiculos/${p.id}/atualizar-anuncios`, gestor, {});
      expect(nada.statusCode).toBe(409);
      expect(nada.json().data).toBe('Nenhum anúncio deste veículo precisa ser atualizado.');
    } finally {
      await modo('automatico');
    }
  });

  it('valor inválido: 400 em português; outra revenda: 403; veículo de outra revenda: 404', async () => {
    const r = await modo('sempre');
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toContain('Escolha \\"automático\\" ou \\"perguntar\\".');
    expect((await modo('perguntar', gestorB)).statusCode).toBe(403);
    const x = await chamar(
      'POST',
      `/api/revendas/${amb.ids.revendaA}/veiculos/00000000-0000-4000-8000-000000000000/atualizar-anuncios`,
      gestor,
      {},
    );
    expect(x.statusCode).toBe(404);
    const b = await chamar('POST', `/api/revendas/${amb.ids.revendaB}/veiculos/${amb.ids.veiculoA}/atualizar-anuncios`, gestor, {});
    expect(b.statusCode).toBe(403);
  });
});

describe('"Publicar de novo" (Instagram não edita)', () => {
  it('exclui e publica de novo o post guardado num clique; o clique duplo recebe 409; um canal que atualiza recusa', async () => {
    await configurarRedesSociais(amb, gestor);
    const id = amb.ids.veiculoA;
    const e = await chamar('POST', '/api/integracao/instagram/enviar', gestor, {
      id_veiculo: id,
      veiculo_post: { ig_descricao: 'Fiat Argo revisado, publicação para publicar de novo no Instagram.' },
    });
    expect(e.statusCode, e.body).toBe(200);
    const antes = String(e.json().data.id_anuncio);
    const url = `/api/revendas/${amb.ids.revendaA}/veiculos/${id}/publicar-de-novo`;
    const [um, dois] = await Promise.all([
      chamar('POST', url, gestor, { canal: 'instagram' }),
      chamar('POST', url, gestor, { canal: 'instagram' }),
    ]);
    expect([um.statusCode, dois.statusCode].sort()).toEqual([200, 409]);
    const ok = um.statusCode === 200 ? um : dois;
    expect(ok.json().data.mensagem).toContain('não permite excluir a publicação antiga pela integração: remova-a no aplicativo.');
    const reg = await registroDoEnvio(amb, id, 'instagram');
    expect(reg).toMatchObject({ estado: 'publicado', desatualizado: false, operacao: null, lease_ate: null });
    expect(reg?.id_anuncio).toBeTruthy();
    expect(reg?.id_anuncio).not.toBe(antes);
    expect(reg?.envio).toMatchObject({ ig_descricao: 'Fiat Argo revisado, publicação para publicar de novo no Instagram.' });
    const autoscar = await chamar('POST', url, gestor, { canal: 'autoscar' });
    expect(autoscar.statusCode).toBe(422);
    expect(autoscar.json().data).toBe('Autoscar atualiza o anúncio: use "Atualizar em todos os canais" ou "Tentar de novo".');
  }, 60_000);
});
