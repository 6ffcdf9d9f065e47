import type { PostMeuCarroNovo, RascunhoMeuCarroNovo } from '@intermedio/contracts';
import { esperaPedida, limiteDeRequisicoes, type RespostaCanal } from '../http.ts';
import { listaEmCache } from '../listas.ts';
import type { Portador } from '../portador.ts';
import {
  type Api,
  apiJson,
  catalogoCasado,
  erroDaResposta,
  fotosDoVeiculo,
  idCasado,
  imagensDoVeiculo,
  mensagemDoCanal,
  nomeCambio,
  nomesCombustivel,
  opcionaisMarcados,
  opcoes,
  resultadoExclusao,
  todos,
} from '../portais.ts';
import type { AnuncioCanal, OpcaoCanal, PublicacaoVeiculo, SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';
import { planoVigente, portadorNaPista, tokenNaPista } from './client.ts';
import { camposPadraoNaPista, postPadraoNaPista } from './padrao.ts';

/**
 * Na Pista (channels.md §7, spec 3 §3.9, §4, §7): a dealer token (password grant with the stored login, Basic client
 * auth) kept until it expires (client.ts), the catalogue lists kept for 10 minutes (listas.ts), catalogue by category, `POST /meus-dados/anuncios` with our reference in `codigoExterno`
 * (our reading), photos, `DELETE /meus-dados/anuncios/{id}`. A 403 "… pertence ao cliente informado" on delete means
 * the advert is no longer the dealer's: already removed (spec 3 §4).
 */
const API = '/api-server/v1';
const CATEGORIAS: Record<string, { id: number; nome: string }> = {
  carro: { id: 1, nome: 'AUTOMÓVEL' },
  moto: { id: 2, nome: 'MOTOCICLETA' },
  caminhao: { id: 3, nome: 'CAMINHÃO' },
};
const categoria = (v: VeiculoParaCanal) => CATEGORIAS[v.tipo] ?? { id: 1, nome: 'AUTOMÓVEL' };
export const JA_REMOVIDO_NAPISTA = /pertence ao cliente informado/i;

/** The dealer's API: the token kept for the integration (signed in again only when it expires or is refused). */
async function conectar(ctx: ContextoCanal, sessao: SessaoCanal): Promise<Resultado<Api & { portador: Portador }>> {
  const login = String(sessao.dados.email_meucarronovo ?? '');
  const senha = sessao.segredos.senha_meucarronovo ?? '';
  if (!login || !senha) return falha('auth', 'integração sem usuário e senha; configure o canal novamente');
  const token = await tokenNaPista(ctx, login, senha);
  if (!token.ok) return token;
  const portador = portadorNaPista(ctx, login, senha, token.valor);
  return ok({ ...apiJson(`${ctx.base}${API}`, portador, ctx.timeoutMs), portador });
}

/** A catalogue list (the channel's, not the dealer's), kept in this process for 10 minutes (canais/listas.ts). */
const listaDoCatalogo = (ctx: ContextoCanal, api: Api, caminho: string) =>
  listaEmCache(`meucarronovo|${ctx.base}|${caminho}`, () => api.get<unknown>(caminho));
const opcoesDoCatalogo = async (ctx: ContextoCanal, api: Api, caminho: string): Promise<Resultado<OpcaoCanal[]>> => {
  const r = await listaDoCatalogo(ctx, api, caminho);
  return r.ok ? ok(opcoes(r.valor)) : r;
};

type Anuncio = Record<string, unknown> & { id?: number | string; idAnuncio?: number | string; codigoExterno?: string; url?: string };
const anuncio = (a: Anuncio): AnuncioCanal => {
  const id = String(a.idAnuncio ?? a.id);
  return {
    idAnuncio: id,
    urlAnuncio: a.url ?? `https://www.napista.com.br/anuncio/${id}`,
    dados: { id_anuncio: id },
    confirmacao: 'imediata',
  };
};

const modelosDe = (ctx: ContextoCanal, api: Api, v: VeiculoParaCanal, marca: string) => {
  const c = categoria(v);
  return opcoesDoCatalogo(
    ctx,
    api,
    `/catalogo/modelos?categoriaId=${c.id}&categoriaNome=${encodeURIComponent(c.nome)}&marcaId=${encodeURIComponent(marca)}`,
  );
};
const versoesDe = (ctx: ContextoCanal, api: Api, v: VeiculoParaCanal, marca: string, modelo: string) =>
  opcoesDoCatalogo(
    ctx,
    api,
    `/catalogo/versoes?categoria=${categoria(v).id}&marca=${encodeURIComponent(marca)}&modelo=${encodeURIComponent(modelo)}&removerNomeModelo=false`,
  );

/** The advert as the channel takes it (POST and PUT): category, years and condition are the vehicle's own. */
const corpoDoAnuncio = (v: VeiculoParaCanal, post: PostMeuCarroNovo) => ({
  idCategoria: categoria(v).id,
  idTipoAnuncio: Number(post.idTipoAnuncio),
  idVersao: Number(post.idVersao),
  anoFabricacao: v.anoFabricacao,
  anoModelo: v.anoModelo,
  placa: v.novo ? '' : post.placa,
  idCor: Number(post.idCor),
  idCombustivel: Number(post.idCombustivel),
  quilometragem: post.quilometragem,
  idCambio: Number(post.idCambio),
  idPortas: Number(post.idPortas),
  valor: post.valor,
  aceitaTroca: post.aceitaTroca,
  observacoes: post.observacoes,
  documentacaoEmDia: post.documentacaoEmDia,
  blindado: post.blindado,
  adaptadoPne: post.adaptadoPne,
  veiculoUsado: !v.novo,
  idOpcional: post.opcionais.map(Number),
});

/** The channel's answer to an edit as an error: 429 backs off, an advert not the dealer's is gone from the channel. */
function erroNaEdicao(r: RespostaCanal, idAnuncio: string): Resultado<never> {
  if (r.status === 429) return { ok: false, erro: limiteDeRequisicoes('A Na Pista', esperaPedida(r) ?? 60, mensagemDoCanal(r)) };
  if (r.status === 404 || (r.status === 403 && JA_REMOVIDO_NAPISTA.test(mensagemDoCanal(r))))
    return {
      ok: false,
      erro: {
        tipo: 'rejected',
        mensagem: `anúncio ${idAnuncio} não encontrado`,
        detalhe: mensagemDoCanal(r),
        texto: `O anúncio ${idAnuncio} não existe mais na Na Pista (foi removido no canal).`,
      },
    };
  if (r.status === 422 && /plano/i.test(mensagemDoCanal(r))) return falha('quota', mensagemDoCanal(r));
  return erroDaResposta(r);
}

type FotoNaPista = { id: number | string; url: string; ordem: number; capa: boolean };

/**
 * The advert's photos made the vehicle's, in its order (cover first): left alone when they already are; otherwise
 * every photo the channel has is deleted and the vehicle's are added again (the API has no reorder). Repeating it
 * ends the same way, whatever step an earlier attempt stopped at.
 */
async function acertarFotos(api: Api, v: VeiculoParaCanal, idAnuncio: string): Promise<Resultado<void>> {
  const caminho = `/meus-dados/anuncios/${encodeURIComponent(idAnuncio)}/fotos`;
  const desejadas = fotosDoVeiculo(v).map((url, i) => ({ url, ordem: i + 1, capa: i === 0 }));
  const lidas = await api.enviar('GET', caminho);
  if (!lidas.ok) return lidas;
  if (lidas.valor.status !== 200) return erroNaEdicao(lidas.valor, idAnuncio);
  const atuais = ((lidas.valor.json() ?? []) as FotoNaPista[]).slice().sort((a, b) => a.ordem - b.ordem);
  const iguais = (f: FotoNaPista, i: number) => f.url === desejadas[i]?.url && f.ordem === i + 1 && f.capa === (i === 0);
  if (atuais.length === desejadas.length && atuais.every(iguais)) return ok(undefined);
  for (const f of atuais) {
    const r = await api.enviar('DELETE', `${caminho}/${encodeURIComponent(String(f.id))}`);
    if (!r.ok) return r;
    if (r.valor.status !== 200 && r.valor.status !== 204 && r.valor.status !== 404) return erroNaEdicao(r.valor, idAnuncio);
  }
  if (!desejadas.length) return ok(undefined);
  const r = await api.enviar('POST', caminho, desejadas);
  if (!r.ok) return r;
  return r.valor.status === 200 || r.valor.status === 201 ? ok(undefined) : erroNaEdicao(r.valor, idAnuncio);
}

export const publicacaoMeuCarroNovo: PublicacaoVeiculo<RascunhoMeuCarroNovo, PostMeuCarroNovo> = {
  postPadrao: postPadraoNaPista,
  camposPadrao: camposPadraoNaPista,

  /** "Anúncio" of the defaults screen: the current plan's ad types (free slots are checked at each publish). */
  async opcoesPadrao(ctx, sessao) {
    const c = await conectar(ctx, sessao);
    if (!c.ok) return c;
    const plano = await planoVigente(ctx, c.valor.portador);
    if (!plano.ok) return plano;
    return ok({ tipo_anuncio: plano.valor.tiposAnuncio.filter((t) => t.id).map((t) => ({ id: t.id, nome: t.nome })) });
  },

  async rascunho(ctx, sessao, v) {
    const c = await conectar(ctx, sessao);
    if (!c.ok) return c;
    const api = c.valor;
    const cat = categoria(v).id;
    const listas = todos(
      await Promise.all([
        listaDoCatalogo(ctx, api, `/catalogo/categorias/${cat}/marcas`),
        listaDoCatalogo(ctx, api, '/catalogo/combustiveis'),
        listaDoCatalogo(ctx, api, '/catalogo/cores'),
        listaDoCatalogo(ctx, api, '/catalogo/tipos-cambio'),
        listaDoCatalogo(ctx, api, `/catalogo/categorias/${cat}/acessorios`),
        listaDoCatalogo(ctx, api, `/catalogo/categorias/${cat}/quantidade-portas`),
      ] as const),
    );
    if (!listas.ok) return listas;
    // Spec 3 §5: the ad type is required; like iCarros' plans, only the types with free slots are offered.
    const plano = await planoVigente(ctx, api.portador);
    if (!plano.ok) return plano;
    const tipos = plano.valor.tiposAnuncio.filter((t) => t.id && t.disponiveis > 0);
    const [marcasR, combustiveisR, coresR, cambiosR, acessoriosR, portasR] = listas.valor;
    const catalogo = await catalogoCasado(
      v,
      { marcas: marcasR, combustiveis: combustiveisR, cores: coresR, cambios: cambiosR, opcionais: acessoriosR },
      (marca) => modelosDe(ctx, api, v, marca),
      (marca, modelo) => versoesDe(ctx, api, v, marca, modelo),
    );
    if (!catalogo.ok) return catalogo;
    const portas = opcoes(portasR);
    return ok({
      veiculoPost: {
        idCategoria: cat,
        idTipoAnuncio: tipos.length === 1 ? (tipos[0]?.id ?? '') : '',
        idMarca: catalogo.valor.idMarca,
        idModelo: catalogo.valor.idModelo,
        idVersao: catalogo.valor.idVersao,
        anoFabricacao: v.anoFabricacao,
        anoModelo: v.anoModelo,
        placa: v.novo ? '' : v.placa.toUpperCase(),
        quilometragem: v.km,
        valor: v.valor,
        observacoes: v.observacao,
        idCombustivel: catalogo.valor.idCombustivel,
        idCor: catalogo.valor.idCor,
        idPortas: v.portas === null ? '' : idCasado(portas, String(v.portas)),
        idCambio: catalogo.valor.idCambio,
        opcionais: catalogo.valor.idsOpcionais,
        // The product records armour and paid taxes; swap and PNE adaptation start unticked.
        aceitaTroca: false,
        documentacaoEmDia: v.ipvaPago,
        blindado: v.blindado,
        adaptadoPne: false,
        veiculoUsado: !v.novo,
      },
      retMarca: catalogo.valor.marcas,
      imagens: imagensDoVeiculo(v),
      retModelo: catalogo.valor.modelos,
      retVersao: catalogo.valor.versoes,
      retCombustivel: catalogo.valor.combustiveis,
      retCores: catalogo.valor.cores,
      retTransmissao: catalogo.valor.cambios,
      retPortas: portas,
      retOpcionais: catalogo.valor.opcionais,
      retTiposAnuncio: tipos,
    });
  },

  async modelos(ctx, sessao, v, marca) {
    const c = await conectar(ctx, sessao);
    return c.ok ? modelosDe(ctx, c.valor, v, marca) : c;
  },

  async versoes(ctx, sessao, v, marca, modelo) {
    const c = await conectar(ctx, sessao);
    return c.ok ? versoesDe(ctx, c.valor, v, marca, modelo) : c;
  },

  async enviar(ctx, sessao, v, post, ref) {
    const c = await conectar(ctx, sessao);
    if (!c.ok) return c;
    const api = c.valor;
    const corpo = { ...corpoDoAnuncio(v, post), codigoExterno: ref.chave };
    const r = await api.enviar('POST', '/meus-dados/anuncios', corpo);
    if (!r.ok) return r;
    // No free slot of the chosen ad type in the dealer's plan: a quota error, as on iCarros.
    if (r.valor.status === 422 && /plano/i.test(mensagemDoCanal(r.valor))) return falha('quota', mensagemDoCanal(r.valor));
    if (r.valor.status !== 200 && r.valor.status !== 201) return erroDaResposta(r.valor);
    const criado = r.valor.json() as Anuncio | null;
    if (!criado || (criado.idAnuncio ?? criado.id) === undefined) return falha('transient', 'a Na Pista não devolveu o código do anúncio');
    const a = anuncio(criado);
    const fotos = fotosDoVeiculo(v).map((url, i) => ({ url, ordem: i + 1, capa: i === 0 }));
    if (fotos.length) await api.enviar('POST', `/meus-dados/anuncios/${encodeURIComponent(a.idAnuncio)}/fotos`, fotos);
    return ok(a);
  },

  /**
   * Sync (issue 24 item 1): the vehicle's price, mileage, plate, text and features; plan (ad type), catalogue codes
   * and the dealer's ticks (swap, PNE) are kept from the post sent. Colour, fuel, gearbox, doors and options are the
   * channel's codes: `atualizar` maps them from the vehicle with the channel's lists.
   */
  postAtualizado(v, enviado) {
    return {
      ...enviado,
      placa: v.novo ? '' : v.placa.toUpperCase(),
      quilometragem: v.km,
      valor: v.valor,
      observacoes: v.observacao,
      blindado: v.blindado,
      documentacaoEmDia: v.ipvaPago,
    };
  },

  /**
   * `PUT /meus-dados/anuncios` with `idAnuncio` (channels.md §7): edits the advert, never creates one (an advert the
   * dealer no longer has answers 403 "… não pertence ao cliente informado": a `rejected` error, nothing sent). The
   * vehicle's colour, fuel, gearbox, doors and options are mapped with the channel's lists (kept 10 minutes) as the
   * draft does; the post's code stays where the vehicle's name matches nothing. Then the photos are made the
   * vehicle's, in order. The same update twice leaves the advert as once.
   */
  async atualizar(ctx, sessao, v, idAnuncio, post) {
    const c = await conectar(ctx, sessao);
    if (!c.ok) return c;
    const api = c.valor;
    const cat = categoria(v).id;
    const listas = todos(
      await Promise.all([
        listaDoCatalogo(ctx, api, '/catalogo/cores'),
        listaDoCatalogo(ctx, api, '/catalogo/combustiveis'),
        listaDoCatalogo(ctx, api, '/catalogo/tipos-cambio'),
        listaDoCatalogo(ctx, api, `/catalogo/categorias/${cat}/acessorios`),
        listaDoCatalogo(ctx, api, `/catalogo/categorias/${cat}/quantidade-portas`),
      ] as const),
    );
    if (!listas.ok) return listas;
    const [cores, combustiveis, cambios, acessorios, portas] = listas.valor.map(opcoes);
    const codigos: PostMeuCarroNovo = {
      ...post,
      idCor: idCasado(cores ?? [], v.cor) || post.idCor,
      idCombustivel: idCasado(combustiveis ?? [], ...nomesCombustivel(v.combustivel)) || post.idCombustivel,
      idCambio: idCasado(cambios ?? [], nomeCambio(v)) || post.idCambio,
      idPortas: (v.portas === null ? '' : idCasado(portas ?? [], String(v.portas))) || post.idPortas,
      opcionais: opcionaisMarcados(acessorios ?? [], v)
        .filter((o) => o.checked)
        .map((o) => o.id),
    };
    const r = await api.enviar('PUT', '/meus-dados/anuncios', { ...corpoDoAnuncio(v, codigos), idAnuncio: Number(idAnuncio) });
    if (!r.ok) return r;
    if (r.valor.status !== 200 && r.valor.status !== 204) return erroNaEdicao(r.valor, idAnuncio);
    const fotos = await acertarFotos(api, v, idAnuncio);
    if (!fotos.ok) return fotos;
    const corpo = (r.valor.json() ?? {}) as Anuncio;
    return ok(anuncio({ ...corpo, idAnuncio }));
  },

  async excluir(ctx, sessao, idAnuncio) {
    const c = await conectar(ctx, sessao);
    if (!c.ok) return c;
    const r = await c.valor.enviar('DELETE', `/meus-dados/anuncios/${encodeURIComponent(idAnuncio)}`);
    return r.ok ? resultadoExclusao(r.valor, (r) => r.status === 403 && JA_REMOVIDO_NAPISTA.test(mensagemDoCanal(r))) : r;
  },

  async consultar(ctx, sessao, ref) {
    const c = await conectar(ctx, sessao);
    if (!c.ok) return c;
    const lista = await c.valor.get<Anuncio[]>('/meus-dados/anuncios');
    if (!lista.ok) return lista;
    const achado = (Array.isArray(lista.valor) ? lista.valor : []).find((a) =>
      ref.idAnuncio ? String(a.id ?? a.idAnuncio) === ref.idAnuncio : a.codigoExterno === ref.chave,
    );
    return ok(achado ? anuncio(achado) : null);
  },
};
