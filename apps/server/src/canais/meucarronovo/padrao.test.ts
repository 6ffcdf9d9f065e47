import { postMeuCarroNovo } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRO, sandboxesNoAr, valorOk } from '../../../test/ajuda/veiculo-canal.ts';
import { textoDoModelo } from '../padroes.ts';
import type { SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import { publicacaoMeuCarroNovo as pub } from './publicacao.ts';

/** Na Pista bulk publish (issue 24 item 3): `postPadrao` on real drafts of the Na Pista sandbox, with and without defaults. */
let sb: Awaited<ReturnType<typeof sandboxesNoAr>>;
beforeAll(async () => {
  sb = await sandboxesNoAr();
});
afterAll(() => sb.fechar());

const sessao: SessaoCanal = { segredos: { senha_meucarronovo: 's' }, dados: { email_meucarronovo: 'loja@autodemo.test' } };
const { postPadrao, opcoesPadrao } = pub as Required<typeof pub>;
const rascunho = async (v: VeiculoParaCanal = CARRO) => valorOk(await pub.rascunho(sb.ctx('meucarronovo'), sessao, v));

describe('Na Pista postPadrao', () => {
  it('the plan offers two ad types: the draft alone leaves "Anúncio" for review', async () => {
    expect(postPadrao(await rascunho(), CARRO, {})).toEqual({ revisao: ['Anúncio'] });
  });

  it("with the reseller's defaults: the ad type, the observations template and the two features; the channel accepts it", async () => {
    const d = await rascunho();
    const r = postPadrao(d, CARRO, {
      tipo_anuncio: '2',
      descricao: '{marca} {modelo} {versao}, {km}. {observacao}',
      escolhas: { aceitaTroca: 'sim', adaptadoPne: 'nao' },
    });
    if (!('post' in r)) throw new Error(JSON.stringify(r));
    const { idCategoria: _c, anoFabricacao: _f, anoModelo: _m, veiculoUsado: _u, ...doRascunho } = d.veiculoPost;
    expect(r.post).toEqual({
      ...doRascunho,
      idTipoAnuncio: '2',
      // The template filled by the channels' shared renderer (its formats are tested there).
      observacoes: textoDoModelo('{marca} {modelo} {versao}, {km}. {observacao}', CARRO),
      aceitaTroca: true,
      adaptadoPne: false,
    });
    expect(postMeuCarroNovo.safeParse(r.post).success).toBe(true);
    const enviado = valorOk(await pub.enviar(sb.ctx('meucarronovo'), sessao, CARRO, r.post, { chave: 'np-lote', veiculoId: CARRO.id }));
    expect(
      (await sb.anuncios<{ id: number; idTipoAnuncio: number }>('meucarronovo')).find((a) => String(a.id) === enviado.idAnuncio),
    ).toMatchObject({
      idTipoAnuncio: 2,
    });
    await pub.excluir(sb.ctx('meucarronovo'), sessao, enviado.idAnuncio);
  });

  it('never a guessed value: a type without free slots, an ambiguous version, a colour the channel does not name → review', async () => {
    const d = await rascunho();
    // "Super destaque" (3) has no slot left in the sandbox plan; "9" is not a type of the plan.
    expect(postPadrao(d, CARRO, { tipo_anuncio: '3' })).toEqual({ revisao: ['Anúncio'] });
    expect(postPadrao(d, CARRO, { tipo_anuncio: '9' })).toEqual({ revisao: ['Anúncio'] });
    const ambiguo = { ...CARRO, versao: 'Flex', cor: 'Furta-cor' };
    expect(postPadrao(await rascunho(ambiguo), ambiguo, { tipo_anuncio: '1' })).toEqual({ revisao: ['Versão', 'Cor'] });
  });

  it("names the defaults it reads; the ad types offered are the current plan's", async () => {
    expect(pub.camposPadrao?.map((c) => c.campo)).toEqual(['tipo_anuncio', 'descricao', 'escolhas.adaptadoPne', 'escolhas.aceitaTroca']);
    const opcoes = valorOk(await opcoesPadrao(sb.ctx('meucarronovo'), sessao));
    expect(opcoes.tipo_anuncio?.map((t) => t.nome)).toEqual(['Simples', 'Destaque', 'Super destaque']);
  });
});
