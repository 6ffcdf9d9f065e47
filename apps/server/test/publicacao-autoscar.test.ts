import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { veiculoIntegracoes, veiculos } from '../src/db/schema/index.ts';
import { TAREFA_RECONCILIAR } from '../src/modules/publicacao/publicacao.tarefa.ts';
import { type Ambiente, type Credencial, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { ambienteDePublicacao, comQuedaDepoisDoCanal, registroDoEnvio } from './ajuda/publicacao.ts';
import type { chamarComo } from './ajuda/veiculos.ts';

/**
 * Autoscar and Autoline through the publishing routes of spec 3 §7 (the framework) against their sandboxes:
 * draft of a demo car and motorcycle, send, the vehicle view showing the advert, change (Autoscar), delete.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let gestorB: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
const ids = { argo: '', cg: '', fh: '', civic: '', hb20: '' };

const idDemo = async (modelo: string) =>
  (
    await amb.banco.db
      .select({ id: veiculos.id })
      .from(veiculos)
      .where(and(eq(veiculos.revenda_id, amb.ids.revendaA), eq(veiculos.ve_modelo, modelo)))
  )[0]?.id ?? '';
const registro = (idVeiculo: string, canal: string) => registroDoEnvio(amb, idVeiculo, canal);
async function naVisualizacao(idVeiculo: string, canal: string) {
  const r = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${idVeiculo}`, gestor);
  return (r.json().data.integracoes as { canal: string; estado: string | null; id_anuncio: string | null; url_anuncio?: string }[]).find(
    (i) => i.canal === canal,
  );
}
const noCanal = async <T>(canal: string) =>
  ((await (await fetch(`${base}/sandbox/${canal}/_anuncios`)).json()) as { anuncios: T[] }).anuncios;

type Opcao = { id: string; nome: string };
const idPorNome = (lista: Opcao[] | undefined, nome: string) => lista?.find((o) => o.nome === nome)?.id ?? '';

beforeAll(async () => {
  ({ amb, base, chamar, gestor, gestorB } = await ambienteDePublicacao());
  // The crash test ends its send's lease by hand and runs the reconciliation itself: only its own round may take it.
  await semTarefasEmSegundoPlano(amb);
  const admin = await amb.entrar('admin');
  const integracao = (canal: string) => `/api/revendas/${amb.ids.revendaA}/integracoes/${canal}`;
  // Autoscar is configured by an admin only (spec 1 §6); Autoline by the reseller.
  const a = await chamar('PUT', integracao('autoscar'), admin, { status: true, id_autoscar: '123' });
  expect(a.statusCode, a.body).toBe(200);
  const l = await chamar('PUT', integracao('autoline'), gestor, {
    status: true,
    email_autoline: 'loja@autodemo.test',
    senha_autoline: 's',
  });
  expect(l.statusCode, l.body).toBe(200);
  ids.argo = await idDemo('Argo');
  ids.cg = await idDemo('CG 160');
  ids.fh = await idDemo('FH');
  ids.civic = await idDemo('Civic');
  ids.hb20 = await idDemo('HB20');
}, 120_000);
afterAll(() => amb.encerrar());

describe('Autoscar', () => {
  it('car: draft → send → the view shows the advert → alterar-get → alterar → excluir', async () => {
    const r = await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: ids.argo, api_key: 'ignorada' });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    // Dados Intermédio of Cidade, UF and Tipo de veículo: the reseller's place, the body (issue 23 item 13).
    expect(d.veiculo).toMatchObject({ marca: 'Fiat', modelo: 'Argo', tipo: 'carro', carroceria: 'Hatch', cidade: 'São Paulo', uf: 'SP' });
    expect(d.tipo).toBe('carro');
    expect(d.veiculoPost).toMatchObject({ city: 'SÃO PAULO', state: 'SP', ports: 4, plate: 'FDA1B23' });
    expect(d.veiculoPost.modelId).not.toBe('');
    expect(d.veiculoPost.photos[0]).toMatch(/^https?:\/\//);

    const modelos = await chamar('POST', '/api/integracao/autoscar/consultar-modelo', gestor, {
      id_veiculo: ids.argo,
      marca: d.veiculoData.veiculo_marca,
    });
    expect(modelos.json().data.map((m: Opcao) => m.nome)).toEqual(['Argo', 'Mobi']);
    const versoes = await chamar('POST', '/api/integracao/autoscar/consultar-versao', gestor, {
      id_veiculo: ids.argo,
      marca: d.veiculoData.veiculo_marca,
      modelo: d.veiculoData.veiculo_modelo,
    });
    expect(versoes.json().data).toHaveLength(2);

    // A post missing the doors is refused field by field, before anything is recorded.
    const { ports: _p, ...semPortas } = d.veiculoPost;
    const invalido = await chamar('POST', '/api/integracao/autoscar/enviar', gestor, { id_veiculo: ids.argo, veiculo_post: semPortas });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().campos['veiculo_post.ports']).toBe('Preenchimento obrigatório');
    expect(await registro(ids.argo, 'autoscar')).toBeUndefined();

    const post = { ...d.veiculoPost, optionals: ['Airbag'], description: 'Carro de teste' };
    const outra = await chamar('POST', '/api/integracao/autoscar/enviar', gestorB, { id_veiculo: ids.argo, veiculo_post: post });
    expect(outra.statusCode).toBe(403);
    const e = await chamar('POST', '/api/integracao/autoscar/enviar', gestor, { id_veiculo: ids.argo, usuario: 'x', veiculo_post: post });
    expect(e.statusCode, e.body).toBe(200);
    const enviado = e.json().data;
    expect(enviado).toMatchObject({ estado: 'publicado', id_anuncio: expect.stringMatching(/^\d+$/), advId: enviado.id_anuncio });
    expect(await naVisualizacao(ids.argo, 'autoscar')).toMatchObject({ estado: 'publicado', id_anuncio: enviado.id_anuncio });
    type A = { advId: string; status: string; optionals: string[]; description: string; removidoEm: string | null };
    expect((await noCanal<A>('autoscar')).find((a) => a.advId === enviado.id_anuncio)).toMatchObject({
      status: '1',
      optionals: ['Airbag'],
    });

    const g = await chamar('POST', '/api/integracao/autoscar/alterar-get', gestor, {
      id_veiculo: ids.argo,
      id_anuncio: enviado.id_anuncio,
    });
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json().data.retOpcionais.find((o: { descricao: string }) => o.descricao === 'Airbag').checked).toBe(true);
    const alt = await chamar('POST', '/api/integracao/autoscar/alterar', gestor, {
      id_veiculo: ids.argo,
      id_anuncio: enviado.id_anuncio,
      veiculo_post: { ...post, description: 'Alterado pelo painel' },
    });
    expect(alt.statusCode, alt.body).toBe(200);
    expect((await noCanal<A>('autoscar')).find((a) => a.advId === enviado.id_anuncio)?.description).toBe('Alterado pelo painel');

    const x = await chamar('POST', '/api/integracao/autoscar/excluir', gestor, { id_veiculo: ids.argo, id_anuncio: enviado.id_anuncio });
    expect(x.json().data).toEqual({ mensagem: 'Anúncio excluído com sucesso.', ja_removido: false });
    expect((await noCanal<A>('autoscar')).find((a) => a.advId === enviado.id_anuncio)?.removidoEm).toBeTruthy();
    expect(await naVisualizacao(ids.argo, 'autoscar')).toMatchObject({ estado: null, id_anuncio: null });
  });

  it('motorcycle with its own fields; a truck gets the spec text', async () => {
    const d = (await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: ids.cg })).json().data;
    expect(d.tipo).toBe('moto');
    const post = {
      ...d.veiculoPost,
      matchType: idPorNome(d.retTipoPartida, 'Elétrica'),
      coolingType: idPorNome(d.retTipoRefrigeracao, 'Ar'),
      marches: 5,
      bodyStyle: idPorNome(d.retTipoVeiculo, 'Street'),
    };
    const e = await chamar('POST', '/api/integracao/autoscar/enviar', gestor, { id_veiculo: ids.cg, veiculo_post: post });
    expect(e.statusCode, e.body).toBe(200);
    type A = { advId: string; motor: string; marches: number; ports?: number };
    const a = (await noCanal<A>('autoscar')).find((x) => x.advId === e.json().data.id_anuncio);
    expect(a).toMatchObject({ motor: '160', marches: 5 });
    expect(a?.ports).toBeUndefined();

    const t = await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: ids.fh });
    expect(t.statusCode).toBe(422);
    expect(t.json().data).toBe('Operação não permitida para esse tipo de veículo.');
  });
});

describe('Autoscar: the process dies between Autoscar’s answer and the database write', () => {
  it('the reconciliation finds the advert by our reference (externalId): one advert, published', async () => {
    const d = (await chamar('POST', '/api/integracao/autoscar/incluir', gestor, { id_veiculo: ids.hb20 })).json().data;
    const descricao = `Queda depois da resposta ${Date.now()}`;
    const r = await comQuedaDepoisDoCanal('autoscar', 'enviar', () =>
      chamar('POST', '/api/integracao/autoscar/enviar', gestor, {
        id_veiculo: ids.hb20,
        veiculo_post: { ...d.veiculoPost, description: descricao },
      }),
    );
    expect(r.statusCode).toBe(500);
    type A = { advId: string; externalId: string; description: string };
    const criados = (await noCanal<A>('autoscar')).filter((a) => a.description === descricao);
    expect(criados).toHaveLength(1);
    expect(await registro(ids.hb20, 'autoscar')).toMatchObject({ estado: 'pendente', chave: criados[0]?.externalId });

    // After the restart the lease has run out; the job asks Autoscar by the send's reference.
    await amb.banco.db
      .update(veiculoIntegracoes)
      .set({ lease_ate: sql`now() - interval '1 second'` })
      .where(and(eq(veiculoIntegracoes.veiculo_id, ids.hb20), eq(veiculoIntegracoes.canal, 'autoscar')));
    await amb.tarefas.executar(TAREFA_RECONCILIAR);
    expect(await registro(ids.hb20, 'autoscar')).toMatchObject({ estado: 'publicado', status: true, id_anuncio: criados[0]?.advId });
    expect((await noCanal<A>('autoscar')).filter((a) => a.description === descricao)).toHaveLength(1);
  });
});

describe('Autoline', () => {
  it('draft → send (url_anuncio kept) → the view shows it → excluir', async () => {
    const r = await chamar('POST', '/api/integracao/autoline/incluir', gestor, { id_veiculo: ids.civic });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    const p = d.veiculoPost;
    expect(idPorNome(d.retMarca, 'Honda')).toBe(p.CodigoMarca);
    expect(d.retVersao.find((v: Opcao) => v.id === p.CodigoVersao)?.nome).toBe('EXL 2.0 Flex 16V Aut.');
    const post = {
      MakeId: p.CodigoMarca,
      ModelId: p.CodigoModelo,
      ModelVersionId: p.CodigoVersao,
      FuelTypeId: p.CodigoCombustivel,
      ColorId: p.CodigoCor,
      DoorNumberId: p.CodigoPortas,
      BodyTypeId: p.CodigoCategoria,
      TransmissionId: p.CodigoCambio,
      Features: p.Opcionais,
      ...p.flags,
      IsSwapNotAccepted: 1,
    };
    const semCor = await chamar('POST', '/api/integracao/autoline/enviar', gestor, {
      id_veiculo: ids.civic,
      veiculo_post: { ...post, ColorId: '' },
    });
    expect(semCor.json().campos['veiculo_post.ColorId']).toBe('Preenchimento obrigatório');
    const e = await chamar('POST', '/api/integracao/autoline/enviar', gestor, { id_veiculo: ids.civic, veiculo_post: post });
    expect(e.statusCode, e.body).toBe(200);
    const enviado = e.json().data;
    expect(enviado).toMatchObject({ estado: 'publicado', url_anuncio: expect.stringContaining('autoline.com.br') });
    expect(await naVisualizacao(ids.civic, 'autoline')).toMatchObject({ estado: 'publicado', id_anuncio: enviado.id_anuncio });
    type A = { AdId: string; IsSwapNotAccepted: string; IsZeroKm: string; Status: string };
    expect((await noCanal<A>('autoline')).find((a) => a.AdId === enviado.id_anuncio)).toMatchObject({
      IsSwapNotAccepted: '1',
      IsZeroKm: '0',
    });

    const x = await chamar('POST', '/api/integracao/autoline/excluir', gestor, { id_veiculo: ids.civic });
    expect(x.json().data).toEqual({ mensagem: 'Anúncio excluído com sucesso.', ja_removido: false });
    expect((await noCanal<A>('autoline')).find((a) => a.AdId === enviado.id_anuncio)?.Status).toBe('Cancelado');
    expect(await naVisualizacao(ids.civic, 'autoline')).toMatchObject({ estado: null });
  });
});
