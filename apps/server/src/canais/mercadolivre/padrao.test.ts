import { randomUUID } from 'node:crypto';
import { postMercadoLivre } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRO, canalConfigurado, type sandboxesNoAr, valorOk } from '../../../test/ajuda/veiculo-canal.ts';
import { textoDoModelo } from '../padroes.ts';
import type { SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import type { ContextoCanal } from '../tipos.ts';
import { mercadolivre } from './adapter.ts';
import { publicacaoMercadoLivre as pub } from './publicacao.ts';

/** Mercado Livre bulk publish (issue 24 item 3): `postPadrao` on real drafts of the ML sandbox, with and without defaults. */
let s: Awaited<ReturnType<typeof sandboxesNoAr>>;
let ctx: ContextoCanal;
let sessao: SessaoCanal;
beforeAll(async () => {
  ({ s, ctx, sessao } = await canalConfigurado('mercadolivre', (ctx) => mercadolivre.configurar(ctx, { code_ml: 'codigo-teste' })));
});
afterAll(() => s.fechar());

const { postPadrao } = pub as Required<typeof pub>;
const rascunho = async (v: VeiculoParaCanal = CARRO) => valorOk(await pub.rascunho(ctx, sessao, v));

describe('Mercado Livre postPadrao', () => {
  it("the draft alone is the screen's post (title in upper case), which ML accepts", async () => {
    const d = await rascunho();
    const r = postPadrao(d, CARRO, {});
    if (!('post' in r)) throw new Error(JSON.stringify(r));
    expect(r.post).toEqual({
      ml_titulo_anuncio: 'FIAT ARGO DRIVE 1.0 6V FLEX 5P MEC. 2023',
      ml_descricao_anuncio: d.veiculoPost.description.plain_text,
      ml_attributes: d.ml_values,
      ml_veiculo_post: { location: { zip_code: '01310100', address_line: 'Avenida Paulista' } },
    });
    expect(postMercadoLivre.safeParse(r.post).success).toBe(true);
    const item = valorOk(await pub.enviar(ctx, sessao, CARRO, r.post, { chave: randomUUID(), veiculoId: CARRO.id }));
    expect(item.idAnuncio).toMatch(/^MLB/);
  });

  it("with the reseller's defaults: templates, CEP and 'Único dono' by name (only where the draft left it empty)", async () => {
    const d = await rascunho();
    const r = postPadrao(d, CARRO, {
      titulo: '{marca} {modelo} {ano} {km}',
      descricao: '{observacao}\nCâmbio {cambio}, {combustivel}.',
      cep: '04538-132',
      escolhas: { SINGLE_OWNER: 'sim' },
    });
    if (!('post' in r)) throw new Error(JSON.stringify(r));
    const sim = d.newAtributos.find((a) => a.id === 'SINGLE_OWNER')?.values.find((v) => v.name === 'Sim')?.id;
    expect(r.post).toMatchObject({
      ml_titulo_anuncio: textoDoModelo('{marca} {modelo} {ano} {km}', CARRO).toUpperCase(),
      ml_descricao_anuncio: 'Único dono.\nCâmbio Manual, Flex.',
      ml_attributes: { ...d.ml_values, SINGLE_OWNER: sim },
      ml_veiculo_post: { location: { zip_code: '04538132' } },
    });
    // A value the category does not offer is no default.
    expect(postPadrao(d, CARRO, { escolhas: { SINGLE_OWNER: 'talvez' } })).toMatchObject({ post: { ml_attributes: d.ml_values } });
  });

  it('never a guessed value: a colour ML does not name, a brand it does not list, no photos, a title too long → review', async () => {
    const semCor = { ...CARRO, cor: 'Furta-cor' };
    expect(postPadrao(await rascunho(semCor), semCor, {})).toEqual({ revisao: ['Cor'] });
    const lada = { ...CARRO, marca: 'Lada', modelo: 'Niva' };
    expect(postPadrao(await rascunho(lada), lada, {})).toEqual({ revisao: ['Marca'] });
    const semFotos = { ...CARRO, fotos: [] };
    expect(postPadrao(await rascunho(semFotos), semFotos, {})).toEqual({ revisao: ['Imagens'] });
    const semEndereco = { ...CARRO, revenda: { ...CARRO.revenda, endereco: '', cep: '' } };
    expect(postPadrao(await rascunho(semEndereco), semEndereco, {})).toEqual({ revisao: ['Endereço', 'CEP'] });
    expect(postPadrao(await rascunho(), CARRO, { titulo: `{marca} ${'x'.repeat(60)}` })).toEqual({ revisao: ['Título'] });
  });

  it('names the defaults it reads', () => {
    expect(pub.camposPadrao?.map((c) => c.campo)).toEqual(['titulo', 'descricao', 'cep', 'escolhas.SINGLE_OWNER']);
  });
});
