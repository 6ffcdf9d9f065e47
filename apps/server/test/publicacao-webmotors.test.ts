import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revendaIntegracoes, veiculoIntegracoes } from '../src/db/schema/index.ts';
import { type Ambiente, type Credencial, cabecalhos } from './ajuda/ambiente.ts';
import { ambienteDePublicacao } from './ajuda/publicacao.ts';
import type { chamarComo } from './ajuda/veiculos.ts';

/**
 * Webmotors through the publishing framework's routes (spec 3 §7) against its SOAP sandbox: draft with Webmotors codes,
 * photos read from storage and sent as base64 JPEG, refused data as translated return codes (§8.3), Alterar, Excluir,
 * and an expired hash renewed mid-call and stored (encrypted) for the next requests.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let gestorB: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;

type Listado = {
  CodigoAnuncio: number;
  situacao: string;
  PrecoVenda: string;
  fotos: { bytes: number }[];
  Observacao: string;
  alteracoes: number;
};
const anuncio = async (codigo: string) =>
  ((await (await fetch(`${base}/sandbox/webmotors/_anuncios`)).json()) as { anuncios: Listado[] }).anuncios.find(
    (a) => String(a.CodigoAnuncio) === codigo,
  );
const registroWm = async () =>
  (
    await amb.banco.db
      .select()
      .from(revendaIntegracoes)
      .where(and(eq(revendaIntegracoes.revenda_id, amb.ids.revendaA), eq(revendaIntegracoes.canal, 'webmotors')))
  )[0];

beforeAll(async () => {
  ({ amb, base, chamar, gestor, gestorB } = await ambienteDePublicacao());
  const r = await amb.app.inject({
    method: 'POST',
    url: '/api/integracao/webmotors/configurar',
    headers: cabecalhos(gestor),
    payload: { id_revenda: amb.ids.revendaA, cnpj_revenda: '12345678000195', email_webmotors: 'loja@autodemo.test', senha_webmotors: 's' },
  });
  expect(r.statusCode, r.body).toBe(200);
}, 120_000);
afterAll(() => amb.encerrar());

async function rascunho() {
  const r = await chamar('POST', '/api/integracao/webmotors/incluir', gestor, { id_veiculo: amb.ids.veiculoA });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
}
/** The draft as the user completes it: the first modality of the ad type. */
async function postCompleto(extra: object = {}) {
  const d = await rascunho();
  const modalidade = d.retModalidade.find((m: { tipoAnuncio: string }) => m.tipoAnuncio === d.veiculoPost.TipoAnuncio);
  return { ...d.veiculoPost, CodigoModalidade: modalidade.id, ...extra };
}
const enviar = (veiculo_post: object, c = gestor) =>
  chamar('POST', '/api/integracao/webmotors/enviar', c, { id_veiculo: amb.ids.veiculoA, usuario: 'ignorado', veiculo_post });

describe('Webmotors pelas rotas de publicação', () => {
  it('rascunho: dados Intermédio, códigos da Webmotors e fotos; outra revenda é recusada', async () => {
    const d = await rascunho();
    expect(d.veiculo.id).toBe(amb.ids.veiculoA);
    expect(d.retMarca.find((m: { id: string }) => m.id === d.veiculoPost.CodigoMarca)?.nome).toBe(d.veiculo.marca);
    expect(d.imagens.length).toBeGreaterThan(0);
    const b = await chamar('POST', '/api/integracao/webmotors/incluir', gestorB, { id_veiculo: amb.ids.veiculoA });
    expect(b.statusCode).toBe(403);
    const modelos = await chamar('POST', '/api/integracao/webmotors/consultar-modelo', gestor, {
      id_veiculo: amb.ids.veiculoA,
      marca: d.veiculoPost.CodigoMarca,
    });
    expect(modelos.json().data.map((m: { id: string }) => m.id)).toContain(d.veiculoPost.CodigoModelo);
  });

  it('sem modalidade: 400 com "Preenchimento obrigatório", nada enviado', async () => {
    const r = await enviar({ ...(await postCompleto()), CodigoModalidade: '' });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toContain('Preenchimento obrigatório');
  });

  it('dados recusados: os códigos traduzidos entre aspas, e o envio fica como falhou', async () => {
    const r = await enviar(await postCompleto({ Placa: 'XX1', Observacao: 'retornar:43|84,43|999' }));
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
    expect(r.json().data).toBe(
      "'Placa inválida.', 'Código 43|999: consulte o manual da Webmotors em https://integracao.webmotors.com.br/manualintegracao/'",
    );
    const [reg] = await amb.banco.db
      .select()
      .from(veiculoIntegracoes)
      .where(and(eq(veiculoIntegracoes.veiculo_id, amb.ids.veiculoA), eq(veiculoIntegracoes.canal, 'webmotors')));
    expect(reg?.estado).toBe('falhou');
  });

  it('envia com as fotos do armazenamento, renova o hash vencido e o guarda; Alterar; Excluir', async () => {
    const hashAntes = (await registroWm())?.segredos;
    await fetch(`${base}/sandbox/webmotors/_expirar`, { method: 'POST' });
    const r = await enviar(await postCompleto({ Observacao: 'Enviado pelo teste de rotas.' }));
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d).toMatchObject({ estado: 'publicado', CodigoRetorno: '500' });
    const codigo = String(d.id_anuncio);
    const a = await anuncio(codigo);
    expect(a?.fotos.length).toBeGreaterThan(0);
    expect(a?.fotos.every((f) => f.bytes > 1000)).toBe(true);
    // The renewed hash is stored (encrypted): the record changed, and the next call does not log in again.
    expect((await registroWm())?.segredos).not.toBe(hashAntes);

    const view = await chamar('GET', `/api/revendas/${amb.ids.revendaA}/veiculos/${amb.ids.veiculoA}`, gestor);
    const linha = view.json().data.integracoes.find((i: { canal: string }) => i.canal === 'webmotors');
    expect(linha).toMatchObject({ publicado: true, id_anuncio: codigo });

    const get = await chamar('POST', '/api/integracao/webmotors/alterar-get', gestor, { id_veiculo: amb.ids.veiculoA, id_anuncio: codigo });
    expect(get.statusCode, get.body).toBe(200);
    const post = { ...get.json().data.veiculoPost, PrecoReal: 70500 };
    const alt = await chamar('POST', '/api/integracao/webmotors/alterar', gestor, {
      id_veiculo: amb.ids.veiculoA,
      id_anuncio: codigo,
      veiculo_post: post,
    });
    expect(alt.statusCode, alt.body).toBe(200);
    expect((await anuncio(codigo))?.PrecoVenda).toBe('70500.00');

    const x = await chamar('POST', '/api/integracao/webmotors/excluir', gestor, { id_veiculo: amb.ids.veiculoA, id_anuncio: codigo });
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json().data.mensagem).toBe('Anúncio excluído com sucesso.');
    expect((await anuncio(codigo))?.situacao).toBe('excluido');
  });

  it('clique duplo em Alterar: a segunda recebe 409 e a Webmotors recebe uma só alteração, com as fotos uma vez', async () => {
    const r = await enviar(await postCompleto({ Observacao: 'Anúncio para alterar duas vezes.' }));
    expect(r.statusCode, r.body).toBe(200);
    const codigo = String(r.json().data.id_anuncio);
    const fotos = (await anuncio(codigo))?.fotos.length ?? 0;
    expect(fotos).toBeGreaterThan(0);
    const get = await chamar('POST', '/api/integracao/webmotors/alterar-get', gestor, { id_veiculo: amb.ids.veiculoA, id_anuncio: codigo });
    expect(get.statusCode, get.body).toBe(200);
    // "lento": the sandbox answers the change after 2 s, so both clicks overlap.
    const post = { ...get.json().data.veiculoPost, Observacao: 'Alteração lento do clique duplo.' };
    const alterar = () =>
      chamar('POST', '/api/integracao/webmotors/alterar', gestor, { id_veiculo: amb.ids.veiculoA, id_anuncio: codigo, veiculo_post: post });
    const [a, b] = await Promise.all([alterar(), alterar()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json().data).toBe(
      'A alteração deste anúncio em Webmotors já está em andamento. Aguarde a conclusão antes de enviar novamente.',
    );
    const depois = await anuncio(codigo);
    expect(depois).toMatchObject({ alteracoes: 1, Observacao: 'Alteração lento do clique duplo.' });
    expect(depois?.fotos.length).toBe(fotos);

    const x = await chamar('POST', '/api/integracao/webmotors/excluir', gestor, { id_veiculo: amb.ids.veiculoA, id_anuncio: codigo });
    expect(x.statusCode, x.body).toBe(200);
  });
});
