import { type RascunhoAutoline, veiculoPostAutoline } from '@intermedio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRO, MOTO, referencia, sandboxesNoAr, valorOk } from '../../../test/ajuda/veiculo-canal.ts';
import type { SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import type { ContextoCanal } from '../tipos.ts';
import { publicacaoAutoline as pub } from './publicacao.ts';

/** Contract: the Autoline adapter against its SOAP sandbox (integradoras.asmx). */
let sb: Awaited<ReturnType<typeof sandboxesNoAr>>;
beforeAll(async () => {
  sb = await sandboxesNoAr();
});
afterAll(() => sb.fechar());

const ctx = (timeoutMs = 5000): ContextoCanal => sb.ctx('autoline', timeoutMs);
const sessao = (email = 'loja@autodemo.test'): SessaoCanal => ({
  segredos: { senha_autoline: 's' },
  dados: { email_autoline: email, user_id_autoline: '7001' },
});
type Anuncio = {
  AdId: string;
  OperatorCode: string;
  Status: string;
  MotivoCancelamentoId: string | null;
  Features: string[];
  [k: string]: unknown;
};
const anuncios = () => sb.anuncios<Anuncio>('autoline');

async function rascunhoOk(v: VeiculoParaCanal = CARRO, s = sessao()): Promise<RascunhoAutoline> {
  const r = valorOk(await pub.rascunho(ctx(), s, v));
  return r;
}

/** The screen's send: the draft's codes under the §3.6 names, the flags, the chosen features. */
function postDe(d: RascunhoAutoline, extra: Record<string, unknown> = {}) {
  const p = d.veiculoPost;
  return {
    MakeId: p.CodigoMarca,
    ModelId: p.CodigoModelo,
    ModelVersionId: p.CodigoVersao,
    FuelTypeId: p.CodigoCombustivel,
    ColorId: p.CodigoCor,
    DoorNumberId: p.CodigoPortas,
    BodyTypeId: p.CodigoCategoria,
    TransmissionId: p.CodigoCambio,
    RegistrationPlate: p.Placa,
    AdditionalInformation: p.Observacao,
    Features: p.Opcionais,
    ...p.flags,
    ...extra,
  };
}

describe('Autoline draft', () => {
  it('maps the car to Autoline ids (Id/Name lists) with the version of its model year preselected', async () => {
    const d = await rascunhoOk();
    const nome = (lista: { id: string; nome: string }[], id: string) => lista.find((o) => o.id === id)?.nome;
    const p = d.veiculoPost;
    expect([nome(d.retMarca, p.CodigoMarca), nome(d.retModelo, p.CodigoModelo), nome(d.retVersao, p.CodigoVersao)]).toEqual([
      'Fiat',
      'Argo',
      'Drive 1.0 6V Flex 5p Mec.',
    ]);
    expect([nome(d.retTipoCombustivel, p.CodigoCombustivel), nome(d.retCores, p.CodigoCor), nome(d.retPortas, p.CodigoPortas)]).toEqual([
      'Flex',
      'Branco',
      '4 portas',
    ]);
    expect([nome(d.retCategoria, p.CodigoCategoria), nome(d.retCambio, p.CodigoCambio)]).toEqual(['Hatch', 'Manual']);
    expect(p.Opcionais.map((id) => nome(d.retOpcionais, id))).toEqual(['Ar-condicionado', 'Airbag']);
    expect(p).toMatchObject({ Preco: 72900, AnoModelo: 2023, AnoFabricacao: 2022, Km: 18500, ZeroKm: false, Placa: 'FDA1B23' });
    expect(p.flags).toMatchObject({ IsTaxPaid: 1, IsArmored: 0, IsManufacturerWarrantyActive: 0, IsSwapNotAccepted: 0 });
    expect(d.retMarca.map((m) => m.nome)).toEqual([...d.retMarca.map((m) => m.nome)].sort((a, b) => a.localeCompare(b, 'pt-BR')));
  });

  it('cascades by model year, and refuses motorcycles with the spec text', async () => {
    const d = await rascunhoOk();
    const vw = d.retMarca.find((m) => m.nome === 'Volkswagen')?.id ?? '';
    const modelos = await pub.modelos?.(ctx(), sessao(), CARRO, vw);
    const gol = modelos?.ok ? modelos.valor.find((m) => m.nome === 'Gol') : undefined;
    // Gol is listed up to 2023; a 2025 car gets the latest year's versions.
    const versoes = await pub.versoes?.(ctx(), sessao(), { ...CARRO, anoModelo: 2025 }, vw, gol?.id ?? '');
    expect(versoes?.ok && versoes.valor.map((v) => v.nome)).toEqual(['1.0 Flex 12V 5p']);
    const m = await pub.rascunho(ctx(), sessao(), MOTO);
    expect(m.ok ? null : m.erro.texto).toBe('Operação não permitida para esse tipo de veículo.');
  });
});

describe('Autoline adverts', () => {
  it('includes with the §3.6 payload: flags 0/1, IsZeroKm from the mileage, our reference; url_anuncio kept', async () => {
    const d = await rascunhoOk();
    const ref = referencia('autoline');
    const r = await pub.enviar(ctx(), sessao(), CARRO, postDe(d, { IsSwapNotAccepted: 1, Price: 1, Odometer: 0 }), ref);
    expect(r.ok, JSON.stringify(r)).toBe(true);
    if (!r.ok) return;
    expect(r.valor).toMatchObject({ idAnuncio: expect.stringMatching(/^\d+$/), urlAnuncio: expect.stringContaining('autoline.com.br') });
    expect(r.valor.dados).toEqual({ url_anuncio: r.valor.urlAnuncio });
    const a = (await anuncios()).find((x) => x.AdId === r.valor.idAnuncio);
    expect(a).toMatchObject({
      OperatorCode: ref.chave,
      Status: 'Ativo',
      IsZeroKm: '0',
      Odometer: '18500',
      Price: '72900.00',
      ModelYear: '2023',
      BuiltYear: '2022',
      IsSwapNotAccepted: '1',
      IsTaxPaid: '1',
      IsArmored: '0',
      RegistrationPlate: 'FDA1B23',
      AdPlanSubscriptionId: '1',
      ZipCode: '01310100',
    });
    expect(a?.Features).toEqual(d.veiculoPost.Opcionais);

    const zero = await pub.enviar(ctx(), sessao(), { ...CARRO, km: 0 }, postDe(d), referencia('autoline'));
    const b = (await anuncios()).find((x) => zero.ok && x.AdId === zero.valor.idAnuncio);
    expect(b).toMatchObject({ IsZeroKm: '1', Odometer: '0' });
  });

  it('a repeated send with the same reference gives the same advert; reconciliation finds it by reference and by id', async () => {
    const d = await rascunhoOk();
    const ref = referencia('autoline');
    const a = await pub.enviar(ctx(), sessao(), CARRO, postDe(d), ref);
    const b = await pub.enviar(ctx(), sessao(), CARRO, postDe(d), ref);
    expect(a.ok && b.ok && a.valor.idAnuncio === b.valor.idAnuncio).toBe(true);
    expect((await anuncios()).filter((x) => x.OperatorCode === ref.chave)).toHaveLength(1);
    const id = a.ok ? a.valor.idAnuncio : '';
    expect(await pub.consultar(ctx(), sessao(), ref)).toMatchObject({ ok: true, valor: { idAnuncio: id } });
    expect(await pub.consultar(ctx(), sessao(), { ...ref, idAnuncio: id })).toMatchObject({ ok: true, valor: { idAnuncio: id } });
    expect(await pub.consultar(ctx(), sessao(), referencia('autoline'))).toEqual({ ok: true, valor: null });
    expect(await pub.consultar(ctx(), sessao('outra@autodemo.test'), ref)).toEqual({ ok: true, valor: null });
  });

  it('deletes with CancelarAnuncio and a reason; cancelling again or an unknown advert is "already removed"', async () => {
    const d = await rascunhoOk();
    const r = await pub.enviar(ctx(), sessao(), CARRO, postDe(d), referencia('autoline'));
    const id = r.ok ? r.valor.idAnuncio : '';
    expect(await pub.excluir(ctx(), sessao(), id)).toEqual({ ok: true, valor: 'removido' });
    expect((await anuncios()).find((x) => x.AdId === id)).toMatchObject({ Status: 'Cancelado', MotivoCancelamentoId: '3' });
    expect(await pub.excluir(ctx(), sessao(), id)).toEqual({ ok: true, valor: 'jaRemovido' });
    expect(await pub.excluir(ctx(), sessao(), '1')).toEqual({ ok: true, valor: 'jaRemovido' });
    expect(await pub.consultar(ctx(), sessao(), { ...referencia('autoline'), idAnuncio: id })).toEqual({ ok: true, valor: null });
  });
});

describe('Autoline failures', () => {
  it('required selects missing: refused before calling Autoline, nothing created', async () => {
    const antes = (await anuncios()).length;
    const d = await rascunhoOk();
    const r = await pub.enviar(ctx(), sessao(), CARRO, postDe(d, { ColorId: '', BodyTypeId: undefined }), referencia('autoline'));
    // Named by the screen's labels, not Autoline's field names (issue 23 item 20).
    expect(r.ok ? null : r.erro).toMatchObject({ tipo: 'validation', mensagem: 'campos inválidos: Cor, Carroceria' });
    expect((await anuncios()).length).toBe(antes);
  });

  it('Autoline refusals, wrong login, no plan, SOAP fault and time-out', async () => {
    const d = await rascunhoOk();
    const recusado = await pub.enviar(
      ctx(),
      sessao(),
      CARRO,
      postDe(d, { AdditionalInformation: 'recusar', ModelVersionId: '1' }),
      referencia('autoline'),
    );
    // Autoline's refusal names the screen's fields, not its own English names (issue 23 item 20).
    expect(recusado.ok ? null : recusado.erro).toMatchObject({
      tipo: 'validation',
      mensagem: 'Marca/Modelo/Versão inconsistentes; Informações adicionais recusado pela moderação',
    });
    const login = await pub.rascunho(ctx(), sessao('recusar@autodemo.test'), CARRO);
    expect(login.ok ? null : login.erro.tipo).toBe('auth');
    const semPlano = await pub.enviar(ctx(), sessao('semplano@autodemo.test'), CARRO, postDe(d), referencia('autoline'));
    expect(semPlano.ok ? null : semPlano.erro.tipo).toBe('quota');
    const falhou = await pub.excluir(ctx(), sessao('falhar@autodemo.test'), '1');
    expect(falhou.ok ? null : falhou.erro.tipo).toBe('transient');
    const inicio = Date.now();
    const travou = await pub.consultar(ctx(300), sessao('travar@autodemo.test'), referencia('autoline'));
    expect(travou.ok ? null : travou.erro.mensagem).toContain('tempo esgotado');
    expect(Date.now() - inicio).toBeLessThan(3000);
  });
});

describe('Autoline sync (issue 24: AlterarAnuncioCarro)', () => {
  const atualizar = pub.atualizar as NonNullable<typeof pub.atualizar>;
  const postAtualizado = pub.postAtualizado as NonNullable<typeof pub.postAtualizado>;
  const MUDADO = { ...CARRO, valor: 69900, km: 21000, observacao: 'Baixou o preço.', cor: 'Preto', blindado: true, opcionais: ['Airbag'] };

  it('changes price, km, notes, colour, options and flags on the same advert; repeated, still one advert', async () => {
    const d = await rascunhoOk();
    const ref = referencia('autoline');
    const enviado = postDe(d, { IsSwapNotAccepted: 1 });
    const r = valorOk(await pub.enviar(ctx(), sessao(), CARRO, enviado, ref));
    const total = (await anuncios()).length;
    const post = postAtualizado(MUDADO, enviado);
    expect(post).toMatchObject({
      AdditionalInformation: 'Baixou o preço.',
      IsArmored: 1,
      IsSwapNotAccepted: 1,
      ModelVersionId: d.veiculoPost.CodigoVersao,
    });
    expect(valorOk(await atualizar(ctx(), sessao(), MUDADO, r.idAnuncio, post))).toMatchObject({
      idAnuncio: r.idAnuncio,
      urlAnuncio: r.urlAnuncio,
    });
    const preto = d.retCores.find((c) => c.nome === 'Preto')?.id;
    const airbag = d.retOpcionais.find((o) => o.nome === 'Airbag')?.id;
    const a = (await anuncios()).find((x) => x.AdId === r.idAnuncio);
    expect(a).toMatchObject({
      Price: '69900.00',
      Odometer: '21000',
      AdditionalInformation: 'Baixou o preço.',
      ColorId: preto,
      IsArmored: '1',
      IsSwapNotAccepted: '1',
      OperatorCode: ref.chave,
      Status: 'Ativo',
      alteracoes: 1,
    });
    expect(a?.Features).toEqual([airbag]);
    valorOk(await atualizar(ctx(), sessao(), MUDADO, r.idAnuncio, post));
    expect((await anuncios()).length).toBe(total);
    expect((await anuncios()).find((x) => x.AdId === r.idAnuncio)).toMatchObject({ Price: '69900.00', alteracoes: 2 });
  });

  it('an unknown or cancelled advert is a clear error and creates nothing; refusals and failures mapped', async () => {
    const d = await rascunhoOk();
    const enviado = postDe(d);
    const r = valorOk(await pub.enviar(ctx(), sessao(), CARRO, enviado, referencia('autoline')));
    const total = (await anuncios()).length;
    const post = postAtualizado(MUDADO, enviado);
    const erro = async (p: ReturnType<typeof atualizar>) => {
      const x = await p;
      return x.ok ? null : x.erro;
    };
    expect(await erro(atualizar(ctx(), sessao(), MUDADO, '1', post))).toMatchObject({
      tipo: 'rejected',
      texto: expect.stringContaining('não existe mais em Autoline'),
    });
    expect(await erro(atualizar(ctx(), sessao('outra@autodemo.test'), MUDADO, r.idAnuncio, post))).toMatchObject({ tipo: 'rejected' });
    expect(
      await erro(atualizar(ctx(), sessao(), MUDADO, r.idAnuncio, postAtualizado({ ...MUDADO, observacao: 'recusar' }, enviado))),
    ).toMatchObject({
      tipo: 'validation',
      mensagem: 'Informações adicionais recusado pela moderação',
    });
    expect(await erro(atualizar(ctx(), sessao(), MUDADO, r.idAnuncio, { ...(post as object), ColorId: '' }))).toMatchObject({
      tipo: 'validation',
      mensagem: 'campos inválidos: Cor',
    });
    expect((await erro(atualizar(ctx(), sessao('falhar@autodemo.test'), MUDADO, r.idAnuncio, post)))?.tipo).toBe('transient');
    expect((await erro(atualizar(ctx(), sessao('recusar@autodemo.test'), MUDADO, r.idAnuncio, post)))?.tipo).toBe('auth');
    expect((await erro(atualizar(ctx(), sessao(), MOTO, r.idAnuncio, post)))?.texto).toBe(
      'Operação não permitida para esse tipo de veículo.',
    );
    valorOk(await pub.excluir(ctx(), sessao(), r.idAnuncio));
    expect(await erro(atualizar(ctx(), sessao(), MUDADO, r.idAnuncio, post))).toMatchObject({ tipo: 'rejected' });
    expect((await anuncios()).length).toBe(total);
  });
});

describe('Autoline bulk publish (issue 24 item 3: postPadrao from real drafts)', () => {
  const postPadrao = pub.postPadrao as NonNullable<typeof pub.postPadrao>;

  it("builds the Incluir screen's post with the template and the reseller's flags, accepted by the send schema", async () => {
    const d = await rascunhoOk();
    const r = postPadrao(d, CARRO, {
      descricao: '{marca} {modelo}, {cor}, {cambio}. {observacao}',
      escolhas: { IsSwapNotAccepted: '1', IsTaxPaid: '0' },
    });
    if (!('post' in r)) throw new Error(JSON.stringify(r));
    // The post the screen sends, with the template's text; IsTaxPaid is the vehicle's (IPVA pago), not a default.
    expect(r.post).toEqual(
      veiculoPostAutoline.parse(postDe(d, { AdditionalInformation: 'Fiat Argo, Branco, Manual. Único dono.', IsSwapNotAccepted: 1 })),
    );
    expect(postPadrao(d, CARRO, {})).toEqual({ post: veiculoPostAutoline.parse(postDe(d)) });
  });

  it('an unmatched brand or body goes to review by the screen labels; a default body among the options fills it', async () => {
    const semMarca = { ...CARRO, marca: 'Marca Inexistente' };
    expect(postPadrao(await rascunhoOk(semMarca), semMarca, {})).toEqual({ revisao: ['Marca', 'Modelo', 'Versão'] });
    const limusine = { ...CARRO, carroceria: 'Limusine' };
    const d = await rascunhoOk(limusine);
    expect(postPadrao(d, limusine, {})).toEqual({ revisao: ['Carroceria'] });
    const sedan = d.retCategoria.find((c) => c.nome === 'Sedan')?.id ?? '';
    expect(postPadrao(d, limusine, { escolhas: { BodyTypeId: sedan } })).toMatchObject({ post: { BodyTypeId: sedan } });
    expect(postPadrao(d, limusine, { escolhas: { BodyTypeId: '999999' } })).toEqual({ revisao: ['Carroceria'] });
  });

  it('declares the defaults it reads: no plan (Autoline uses the plan bought), the flags the vehicle does not record', () => {
    const campos = pub.camposPadrao?.map((c) => c.campo) ?? [];
    expect(campos.slice(0, 6)).toEqual([
      'descricao',
      'escolhas.FuelTypeId',
      'escolhas.ColorId',
      'escolhas.DoorNumberId',
      'escolhas.BodyTypeId',
      'escolhas.TransmissionId',
    ]);
    expect(campos).toContain('escolhas.IsSwapNotAccepted');
    expect(campos).not.toContain('escolhas.IsArmored');
  });
});
