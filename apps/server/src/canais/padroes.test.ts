import { postAutoscar, postWebmotors } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRO, canalConfigurado, MOTO, nomeDaOpcao as nome, type sandboxesNoAr, valorOk } from '../../test/ajuda/veiculo-canal.ts';
import { publicacaoAutoscar as autoscar } from './autoscar/publicacao.ts';
import type { SessaoCanal } from './publicacao.ts';
import type { ContextoCanal } from './tipos.ts';
import { webmotors } from './webmotors/adapter.ts';
import { publicacaoWebmotors as wm } from './webmotors/publicacao.ts';

/**
 * Bulk publish without the form (issue 24 item 3): `postPadrao` of Autoscar and Webmotors on real drafts of their
 * sandboxes, with and without the reseller's "Padrões de publicação". Pure once the draft is read.
 */
let sb: Awaited<ReturnType<typeof sandboxesNoAr>>;
let ctxWm: ContextoCanal;
let sessaoWm: SessaoCanal;
beforeAll(async () => {
  ({
    s: sb,
    ctx: ctxWm,
    sessao: sessaoWm,
  } = await canalConfigurado('webmotors', (ctx) =>
    webmotors.configurar(ctx, { cnpj: '12345678000195', email_webmotors: 'loja@autodemo.test', senha_webmotors: 's' }),
  ));
});
afterAll(() => sb.fechar());

const sessaoAs: SessaoCanal = { segredos: {}, dados: { id_autoscar: '123' } };
const rascunhoAs = async (v = CARRO) => valorOk(await autoscar.rascunho(sb.ctx('autoscar'), sessaoAs, v));
const rascunhoWm = async (v = CARRO) => valorOk(await wm.rascunho(ctxWm, sessaoWm, v));
const postPadraoAs = autoscar.postPadrao ?? (() => ({ revisao: ['sem postPadrao'] }));
const postPadraoWm = wm.postPadrao ?? (() => ({ revisao: ['sem postPadrao'] }));

describe('Autoscar postPadrao', () => {
  it('a car: the Incluir screen post from the draft (checked options, photos), the description template filled', async () => {
    const d = await rascunhoAs();
    const sem = postPadraoAs(d, CARRO, {});
    expect(sem).toMatchObject({ post: { description: CARRO.observacao, modelId: d.veiculoPost.modelId, ports: 4, status: '1' } });
    const r = postPadraoAs(d, CARRO, { descricao: '{marca} {modelo} {ano} por {preco}, {km}. {motor}' });
    if (!('post' in r)) throw new Error(JSON.stringify(r));
    const post = r.post as Record<string, unknown>;
    expect(post.description).toBe(`Fiat Argo ${[CARRO.anoFabricacao, CARRO.anoModelo].join('/')} por R$ 72.900,00, 18.500 km. {motor}`);
    expect(post.optionals).toEqual(['Airbag', 'Ar-condicionado']);
    expect(post.photos).toEqual(d.veiculoPost.photos);
    expect(postAutoscar.safeParse(post).success).toBe(true);
  });

  it('a motorcycle: start, cooling and gears are asked for review until the reseller gives defaults', async () => {
    const d = await rascunhoAs(MOTO);
    expect(postPadraoAs(d, MOTO, {})).toEqual({ revisao: ['Tipo de veículo', 'Tipo de partida', 'Tipo de refrigeração', 'Marchas'] });
    const tipo = d.retTipoVeiculo.find((o) => o.nome === 'Street')?.id ?? '';
    const partida = d.retTipoPartida?.[0]?.id ?? '';
    const refrigeracao = d.retTipoRefrigeracao?.[0]?.id ?? '';
    const escolhas = { bodyStyle: tipo, matchType: partida, coolingType: refrigeracao, marches: '5' };
    const r = postPadraoAs(d, MOTO, { escolhas });
    expect(r).toMatchObject({ post: { bodyStyle: tipo, matchType: partida, coolingType: refrigeracao, marches: 5, motor: '160' } });
    // A default that is not in Autoscar's list is no default.
    expect(postPadraoAs(d, MOTO, { escolhas: { ...escolhas, matchType: 'nao-existe' } })).toEqual({ revisao: ['Tipo de partida'] });
  });

  it('an unmatched or ambiguous catalogue match, or an unmapped colour, goes to review with the screen labels', async () => {
    const semVersao = await rascunhoAs({ ...CARRO, versao: '' });
    expect(semVersao.retVersaoFilter.length).toBeGreaterThan(1);
    expect(postPadraoAs(semVersao, CARRO, {})).toEqual({ revisao: ['Versão'] });
    const outraMarca = await rascunhoAs({ ...CARRO, marca: 'Marca Inexistente', cor: 'Furta-cor' });
    expect(postPadraoAs(outraMarca, CARRO, {})).toEqual({ revisao: ['Marca', 'Modelo', 'Versão', 'Cor'] });
  });
});

describe('Webmotors postPadrao', () => {
  it('the modality: the default of the vehicle ad type when the reseller has several, else review', async () => {
    const d = await rascunhoWm();
    const usadas = d.retModalidade.filter((m) => m.tipoAnuncio === 'U');
    expect(usadas.length).toBeGreaterThan(1);
    expect(d.veiculoPost.CodigoModalidade).toBe('');
    expect(postPadraoWm(d, CARRO, {})).toEqual({ revisao: ['Modalidade do anúncio'] });
    const nova = d.retModalidade.find((m) => m.tipoAnuncio === 'N');
    expect(postPadraoWm(d, CARRO, { plano: nova?.id })).toEqual({ revisao: ['Modalidade do anúncio'] });
    const plano = usadas[1]?.id ?? '';
    const r = postPadraoWm(d, CARRO, { plano, descricao: '{marca} {modelo} {versao}\n{observacao}', escolhas: { Licenciado: 'S' } });
    if (!('post' in r)) throw new Error(JSON.stringify(r));
    expect(r.post).toMatchObject({
      CodigoModalidade: plano,
      CodigoMarca: d.veiculoPost.CodigoMarca,
      CodigoVersao: d.veiculoPost.CodigoVersao,
      Observacao: `Fiat Argo ${CARRO.versao}\n${CARRO.observacao}`,
      Licenciado: 'S',
      UnicoDono: 'N',
      Opcional: d.veiculoPost.Opcional,
    });
    expect(nome(d.retCores, r.post.CodigoCor)).toBe('Branco');
    expect(postWebmotors.safeParse(r.post).success).toBe(true);
  });

  it('review: unmatched version, doors unknown, observations over 1500 characters', async () => {
    const d = await rascunhoWm({ ...CARRO, versao: '', portas: null });
    const plano = d.retModalidade.find((m) => m.tipoAnuncio === 'U')?.id;
    expect(postPadraoWm(d, CARRO, { plano, descricao: `{observacao} ${'x'.repeat(1500)}` })).toEqual({
      revisao: ['Versão', 'Portas', 'Observações'],
    });
  });
});
