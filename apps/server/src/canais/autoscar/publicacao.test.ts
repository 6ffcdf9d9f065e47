import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CARRO as carro, MOTO as moto, sandboxesNoAr, valorOk } from '../../../test/ajuda/veiculo-canal.ts';
import { esquecerListas } from '../listas.ts';
import type { SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import type { ContextoCanal } from '../tipos.ts';
import { cilindrada, publicacaoAutoscar as pub } from './publicacao.ts';

/** Contract: the Autoscar adapter against its sandbox, on the designed REST contract (docs/autoscar.md). */
let sb: Awaited<ReturnType<typeof sandboxesNoAr>>;
beforeAll(async () => {
  sb = await sandboxesNoAr();
});
afterAll(() => sb.fechar());

const ctx = (timeoutMs = 5000): ContextoCanal => sb.ctx('autoscar', timeoutMs);
const sessao = (id_autoscar = '123'): SessaoCanal => ({ segredos: {}, dados: { id_autoscar, nome_autoscar: 'Revenda Autoscar' } });
const ref = (sufixo = Math.random().toString(36).slice(2)) => ({ chave: `autoscar-${sufixo}`, veiculoId: 'v1' });

type Anuncio = { advId: string; externalId: string; removidoEm: string | null; modelo: { versao: string }; [k: string]: unknown };
const anuncios = () => sb.anuncios<Anuncio>('autoscar');

/** The screen's send: the draft's post with the user's choices for what the draft could not fill. */
async function postDoRascunho(v: VeiculoParaCanal, escolhas: Record<string, unknown> = {}) {
  const rascunho = valorOk(await pub.rascunho(ctx(), sessao(), v));
  const { veiculoPost, retOpcionais } = rascunho;
  return {
    rascunho,
    post: { ...veiculoPost, optionals: retOpcionais.filter((o) => o.checked).map((o) => o.descricao), ...escolhas },
  };
}

describe('Autoscar draft (incluir / alterar-get)', () => {
  it('maps a car to Autoscar codes: brand, model, the one matching version, fuel, colour, body, gearbox, doors, options', async () => {
    const r = await pub.rascunho(ctx(), sessao(), carro);
    expect(r.ok, JSON.stringify(r)).toBe(true);
    if (!r.ok) return;
    const d = r.valor;
    const nome = (lista: { id: string; nome: string }[], id: string) => lista.find((o) => o.id === id)?.nome;
    expect(nome(d.retMarca, d.veiculoData.veiculo_marca)).toBe('Fiat');
    expect(nome(d.retModelo, d.veiculoData.veiculo_modelo)).toBe('Argo');
    // Two Argo versions: only one matches the product's, and it is preselected.
    expect(d.retVersaoFilter.map((v) => v.nome)).toEqual(['Drive 1.0 6V Flex 5p Mec.', 'Trekking 1.3 8V Flex 5p Mec.']);
    expect(d.veiculoPost.modelId).toBe(d.veiculoData.veiculo_id_versao);
    expect(nome(d.retVersaoFilter, d.veiculoPost.modelId)).toBe('Drive 1.0 6V Flex 5p Mec.');
    expect(nome(d.retTipoCombustivel, d.veiculoPost.fuelType)).toBe('Flex');
    expect(nome(d.retCores, d.veiculoPost.color)).toBe('Branco');
    expect(nome(d.retTipoVeiculo, d.veiculoPost.bodyStyle)).toBe('Hatch');
    expect(nome(d.retTipoTransmissao, d.veiculoPost.transmission)).toBe('Manual');
    expect(d.veiculoPost).toMatchObject({ plate: 'FDA1B23', city: 'SÃO PAULO', state: 'SP', ports: 4, mileage: 18500, price: 72900 });
    expect(d.veiculoPost.photos).toEqual(['https://cdn.autodemo.test/f1.jpg', 'https://cdn.autodemo.test/f2.jpg']);
    expect(d.retOpcionais.filter((o) => o.checked).map((o) => o.descricao)).toEqual(['Airbag', 'Ar-condicionado']);
    expect(d.retTipoPartida).toBeUndefined();
    // Every list sorted case-insensitively.
    for (const lista of [d.retMarca, d.retModelo, d.retCores, d.retTipoVeiculo]) {
      expect(lista.map((o) => o.nome)).toEqual(
        [...lista.map((o) => o.nome)].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })),
      );
    }
  });

  it('gives motorcycles their own lists (start, cooling) and the displacement from the name, no doors', async () => {
    const r = valorOk(await pub.rascunho(ctx(), sessao(), moto));
    expect(r.tipo).toBe('moto');
    expect(r.retMarca.map((m) => m.nome)).toEqual(['Honda', 'Yamaha']);
    expect(r.retTipoPartida?.map((o) => o.nome)).toEqual(['Elétrica', 'Elétrica e pedal', 'Pedal']);
    expect(r.retTipoRefrigeracao?.length).toBeGreaterThan(0);
    expect(r.veiculoPost).toMatchObject({ motor: '160', matchType: '', coolingType: '', marches: null });
    expect(r.veiculoPost.ports).toBeUndefined();
    expect(cilindrada({ ...moto, modelo: 'Fazer', versao: 'FZ25 250 ABS' })).toBe('250');
  });

  it('leaves the version to the user when several match, and refuses trucks with the spec text', async () => {
    const r = await pub.rascunho(ctx(), sessao(), { ...carro, versao: 'Flex 5p Mec.' });
    expect(r.ok && r.valor.veiculoPost.modelId).toBe('');
    const caminhao = await pub.rascunho(ctx(), sessao(), { ...carro, tipo: 'caminhao' });
    expect(caminhao.ok ? null : caminhao.erro.texto).toBe('Operação não permitida para esse tipo de veículo.');
  });

  it('cascades: models of a brand, versions of a model', async () => {
    const r = await pub.rascunho(ctx(), sessao(), carro);
    if (!r.ok) throw new Error('rascunho');
    const vw = r.valor.retMarca.find((m) => m.nome === 'Volkswagen');
    const modelos = await pub.modelos?.(ctx(), sessao(), carro, vw?.id ?? '');
    expect(modelos?.ok && modelos.valor.map((m) => m.nome)).toEqual(['Gol', 'Polo']);
    const polo = modelos?.ok ? modelos.valor.find((m) => m.nome === 'Polo') : undefined;
    const versoes = await pub.versoes?.(ctx(), sessao(), carro, vw?.id ?? '', polo?.id ?? '');
    expect(versoes?.ok && versoes.valor.map((v) => v.nome)).toEqual([
      'Comfortline 200 TSI 1.0 Flex Aut.',
      'Highline 200 TSI 1.0 Flex Aut.',
    ]);
  });
});

describe('Autoscar adverts', () => {
  it('includes a car: veiculo_post of §3.3 with status 1, the version as modelId, chosen options, doors; the vehicle’s own km and price', async () => {
    const { post, rascunho } = await postDoRascunho(carro);
    const chave = ref();
    // A tampered mileage, price and foreign photo are not what Autoscar receives.
    const r = await pub.enviar(
      ctx(),
      sessao(),
      carro,
      { ...post, mileage: 1, price: 1, photos: [...post.photos, 'https://evil.test/x.jpg'] },
      chave,
    );
    expect(r.ok, JSON.stringify(r)).toBe(true);
    if (!r.ok) return;
    expect(r.valor).toMatchObject({ idAnuncio: expect.stringMatching(/^\d+$/), urlAnuncio: expect.stringContaining(r.valor.idAnuncio) });
    const a = (await anuncios()).find((x) => x.advId === r.valor.idAnuncio);
    expect(a).toMatchObject({
      externalId: chave.chave,
      status: '1',
      modelId: rascunho.veiculoPost.modelId,
      optionals: ['Airbag', 'Ar-condicionado'],
      ports: 4,
      plate: 'FDA1B23',
      city: 'SÃO PAULO',
      mileage: 18500,
      price: 72900,
      photos: ['https://cdn.autodemo.test/f1.jpg', 'https://cdn.autodemo.test/f2.jpg'],
      modelo: { versao: 'Drive 1.0 6V Flex 5p Mec.' },
    });
    expect(a).not.toHaveProperty('matchType');
  });

  it('includes a motorcycle with start type, cooling type, gears and engine; no doors', async () => {
    const { rascunho } = await postDoRascunho(moto);
    const partida = rascunho.retTipoPartida?.find((o) => o.nome === 'Elétrica')?.id;
    const refrigeracao = rascunho.retTipoRefrigeracao?.find((o) => o.nome === 'Ar')?.id;
    const tipoMoto = rascunho.retTipoVeiculo.find((o) => o.nome === 'Street')?.id;
    const { post } = await postDoRascunho(moto, {
      matchType: partida,
      coolingType: refrigeracao,
      marches: 5,
      motor: '160 cc',
      bodyStyle: tipoMoto,
    });
    const { ports: _p, ...semPortas } = post;
    const r = await pub.enviar(ctx(), sessao(), moto, semPortas, ref());
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const a = (await anuncios()).find((x) => r.ok && x.advId === r.valor.idAnuncio);
    expect(a).toMatchObject({
      matchType: partida,
      coolingType: refrigeracao,
      marches: 5,
      motor: '160 CC',
      status: '1',
      optionals: ['Freios ABS'],
    });
    expect(a).not.toHaveProperty('ports');
  });

  it('refuses a motorcycle without its required fields before calling Autoscar', async () => {
    const antes = (await anuncios()).length;
    const { post } = await postDoRascunho(moto);
    const r = await pub.enviar(ctx(), sessao(), moto, post, ref());
    expect(r.ok ? null : r.erro).toMatchObject({ tipo: 'validation', mensagem: expect.stringContaining('matchType') });
    expect((await anuncios()).length).toBe(antes);
  });

  it('a repeated send with the same reference answers the same advert (idempotent), and reconciliation finds it', async () => {
    const { post } = await postDoRascunho(carro);
    const chave = ref();
    const a = await pub.enviar(ctx(), sessao(), carro, post, chave);
    const b = await pub.enviar(ctx(), sessao(), carro, post, chave);
    expect(a.ok && b.ok && a.valor.idAnuncio === b.valor.idAnuncio).toBe(true);
    expect((await anuncios()).filter((x) => x.externalId === chave.chave)).toHaveLength(1);
    const achado = await pub.consultar(ctx(), sessao(), chave);
    expect(achado.ok && achado.valor?.idAnuncio).toBe(a.ok ? a.valor.idAnuncio : 'x');
    const nada = await pub.consultar(ctx(), sessao(), ref('nunca-enviado'));
    expect(nada).toEqual({ ok: true, valor: null });
    // Another dealer does not see it.
    expect((await pub.consultar(ctx(), sessao('124'), chave)).ok && (await pub.consultar(ctx(), sessao('124'), chave))).toEqual({
      ok: true,
      valor: null,
    });
  });

  it('changes an advert (alterar-get prefilled from the advert, then alterar), then deletes it; a second delete is "already removed"', async () => {
    const { post } = await postDoRascunho(carro, { city: 'Contagem', state: 'MG', description: 'Texto do anúncio' });
    const r = valorOk(await pub.enviar(ctx(), sessao(), carro, post, ref()));
    const id = r.idAnuncio;
    const g = valorOk(await pub.rascunho(ctx(), sessao(), { ...carro, versao: 'versão que não casa' }, id));
    expect(g.veiculoPost.modelId).toBe(post.modelId);
    // What was typed for the advert, not the reseller's city nor the vehicle's notes.
    expect(g.veiculoPost).toMatchObject({ city: 'CONTAGEM', state: 'MG', description: 'Texto do anúncio' });
    const trekking = g.retVersaoFilter.find((v) => v.nome.startsWith('Trekking'))?.id;
    const alterado = await pub.alterar?.(ctx(), sessao(), { ...carro, km: 19000 }, id, {
      ...post,
      modelId: trekking,
      description: 'Revisado.',
    });
    expect(alterado?.ok, JSON.stringify(alterado)).toBe(true);
    expect((await anuncios()).find((x) => x.advId === id)).toMatchObject({
      description: 'Revisado.',
      mileage: 19000,
      modelo: { versao: 'Trekking 1.3 8V Flex 5p Mec.' },
    });

    expect(await pub.excluir(ctx(), sessao(), id)).toEqual({ ok: true, valor: 'removido' });
    expect((await anuncios()).find((x) => x.advId === id)?.removidoEm).toBeTruthy();
    expect(await pub.excluir(ctx(), sessao(), id)).toEqual({ ok: true, valor: 'jaRemovido' });
    expect(await pub.excluir(ctx(), sessao(), '999999999')).toEqual({ ok: true, valor: 'jaRemovido' });
    expect(await pub.consultar(ctx(), sessao(), { ...ref(), idAnuncio: id })).toEqual({ ok: true, valor: null });
    const semAnuncio = await pub.rascunho(ctx(), sessao(), carro, id);
    expect(semAnuncio.ok).toBe(false);
    const alterarRemovido = await pub.alterar?.(ctx(), sessao(), carro, id, post);
    expect(alterarRemovido?.ok).toBe(false);
  });
});

describe('Autoscar sync (issue 24 item 1): postAtualizado + atualizar', () => {
  it('brings the advert to the vehicle (price, km, photos in order, description, colour, optionals), keeping the choices; repeated, one advert', async () => {
    const { post, rascunho } = await postDoRascunho(carro, { city: 'Contagem', state: 'MG' });
    const trekking = rascunho.retVersaoFilter.find((v) => v.nome.startsWith('Trekking'))?.id;
    const enviado = { ...post, modelId: trekking };
    const id = valorOk(await pub.enviar(ctx(), sessao(), carro, enviado, ref())).idAnuncio;
    const novo: VeiculoParaCanal = {
      ...carro,
      valor: 69900,
      km: 19000,
      cor: 'Preto',
      observacao: 'Preço novo.',
      opcionais: ['Airbag'],
      fotos: [...carro.fotos].reverse(),
    };
    const p = pub.postAtualizado?.(novo, enviado) as Record<string, unknown>;
    expect(p).toMatchObject({ price: 69900, mileage: 19000, description: 'Preço novo.', city: 'Contagem', modelId: trekking });
    expect(p.photos).toEqual(['https://cdn.autodemo.test/f2.jpg', 'https://cdn.autodemo.test/f1.jpg']);
    for (let i = 0; i < 2; i++) expect((await pub.atualizar?.(ctx(), sessao(), novo, id, p))?.ok).toBe(true);
    const externo = (await anuncios()).find((a) => a.advId === id)?.externalId;
    const noCanal = (await anuncios()).filter((x) => x.externalId === externo);
    expect(noCanal).toHaveLength(1);
    const a = noCanal[0] as Anuncio & { photos: string[]; optionals: string[]; color: string; alteracoes: number };
    const cores = valorOk(await pub.rascunho(ctx(), sessao(), novo)).retCores;
    expect(a).toMatchObject({
      price: 69900,
      mileage: 19000,
      description: 'Preço novo.',
      city: 'CONTAGEM',
      modelo: { versao: 'Trekking 1.3 8V Flex 5p Mec.' },
    });
    expect(a.photos).toEqual(p.photos);
    expect(a.optionals).toEqual(['Airbag']);
    expect(cores.find((c) => c.id === a.color)?.nome).toBe('Preto');
    expect(a.alteracoes).toBe(2);
  });

  it('a removed advert is refused, nothing created', async () => {
    const { post } = await postDoRascunho(carro);
    const id = valorOk(await pub.enviar(ctx(), sessao(), carro, post, ref())).idAnuncio;
    valorOk(await pub.excluir(ctx(), sessao(), id));
    const antes = (await anuncios()).length;
    const r = await pub.atualizar?.(ctx(), sessao(), carro, id, pub.postAtualizado?.(carro, post));
    expect(r?.ok).toBe(false);
    expect((await anuncios()).length).toBe(antes);
  });
});

describe('Autoscar sandbox: the hold of a change or removal (tests of "Excluindo…" / "Alterando…")', () => {
  const controle = async (caminho: '_reter' | '_liberar', metodo = 'POST', corpo?: object) => {
    const r = await fetch(`${sb.origem}/sandbox/autoscar/${caminho}`, {
      method: metodo,
      ...(corpo ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(corpo) } : {}),
    });
    return r.json();
  };

  it("holds the next PUT/DELETE of the advert named until _liberar, then answers it normally; other adverts' calls pass", async () => {
    const { post } = await postDoRascunho(carro);
    const retido = valorOk(await pub.enviar(ctx(), sessao(), carro, post, ref())).idAnuncio;
    const outro = valorOk(await pub.enviar(ctx(), sessao(), carro, post, ref())).idAnuncio;
    expect(await controle('_reter', 'POST', { advId: retido })).toEqual({ armada: true });

    expect(await pub.excluir(ctx(), sessao(), outro)).toEqual({ ok: true, valor: 'removido' });
    const excluindo = pub.excluir(ctx(), sessao(), retido);
    await vi.waitFor(async () => expect(await controle('_reter', 'GET')).toEqual({ armada: true, retida: true }), { timeout: 5000 });
    expect((await anuncios()).find((x) => x.advId === retido)).toMatchObject({ exclusoes: 0, removidoEm: null });

    expect(await controle('_liberar')).toEqual({ liberada: true });
    expect(await excluindo).toEqual({ ok: true, valor: 'removido' });
    expect((await anuncios()).find((x) => x.advId === retido)?.removidoEm).toBeTruthy();
    expect(await controle('_reter', 'GET')).toEqual({ armada: false, retida: false });
  });

  it('holds only one call: a change waits, the next one passes; _liberar without a hold answers liberada false', async () => {
    const { post } = await postDoRascunho(carro);
    const id = valorOk(await pub.enviar(ctx(), sessao(), carro, post, ref())).idAnuncio;
    await controle('_reter');
    const primeira = pub.alterar?.(ctx(), sessao(), carro, id, { ...post, description: 'Primeira.' });
    await vi.waitFor(async () => expect(await controle('_reter', 'GET')).toMatchObject({ retida: true }), { timeout: 5000 });
    const segunda = await pub.alterar?.(ctx(), sessao(), carro, id, { ...post, description: 'Segunda.' });
    expect(segunda?.ok).toBe(true);
    expect((await anuncios()).find((x) => x.advId === id)).toMatchObject({ alteracoes: 1, description: 'Segunda.' });

    expect(await controle('_liberar')).toEqual({ liberada: true });
    expect((await primeira)?.ok).toBe(true);
    expect((await anuncios()).find((x) => x.advId === id)).toMatchObject({ alteracoes: 2, description: 'Primeira.' });
    expect(await controle('_liberar')).toEqual({ liberada: false });
  });
});

describe('Autoscar failures', () => {
  it('field errors of Autoscar come back in Portuguese, nothing created', async () => {
    const antes = (await anuncios()).length;
    const { post } = await postDoRascunho(carro);
    const r = await pub.enviar(ctx(), sessao(), carro, { ...post, description: 'por favor recusar', color: '999' }, ref());
    expect(r.ok ? null : r.erro).toMatchObject({
      tipo: 'validation',
      mensagem: "'Cor': Código inválido; 'Descrição': Texto recusado pela moderação da Autoscar",
    });
    expect((await anuncios()).length).toBe(antes);
  });

  it('unknown dealer, inactive dealer, bad key, channel failure and time-out', async () => {
    const { post } = await postDoRascunho(carro);
    const desconhecida = await pub.enviar(ctx(), sessao('404'), carro, post, ref());
    expect(desconhecida.ok ? null : desconhecida.erro).toMatchObject({
      tipo: 'validation',
      mensagem: expect.stringContaining('não encontrada'),
    });
    const inativa = await pub.excluir(ctx(), sessao('409'), '1');
    expect(inativa.ok ? null : inativa.erro.tipo).toBe('rejected');
    const chave = await pub.rascunho({ ...ctx(), app: { ...ctx().app, clientSecret: 'errada' } }, sessao(), carro);
    expect(chave.ok ? null : chave.erro.tipo).toBe('auth');
    const falhou = await pub.enviar(ctx(), sessao('500'), carro, post, ref());
    expect(falhou.ok ? null : falhou.erro.tipo).toBe('transient');
    const inicio = Date.now();
    const travou = await pub.consultar(ctx(300), sessao('408'), ref());
    expect(travou.ok ? null : travou.erro).toMatchObject({ tipo: 'transient', mensagem: expect.stringContaining('tempo esgotado') });
    expect(Date.now() - inicio).toBeLessThan(3000);
  });
});

describe('Autoscar catalogue kept in the process (issue 24, the send path)', () => {
  it('two drafts in a row ask each catalogue list once', async () => {
    esquecerListas();
    const fetchOriginal = globalThis.fetch;
    const caminhos: string[] = [];
    const espiao = vi.spyOn(globalThis, 'fetch').mockImplementation(async (entrada, init) => {
      caminhos.push(new URL(String(entrada instanceof Request ? entrada.url : entrada)).pathname);
      return fetchOriginal(entrada, init);
    });
    try {
      const a = valorOk(await pub.rascunho(ctx(), sessao(), carro));
      const b = valorOk(await pub.rascunho(ctx(), sessao(), carro));
      expect(b).toEqual(a);
      const vezes = (fim: string) => caminhos.filter((c) => c.endsWith(fim)).length;
      expect(vezes('/catalogo/cores')).toBe(1);
      expect(vezes('/catalogo/marcas')).toBe(1);
      expect(vezes('/catalogo/opcionais')).toBe(1);
    } finally {
      espiao.mockRestore();
    }
  });
});
