import { atributosFaltando, type PostMercadoLivre, type RascunhoMercadoLivre } from '@intermedio/contracts';
import { limiteDeRequisicoes } from '../http.ts';
import { ordenarOpcoes } from '../mapeamento.ts';
import { type Portador, portadorDe } from '../portador.ts';
import type { AnuncioCanal, PublicacaoVeiculo, SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';
import {
  type AtributoCategoria,
  alterarItem,
  atributosCategoria,
  criarItem,
  descreverItem,
  erroMl,
  type ItemMl,
  itensPorReferencia,
  lerItem,
  redescreverItem,
  vendedorAtual,
} from './itens.ts';
import { camposPadraoMercadoLivre, postPadraoMercadoLivre } from './padrao.ts';
import { atributosDoItem, CATEGORIA_ML, descricaoMl, montarRascunho, obrigatorioMl, textosDoVeiculo } from './rascunho.ts';

/**
 * Per-vehicle publishing to Mercado Livre (spec 3 §2.3, §2.5, §3.7; channels.md §2): cars (MLB1744) and motorcycles
 * (MLB1763). The item carries our idempotency key as `seller_custom_field`, so a retry or the reconciliation finds it.
 * Delete = status closed, then deleted. The access token is kept fresh by the renewal job (integracoes/renovacao),
 * and renewed once mid-operation when ML answers 401 (portador.ts).
 */
const NAO_PERMITIDO = 'Operação não permitida para esse tipo de veículo.';

/** The access token of this operation's calls (renewed once if ML answers 401 before the job renewed it). */
const token = (s: SessaoCanal): Resultado<Portador> =>
  s.segredos.access_token
    ? ok(portadorDe(s, s.segredos.access_token))
    : falha('auth', 'a integração com o Mercado Livre não tem token; autorize de novo');

async function categoriaDo(
  ctx: ContextoCanal,
  t: Portador,
  v: VeiculoParaCanal,
): Promise<Resultado<{ id: string; atributos: AtributoCategoria[] }>> {
  const id = CATEGORIA_ML[v.tipo];
  if (!id) return { ok: false, erro: { tipo: 'validation', mensagem: 'tipo de veículo', texto: NAO_PERMITIDO } };
  const a = await atributosCategoria(ctx, t, id);
  return a.ok ? ok({ id, atributos: a.valor }) : a;
}

const comoAnuncio = (item: ItemMl, extra: Record<string, unknown> = {}): AnuncioCanal => ({
  idAnuncio: item.id,
  urlAnuncio: item.permalink,
  confirmacao: 'imediata',
  dados: { id: item.id, permalink: item.permalink ?? null, status_ml: item.status ?? null, ...extra },
});

/**
 * Attributes an update takes from the vehicle (texts; list values by name, matched to the category's ids when sent).
 * Brand, model and version stay as sent (the catalogue choice), and so do the yes / no options.
 */
const ATRIBUTOS_DO_VEICULO = [
  'VEHICLE_YEAR',
  'KILOMETERS',
  'COLOR',
  'FUEL_TYPE',
  'TRANSMISSION',
  'DOORS',
  'LICENSE_PLATE',
  'VEHICLE_BODY_TYPE',
  'ARMORED',
  'ENGINE',
  'ENGINE_DISPLACEMENT',
];

/** An answer of an item update: 429 backs off, a missing or closed item is gone from the channel, else ML's error. */
function erroNaEdicao(r: { status: number; corpo: unknown; esperarSegundos?: number }, id: string, caminho: string): Resultado<never> {
  if (r.status === 429)
    return { ok: false, erro: limiteDeRequisicoes('O Mercado Livre', r.esperarSegundos ?? 60, JSON.stringify(r.corpo ?? null)) };
  const fechado =
    r.status === 400 && (r.corpo as { cause?: { code?: string }[] } | null)?.cause?.some((c) => c.code === 'item.status.invalid');
  if (r.status === 404 || fechado)
    return {
      ok: false,
      erro: {
        tipo: 'rejected',
        mensagem: `anúncio ${id} não encontrado`,
        detalhe: JSON.stringify(r.corpo ?? null),
        texto: `O anúncio ${id} não existe mais no Mercado Livre (${fechado ? 'foi encerrado' : 'foi removido'} no canal).`,
      },
    };
  return { ok: false, erro: erroMl(r.status, r.corpo, caminho) };
}

export const publicacaoMercadoLivre: PublicacaoVeiculo<RascunhoMercadoLivre, PostMercadoLivre> = {
  postPadrao: postPadraoMercadoLivre,
  camposPadrao: camposPadraoMercadoLivre,

  async rascunho(ctx, sessao, v) {
    const t = token(sessao);
    if (!t.ok) return t;
    const c = await categoriaDo(ctx, t.valor, v);
    return c.ok ? ok(montarRascunho(v, c.valor.atributos)) : c;
  },

  async enviar(ctx, sessao, v, post, ref) {
    const t = token(sessao);
    if (!t.ok) return t;
    const c = await categoriaDo(ctx, t.valor, v);
    if (!c.ok) return c;
    const faltando = atributosFaltando(
      ordenarOpcoes(c.valor.atributos.filter(obrigatorioMl).map((a) => ({ id: a.id, name: a.name, nome: a.name }))),
      post.ml_attributes,
    );
    if (faltando.length) return { ok: false, erro: { tipo: 'validation', mensagem: faltando.join(' '), texto: faltando.join('\n') } };
    const { location } = post.ml_veiculo_post;
    const item = {
      title: post.ml_titulo_anuncio.toUpperCase(),
      category_id: c.valor.id,
      price: v.valor,
      currency_id: 'BRL',
      available_quantity: 1,
      buying_mode: 'classified',
      // Publishing always uses silver (the package contracted with ML); highlights are bought afterwards.
      listing_type_id: 'silver',
      condition: v.novo ? 'new' : 'used',
      channels: ['marketplace'],
      seller_custom_field: ref.chave,
      pictures: v.fotos.slice(0, 15).map((f) => ({ source: f.urlOriginal })),
      location: {
        address_line: location.address_line,
        zip_code: location.zip_code,
        city: { name: v.revenda.cidade },
        state: { id: `BR-${v.revenda.uf}` },
        country: { id: 'BR' },
      },
      attributes: atributosDoItem(c.valor.atributos, post.ml_attributes),
    };
    const criado = await criarItem(ctx, t.valor, item);
    if (!criado.ok) return criado;
    // The item exists from here on: a description ML refuses does not undo it (it is kept on the record to fix).
    const d = await descreverItem(ctx, t.valor, criado.valor.id, post.ml_descricao_anuncio);
    return ok(comoAnuncio(criado.valor, d.ok ? {} : { erro_descricao: d.erro.detalhe ?? d.erro.mensagem }));
  },

  /**
   * Sync (issue 24 item 1): the description and the vehicle's attributes (km, year, colour, fuel, gearbox, doors,
   * plate, body, armour, engine) from the vehicle; title, brand / model / version, the other attributes and the
   * location as sent. Price and pictures are the vehicle's at the call, as on `enviar`.
   */
  postAtualizado(v, enviado) {
    const textos = textosDoVeiculo(v);
    const doVeiculo = ATRIBUTOS_DO_VEICULO.filter((id) => id in enviado.ml_attributes && textos[id]).map((id) => [id, textos[id] ?? '']);
    return {
      ...enviado,
      ml_descricao_anuncio: descricaoMl(v),
      ml_attributes: { ...enviado.ml_attributes, ...Object.fromEntries(doVeiculo) },
    };
  },

  /**
   * `PUT /items/{id}` (channels.md §2: title, price, pictures in order, attributes, location; `available_quantity` 1)
   * then `PUT /items/{id}/description`. Never creates an item: an unknown (404) or closed one is a `rejected` error.
   * Both calls replace what they carry, so the update repeated, or retried after the description failed, leaves the
   * item as once.
   */
  async atualizar(ctx, sessao, v, idAnuncio, post) {
    const t = token(sessao);
    if (!t.ok) return t;
    const c = await categoriaDo(ctx, t.valor, v);
    if (!c.ok) return c;
    const faltando = atributosFaltando(
      ordenarOpcoes(c.valor.atributos.filter(obrigatorioMl).map((a) => ({ id: a.id, name: a.name, nome: a.name }))),
      post.ml_attributes,
    );
    if (faltando.length) return { ok: false, erro: { tipo: 'validation', mensagem: faltando.join(' '), texto: faltando.join('\n') } };
    const { location } = post.ml_veiculo_post;
    const caminho = `/items/${encodeURIComponent(idAnuncio)}`;
    const item = await alterarItem(ctx, t.valor, idAnuncio, {
      title: post.ml_titulo_anuncio.toUpperCase(),
      price: v.valor,
      available_quantity: 1,
      pictures: v.fotos.slice(0, 15).map((f) => ({ source: f.urlOriginal })),
      location: {
        address_line: location.address_line,
        zip_code: location.zip_code,
        city: { name: v.revenda.cidade },
        state: { id: `BR-${v.revenda.uf}` },
        country: { id: 'BR' },
      },
      attributes: atributosDoItem(c.valor.atributos, post.ml_attributes),
    });
    if (!item.ok) return item;
    if (item.valor.status !== 200) return erroNaEdicao(item.valor, idAnuncio, caminho);
    const d = await redescreverItem(ctx, t.valor, idAnuncio, post.ml_descricao_anuncio);
    if (!d.ok) return d;
    if (d.valor.status !== 200 && d.valor.status !== 201) return erroNaEdicao(d.valor, idAnuncio, `${caminho}/description`);
    return ok(comoAnuncio(item.valor.corpo as ItemMl));
  },

  async excluir(ctx, sessao, idAnuncio) {
    const t = token(sessao);
    if (!t.ok) return t;
    const fechar = await alterarItem(ctx, t.valor, idAnuncio, { status: 'closed' });
    if (!fechar.ok) return fechar;
    if (fechar.valor.status === 404) return ok('jaRemovido');
    const jaFechado = fechar.valor.status === 400 && fechar.valor.corpo?.cause?.some((x) => x.code === 'item.status.invalid');
    if (fechar.valor.status !== 200 && !jaFechado) return { ok: false, erro: erroMl(fechar.valor.status, fechar.valor.corpo, '/items') };
    const apagar = await alterarItem(ctx, t.valor, idAnuncio, { deleted: true });
    if (!apagar.ok) return apagar;
    if (apagar.valor.status === 404) return ok('jaRemovido');
    if (apagar.valor.status !== 200) return { ok: false, erro: erroMl(apagar.valor.status, apagar.valor.corpo, '/items') };
    return ok('removido');
  },

  async consultar(ctx, sessao, ref) {
    const t = token(sessao);
    if (!t.ok) return t;
    let id = ref.idAnuncio;
    if (!id) {
      const guardado = sessao.dados.user_id_ml;
      const vendedor = guardado ? ok({ id: String(guardado) }) : await vendedorAtual(ctx, t.valor);
      if (!vendedor.ok) return vendedor;
      const achados = await itensPorReferencia(ctx, t.valor, String(vendedor.valor.id), ref.chave);
      if (!achados.ok) return achados;
      id = achados.valor.results?.[0];
      if (!id) return ok(null);
    }
    const item = await lerItem(ctx, t.valor, id);
    if (!item.ok) return item;
    return ok(item.valor && item.valor.status !== 'closed' ? comoAnuncio(item.valor) : null);
  },
};
