import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { veiculos } from '../src/db/schema/index.ts';
import type { Ambiente, Credencial } from './ajuda/ambiente.ts';
import { ambienteDePublicacao, registroDoEnvio } from './ajuda/publicacao.ts';
import type { chamarComo } from './ajuda/veiculos.ts';

/**
 * Mercado Livre through the publishing framework (spec 3 §2.3, §2.5, §3.7, §5, §7; issue 13): the category's
 * attributes (required / optional, by type), the item with our key, the channel's refusal shown as JSON, validation
 * messages, Excluir (closed, then deleted).
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let gestorB: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let argo: string;
let caminhao: string;

type Item = { id: string; status: string; deleted?: boolean; seller_custom_field: string; title: string; descricao: string | null };
const itens = async () => ((await (await fetch(`${base}/sandbox/mercadolivre/_anuncios`)).json()) as { anuncios: Item[] }).anuncios;
const registro = (idVeiculo: string) => registroDoEnvio(amb, idVeiculo, 'mercadolivre');
type Rascunho = {
  requiredAtributos: { id: string; value_type: string }[];
  newAtributos: { id: string; value_type: string }[];
  veiculoPost: { title: string; description: { plain_text: string }; location: { zip_code: string; address_line: string } };
  ml_values: Record<string, string>;
};
async function rascunho(idVeiculo: string) {
  const r = await chamar('POST', '/api/integracao/mercadolivre/incluir', gestor, { id_veiculo: idVeiculo });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as Rascunho;
}
async function post(idVeiculo: string, extra: Record<string, unknown> = {}) {
  const r = await rascunho(idVeiculo);
  return {
    ml_titulo_anuncio: r.veiculoPost.title,
    ml_descricao_anuncio: r.veiculoPost.description.plain_text,
    ml_attributes: r.ml_values,
    ml_veiculo_post: { location: { address_line: 'Avenida Paulista, 1000', zip_code: '01310-100' } },
    ...extra,
  };
}
const enviar = async (idVeiculo: string, corpo: Record<string, unknown>) =>
  chamar('POST', '/api/integracao/mercadolivre/enviar', gestor, { id_veiculo: idVeiculo, veiculo_post: corpo });

beforeAll(async () => {
  ({ amb, base, chamar, gestor, gestorB } = await ambienteDePublicacao());
  const c = await chamar('POST', '/api/integracao/mercadolivre/configurar', gestor, {
    id_revenda: amb.ids.revendaA,
    code_ml: 'ml-publicacao',
  });
  expect(c.statusCode, c.body).toBe(200);
  const daRevenda = (marca: string) =>
    amb.banco.db
      .select({ id: veiculos.id })
      .from(veiculos)
      .where(and(eq(veiculos.revenda_id, amb.ids.revendaA), eq(veiculos.vefipe_marca, marca), eq(veiculos.veremovido, 0)));
  argo = (await daRevenda('Fiat'))[0]?.id ?? '';
  caminhao = (await daRevenda('Volvo'))[0]?.id ?? '';
}, 120_000);
afterAll(() => amb.encerrar());

describe('Mercado Livre: rascunho', () => {
  it("the category's attributes by type, prefilled; another reseller is refused; a truck is not permitted", async () => {
    const r = await rascunho(argo);
    expect(r.requiredAtributos.map((a) => a.id)).toEqual(expect.arrayContaining(['BRAND', 'MODEL', 'COLOR', 'KILOMETERS']));
    expect(r.requiredAtributos.find((a) => a.id === 'COLOR')?.value_type).toBe('list');
    expect(r.ml_values.COLOR).not.toBe('');
    expect(r.veiculoPost.title).toBe(r.veiculoPost.title.toUpperCase());
    expect((await chamar('POST', '/api/integracao/mercadolivre/incluir', gestorB, { id_veiculo: argo })).statusCode).toBe(403);
    const t = await chamar('POST', '/api/integracao/mercadolivre/incluir', gestor, { id_veiculo: caminhao });
    expect(t.statusCode).toBe(422);
    expect(t.json().data).toBe('Operação não permitida para esse tipo de veículo.');
  });

  it("validation: 'Endereço' and 'CEP' messages; nothing recorded", async () => {
    const r = await enviar(argo, await post(argo, { ml_veiculo_post: { location: { address_line: 'A', zip_code: '0131' } } }));
    expect(r.statusCode).toBe(400);
    expect(Object.values(r.json().campos)).toEqual(expect.arrayContaining(["'Endereço' é obrigatório.", "'CEP' é obrigatório."]));
    expect(await registro(argo)).toBeUndefined();
  });
});

describe('Mercado Livre: anúncio', () => {
  it("ML's refusal comes back as its JSON; the record is falhou", async () => {
    const r = await enviar(argo, await post(argo, { ml_titulo_anuncio: 'Argo para recusar' }));
    expect(r.statusCode).toBe(422);
    expect(r.json().data).toContain('"error":"forbidden"');
    expect(await registro(argo)).toMatchObject({ estado: 'falhou' });
  });

  it('publishes the item with our key and the description; Excluir closes and deletes it', async () => {
    const r = await enviar(argo, await post(argo));
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d).toMatchObject({ estado: 'publicado', id_anuncio: expect.stringMatching(/^MLB\d+$/) });
    expect(d.url_anuncio).toMatch(/^https:\/\/carro\.mercadolivre\.com\.br\//);
    const reg = await registro(argo);
    const item = (await itens()).find((i) => i.id === d.id_anuncio);
    expect(item).toMatchObject({ status: 'active', seller_custom_field: reg?.chave });
    expect(item?.descricao).not.toBe('');

    const e = await chamar('POST', '/api/integracao/mercadolivre/excluir', gestor, { id_veiculo: argo, id_anuncio: d.id_anuncio });
    expect(e.statusCode, e.body).toBe(200);
    expect(e.json().data.mensagem).toBe('Anúncio excluído com sucesso.');
    expect((await itens()).find((i) => i.id === d.id_anuncio)).toMatchObject({ status: 'closed', deleted: true });
    expect(await registro(argo)).toBeUndefined();
  });
});

describe('Mercado Livre: token expirado no meio da operação', () => {
  it('a 401 renews the token once (single-use refresh token rotated and stored) and repeats the call once: one item', async () => {
    const renovacoes = async () =>
      ((await (await fetch(`${base}/sandbox/mercadolivre/_tokens`)).json()) as { renovacoes: number }).renovacoes;
    const corpo = await post(argo, { ml_titulo_anuncio: `Argo token expirado ${Date.now()}` });
    const antes = await renovacoes();
    const quantos = (await itens()).length;
    expect((await fetch(`${base}/sandbox/mercadolivre/_expirar`, { method: 'POST' })).status).toBe(200);
    const r = await enviar(argo, corpo);
    expect(r.statusCode, r.body).toBe(200);
    expect(await renovacoes()).toBe(antes + 1);
    expect((await itens()).length).toBe(quantos + 1);
    const chave = (await registro(argo))?.chave;
    expect((await itens()).filter((i) => i.seller_custom_field === chave)).toHaveLength(1);
    // Expired again: Excluir renews with the refresh token the first renewal stored (the old one is spent) and works.
    await fetch(`${base}/sandbox/mercadolivre/_expirar`, { method: 'POST' });
    const e = await chamar('POST', '/api/integracao/mercadolivre/excluir', gestor, {
      id_veiculo: argo,
      id_anuncio: r.json().data.id_anuncio,
    });
    expect(e.statusCode, e.body).toBe(200);
    expect(await renovacoes()).toBe(antes + 2);
    expect(await registro(argo)).toBeUndefined();
  });
});
