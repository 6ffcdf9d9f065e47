import { postMeuCarroNovo } from '@intermedio/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARRO, MOTO, nomeDaOpcao as nome, sandboxesNoAr, valorOk } from '../../../test/ajuda/veiculo-canal.ts';
import { esquecerListas } from '../listas.ts';
import type { SessaoCanal } from '../publicacao.ts';
import { esquecerTokensNaPista } from './client.ts';
import { publicacaoMeuCarroNovo as pub } from './publicacao.ts';

/** Na Pista adapter ↔ sandbox: draft with the four features, send + photos, delete, "pertence ao cliente informado". */
let sb: Awaited<ReturnType<typeof sandboxesNoAr>>;
beforeAll(async () => {
  sb = await sandboxesNoAr();
});
afterAll(() => sb.fechar());

/** What the configuration stores: the login in plain data, the password encrypted. */
const sessao = (login = 'loja@autodemo.test'): SessaoCanal => ({
  segredos: { senha_meucarronovo: 's' },
  dados: { email_meucarronovo: login, plano_napista: 'Plano Ouro' },
});
const ref = (chave: string) => ({ chave, veiculoId: CARRO.id });

async function postValido(com: Record<string, unknown> = {}) {
  const r = valorOk(await pub.rascunho(sb.ctx('meucarronovo'), sessao(), CARRO));
  const simples = r.retTiposAnuncio.find((t) => t.nome === 'Simples')?.id;
  return postMeuCarroNovo.parse({ ...r.veiculoPost, idTipoAnuncio: simples, ...com });
}

describe('Na Pista publishing', () => {
  it('drafts with the channel codes (upper-case names), doors from its list and the features from the vehicle', async () => {
    const d = valorOk(await pub.rascunho(sb.ctx('meucarronovo'), sessao(), { ...CARRO, blindado: true }));
    expect(nome(d.retMarca, d.veiculoPost.idMarca)).toBe('FIAT');
    expect(nome(d.retModelo, d.veiculoPost.idModelo)).toBe('ARGO');
    expect(nome(d.retVersao, d.veiculoPost.idVersao)).toBe('DRIVE 1.0 6V FLEX 5P MEC.');
    expect(nome(d.retCores, d.veiculoPost.idCor)).toBe('BRANCO');
    expect(nome(d.retCombustivel, d.veiculoPost.idCombustivel)).toBe('FLEX');
    expect(nome(d.retTransmissao, d.veiculoPost.idCambio)).toBe('MANUAL');
    expect(nome(d.retPortas, d.veiculoPost.idPortas)).toBe('4');
    expect(d.veiculoPost).toMatchObject({
      idCategoria: 1,
      blindado: true,
      documentacaoEmDia: true,
      aceitaTroca: false,
      adaptadoPne: false,
      veiculoUsado: true,
    });
    // "Airbag" is "AIR BAG" there (a synonym since issue 23 item 10).
    expect(d.retOpcionais.filter((o) => o.checked).map((o) => o.nome)).toEqual(['AIR BAG', 'AR CONDICIONADO']);
  });

  it('the ad type ("Anúncio", spec 3 §5) comes from the current plan: only types with free slots, required, sent as idTipoAnuncio', async () => {
    const d = valorOk(await pub.rascunho(sb.ctx('meucarronovo'), sessao(), CARRO));
    // "Super destaque" has no slot left in the sandbox plan; with two offered, none is preselected.
    expect(d.retTiposAnuncio).toEqual([
      { id: '1', nome: 'Simples', disponiveis: 50 },
      { id: '2', nome: 'Destaque', disponiveis: 5 },
    ]);
    expect(d.veiculoPost.idTipoAnuncio).toBe('');
    const semTipo = postMeuCarroNovo.safeParse({ ...(await postValido()), idTipoAnuncio: '' });
    expect(semTipo.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['idTipoAnuncio', 'Preenchimento obrigatório']]);
    const r = valorOk(await pub.enviar(sb.ctx('meucarronovo'), sessao(), CARRO, await postValido({ idTipoAnuncio: '2' }), ref('np-tipo')));
    const noCanal = (await sb.anuncios<Record<string, unknown>>('meucarronovo')).find((a) => String(a.id) === r.idAnuncio);
    expect(noCanal).toMatchObject({ idTipoAnuncio: 2 });
    // A type whose slots ran out is a quota error in the channel's words, creating nothing.
    const antes = (await sb.anuncios<Record<string, unknown>>('meucarronovo')).length;
    const cheio = await pub.enviar(sb.ctx('meucarronovo'), sessao(), CARRO, await postValido({ idTipoAnuncio: '3' }), ref('np-cheio'));
    expect(cheio.ok ? null : cheio.erro).toMatchObject({
      tipo: 'quota',
      mensagem: 'Plano sem anúncios disponíveis do tipo Super destaque',
    });
    expect((await sb.anuncios<Record<string, unknown>>('meucarronovo')).length).toBe(antes);
    await pub.excluir(sb.ctx('meucarronovo'), sessao(), r.idAnuncio);
  });

  it('a motorcycle drafts from the motorcycle category', async () => {
    const r = valorOk(await pub.rascunho(sb.ctx('meucarronovo'), sessao(), MOTO));
    expect(r.veiculoPost.idCategoria).toBe(2);
    expect(nome(r.retVersao, r.veiculoPost.idVersao)).toBe('FAN');
    expect(r.retMarca.map((m) => m.nome)).toEqual(['HONDA', 'YAMAHA']);
  });

  it('sends the advert with the features, options, photos and reference; delete, then already removed (403)', async () => {
    const post = await postValido({ aceitaTroca: true, adaptadoPne: true });
    const r = valorOk(await pub.enviar(sb.ctx('meucarronovo'), sessao(), CARRO, post, ref('chave-np-1')));
    expect(r.urlAnuncio).toBe(`https://www.napista.com.br/anuncio/${r.idAnuncio}`);
    const noCanal = (await sb.anuncios<Record<string, unknown>>('meucarronovo')).find((a) => String(a.id) === r.idAnuncio);
    expect(noCanal).toMatchObject({
      idCategoria: 1,
      codigoExterno: 'chave-np-1',
      aceitaTroca: true,
      adaptadoPne: true,
      blindado: false,
      veiculoUsado: true,
      idOpcional: post.opcionais.map(Number),
      fotos: [
        { url: 'https://cdn.autodemo.test/o1.jpg', ordem: 1, capa: true },
        { url: 'https://cdn.autodemo.test/o2.jpg', ordem: 2, capa: false },
      ],
    });
    expect(await pub.excluir(sb.ctx('meucarronovo'), sessao(), r.idAnuncio)).toEqual({ ok: true, valor: 'removido' });
    // The channel answers 403 "O anúncio … não pertence ao cliente informado." for an advert it no longer has.
    const gone = await fetch(`${sb.origem}/sandbox/meucarronovo/api-server/v1/meus-dados/anuncios/${r.idAnuncio}`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer mcn-x' },
    });
    expect(gone.status).toBe(403);
    expect(await pub.excluir(sb.ctx('meucarronovo'), sessao(), r.idAnuncio)).toEqual({ ok: true, valor: 'jaRemovido' });
  });

  it('reconciliation by reference and by id; null when nothing was created', async () => {
    const r = valorOk(await pub.enviar(sb.ctx('meucarronovo'), sessao(), CARRO, await postValido(), ref('chave-np-2')));
    const porChave = await pub.consultar(sb.ctx('meucarronovo'), sessao(), ref('chave-np-2'));
    expect(porChave.ok && porChave.valor?.idAnuncio).toBe(r.idAnuncio);
    const porId = await pub.consultar(sb.ctx('meucarronovo'), sessao(), { ...ref('x'), idAnuncio: r.idAnuncio });
    expect(porId.ok && porId.valor?.idAnuncio).toBe(r.idAnuncio);
    expect(await pub.consultar(sb.ctx('meucarronovo'), sessao(), ref('nunca-enviada'))).toEqual({ ok: true, valor: null });
  });

  it("reports refusals and failures in the channel's words, creating nothing", async () => {
    const antes = (await sb.anuncios<Record<string, unknown>>('meucarronovo')).length;
    const recusado = await pub.enviar(sb.ctx('meucarronovo'), sessao(), CARRO, await postValido({ observacoes: 'recusar' }), ref('n1'));
    expect(recusado.ok ? null : recusado.erro).toMatchObject({ tipo: 'validation', mensagem: 'Observações com conteúdo não permitido' });
    const invalido = await pub.enviar(sb.ctx('meucarronovo'), sessao(), CARRO, await postValido({ idCor: '1' }), ref('n2'));
    expect(invalido.ok ? null : invalido.erro).toMatchObject({ tipo: 'validation', mensagem: 'Cor inválido(a)' });
    const falhou = await pub.enviar(sb.ctx('meucarronovo'), sessao(), CARRO, await postValido({ observacoes: 'falhar' }), ref('n3'));
    expect(falhou.ok ? null : falhou.erro.tipo).toBe('transient');
    const loginRecusado = await pub.rascunho(sb.ctx('meucarronovo'), sessao('recusar@autodemo.test'), CARRO);
    expect(loginRecusado.ok ? null : loginRecusado.erro.tipo).toBe('auth');
    const semSenha = await pub.rascunho(sb.ctx('meucarronovo'), { segredos: {}, dados: {} }, CARRO);
    expect(semSenha.ok ? null : semSenha.erro.tipo).toBe('auth');
    expect((await sb.anuncios<Record<string, unknown>>('meucarronovo')).length).toBe(antes);
  });

  it('a delete refused for another reason stays an error', async () => {
    const r = await pub.excluir(sb.ctx('meucarronovo'), sessao('falhar@autodemo.test'), '1');
    expect(r.ok ? null : r.erro.tipo).toBe('transient');
  });
});

describe('Na Pista: the token and the catalogue are kept (issue 24, the send path)', () => {
  /** The requests the adapter makes now, by path (the sandbox's token and catalogue routes). */
  function contarPedidos() {
    const caminhos: string[] = [];
    const espiao = vi.spyOn(globalThis, 'fetch').mockImplementation(async (entrada, init) => {
      caminhos.push(new URL(String(entrada instanceof Request ? entrada.url : entrada)).pathname);
      return fetchOriginal(entrada, init);
    });
    return {
      contar: (fim: string) => caminhos.filter((c) => c.endsWith(fim)).length,
      parar: () => espiao.mockRestore(),
    };
  }
  const fetchOriginal = globalThis.fetch;

  beforeEach(() => {
    esquecerListas();
    esquecerTokensNaPista();
  });

  it('two drafts in a row ask each catalogue list once', async () => {
    const p = contarPedidos();
    try {
      const a = valorOk(await pub.rascunho(sb.ctx('meucarronovo'), sessao(), CARRO));
      const b = valorOk(await pub.rascunho(sb.ctx('meucarronovo'), sessao(), CARRO));
      expect(b).toEqual(a);
      expect(p.contar('/catalogo/cores')).toBe(1);
      expect(p.contar('/catalogo/combustiveis')).toBe(1);
      expect(p.contar('/catalogo/categorias/1/marcas')).toBe(1);
      expect(p.contar('/catalogo/versoes')).toBe(1);
      // The plan (free slots) is the dealer's and changes: asked every time.
      expect(p.contar('/meus-dados/plano-vingente')).toBe(2);
    } finally {
      p.parar();
    }
  });

  it('two sends sign in once; a token refused before its time signs in again once, and the call goes through', async () => {
    const post = await postValido();
    const p = contarPedidos();
    try {
      const a = valorOk(await pub.enviar(sb.ctx('meucarronovo'), sessao(), CARRO, post, ref('np-token-1')));
      const b = valorOk(await pub.enviar(sb.ctx('meucarronovo'), sessao(), CARRO, post, ref('np-token-2')));
      expect(a.idAnuncio).not.toBe(b.idAnuncio);
      expect(p.contar('/login-server/token')).toBe(0); // postValido's draft signed in already
      await fetchOriginal(`${sb.origem}/sandbox/meucarronovo/_expirar`, { method: 'POST' });
      expect(await pub.excluir(sb.ctx('meucarronovo'), sessao(), a.idAnuncio)).toEqual({ ok: true, valor: 'removido' });
      expect(p.contar('/login-server/token')).toBe(1);
      expect(await pub.excluir(sb.ctx('meucarronovo'), sessao(), b.idAnuncio)).toEqual({ ok: true, valor: 'removido' });
      expect(p.contar('/login-server/token')).toBe(1);
    } finally {
      p.parar();
    }
  });
});

describe('Na Pista update (issue 24 item 1: PUT /meus-dados/anuncios)', () => {
  const { atualizar, postAtualizado } = pub as Required<typeof pub>;
  type NoCanal = Record<string, unknown> & { id: number; codigoExterno: string; fotos: { url: string; ordem: number; capa: boolean }[] };
  const noCanal = async (id: string) => (await sb.anuncios<NoCanal>('meucarronovo')).find((a) => String(a.id) === id);
  const foto = (n: number) => ({ ...CARRO.fotos[0], urlOriginal: `https://cdn.autodemo.test/o${n}.jpg` }) as (typeof CARRO.fotos)[0];
  /** The Argo after the dealer's edit: price, km, text, colour, options and photos (a new one first, the old ones swapped). */
  const editado = {
    ...CARRO,
    valor: 69900,
    km: 20100,
    observacao: 'Revisado na concessionária.',
    cor: 'Preto',
    opcionais: ['Alarme'],
    fotos: [foto(3), foto(2), foto(1)],
  };

  it('edits price, mileage, text, colour, options and photos in order at the channel; twice leaves one advert as once', async () => {
    const enviado = await postValido({ idTipoAnuncio: '2', aceitaTroca: true });
    const r = valorOk(await pub.enviar(sb.ctx('meucarronovo'), sessao(), CARRO, enviado, ref('np-atualizar')));
    const d = valorOk(await pub.rascunho(sb.ctx('meucarronovo'), sessao(), editado));
    const post = postAtualizado(editado, enviado);
    expect(post).toMatchObject({ valor: 69900, quilometragem: 20100, observacoes: 'Revisado na concessionária.', idTipoAnuncio: '2' });
    const atualizado = valorOk(await atualizar(sb.ctx('meucarronovo'), sessao(), editado, r.idAnuncio, post));
    expect(atualizado).toMatchObject({ idAnuncio: r.idAnuncio, urlAnuncio: r.urlAnuncio, confirmacao: 'imediata' });
    const esperado = {
      valor: 69900,
      quilometragem: 20100,
      observacoes: 'Revisado na concessionária.',
      idCor: Number(d.veiculoPost.idCor),
      idOpcional: d.veiculoPost.opcionais.map(Number),
      // Kept: the plan's ad type, the dealer's ticks and our reference.
      idTipoAnuncio: 2,
      aceitaTroca: true,
      codigoExterno: 'np-atualizar',
      fotos: [
        { url: 'https://cdn.autodemo.test/o3.jpg', ordem: 1, capa: true },
        { url: 'https://cdn.autodemo.test/o2.jpg', ordem: 2, capa: false },
        { url: 'https://cdn.autodemo.test/o1.jpg', ordem: 3, capa: false },
      ],
    };
    expect(nome(d.retCores, d.veiculoPost.idCor)).toBe('PRETO');
    expect(await noCanal(r.idAnuncio)).toMatchObject({ ...esperado, alteracoes: 1 });

    valorOk(await atualizar(sb.ctx('meucarronovo'), sessao(), editado, r.idAnuncio, post));
    expect(await noCanal(r.idAnuncio)).toMatchObject({ ...esperado, alteracoes: 2 });
    const todos = await sb.anuncios<NoCanal>('meucarronovo');
    expect(todos.filter((a) => a.codigoExterno === 'np-atualizar')).toHaveLength(1);
    expect((await noCanal(r.idAnuncio))?.fotos).toHaveLength(3);
    await pub.excluir(sb.ctx('meucarronovo'), sessao(), r.idAnuncio);
  });

  it('an advert the channel no longer has is a clear error and creates nothing', async () => {
    const antes = (await sb.anuncios<NoCanal>('meucarronovo')).length;
    const r = await atualizar(sb.ctx('meucarronovo'), sessao(), editado, '123', await postValido());
    expect(r.ok ? null : r.erro).toMatchObject({
      tipo: 'rejected',
      texto: 'O anúncio 123 não existe mais na Na Pista (foi removido no canal).',
    });
    expect((await sb.anuncios<NoCanal>('meucarronovo')).length).toBe(antes);
  });

  it("maps the channel's errors: refused, failure, rate limit (transient, with the wait asked) and an expired token", async () => {
    const enviado = await postValido();
    const r = valorOk(await pub.enviar(sb.ctx('meucarronovo'), sessao(), CARRO, enviado, ref('np-erros')));
    const com = (observacao: string) => {
      const v = { ...editado, observacao };
      return atualizar(sb.ctx('meucarronovo'), sessao(), v, r.idAnuncio, postAtualizado(v, enviado));
    };
    const recusado = await com('recusar');
    expect(recusado.ok ? null : recusado.erro).toMatchObject({ tipo: 'validation', mensagem: 'Observações com conteúdo não permitido' });
    expect((await com('falhar')).ok ? null : 'transient').toBe('transient');
    const limitado = await com('limitar');
    expect(limitado.ok ? null : limitado.erro).toMatchObject({ tipo: 'transient', esperarSegundos: 2 });
    // Nothing refused, failed or limited reached the advert.
    expect(await noCanal(r.idAnuncio)).toMatchObject({ valor: CARRO.valor });
    expect(await noCanal(r.idAnuncio)).not.toHaveProperty('alteracoes');
    await fetch(`${sb.origem}/sandbox/meucarronovo/_expirar`, { method: 'POST' });
    valorOk(await com('Revisado.'));
    expect(await noCanal(r.idAnuncio)).toMatchObject({ valor: 69900, observacoes: 'Revisado.', alteracoes: 1 });
    await pub.excluir(sb.ctx('meucarronovo'), sessao(), r.idAnuncio);
  });
});
