import { describe, expect, it } from 'vitest';
import { CARRO, valorOk } from '../../../test/ajuda/veiculo-canal.ts';
import { textoDoVeiculo } from '../social/veiculo.ts';
import { publicacaoInstagram as pub } from './publicacao.ts';

/** Instagram bulk publish (issue 24 item 3): the caption from the draft or the template; no edit operation. */
describe('Instagram bulk publish (postPadrao from the draft)', () => {
  const postPadrao = pub.postPadrao as NonNullable<typeof pub.postPadrao>;
  const rascunho = async (v = CARRO) => valorOk(await pub.rascunho({} as never, { segredos: {}, dados: {} }, v));

  it("the draft's caption, or the reseller's template", async () => {
    const d = await rascunho();
    expect(postPadrao(d, CARRO, {})).toEqual({ post: { ig_descricao: textoDoVeiculo(CARRO) } });
    const r = postPadrao(d, CARRO, { descricao: '{marca} {modelo} {versao}, {km}, {combustivel}. Chame no direct!' });
    expect(r).toEqual({ post: { ig_descricao: 'Fiat Argo Drive 1.0 6V Flex 5p Mec., 18.500 km, Flex. Chame no direct!' } });
  });

  it('a vehicle without photos or a caption the screen refuses goes to review', async () => {
    const semFotos = { ...CARRO, fotos: [] };
    expect(postPadrao(await rascunho(semFotos), semFotos, {})).toEqual({ revisao: ['Imagens'] });
    const longo = { ...CARRO, observacao: 'x'.repeat(2300) };
    expect(postPadrao(await rascunho(longo), longo, {})).toEqual({ revisao: ['Descrição do anúncio'] });
    expect(postPadrao(await rascunho(), CARRO, { descricao: '{modelo}' })).toEqual({ revisao: ['Descrição do anúncio'] });
    expect(pub.camposPadrao?.map((c) => c.campo)).toEqual(['descricao']);
  });

  it('cannot edit a published post: no atualizar (the framework offers "Publicar de novo")', () => {
    expect(pub.atualizar).toBeUndefined();
    expect(pub.postAtualizado).toBeUndefined();
  });
});
