import {
  type CampoPadrao,
  type PlanoIcarros,
  PORTAS_PORTAIS,
  type PostIcarros,
  postIcarros,
  type RascunhoIcarros,
} from '@intermedio/contracts';
import { anuncioInexistente, codigosDoVeiculo, erroDaEdicao, limiteComoTransitorio, planoDeFotos } from '../edicao.ts';
import { tipoPorStatus } from '../http.ts';
import { escolhaOuPadrao, opcaoValida, postOuRevisao, textoPadrao } from '../padroes.ts';
import {
  type Api,
  apiJson,
  catalogoCasado,
  erroDaResposta,
  fotosDoVeiculo,
  imagensDoVeiculo,
  mensagemDoCanal,
  opcoesDe,
  portasPortal,
  resultadoExclusao,
  sessaoKeycloak,
  todos,
} from '../portais.ts';
import type { AnuncioCanal, PublicacaoVeiculo, SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';
import { CATALOGO_ICARROS } from './client.ts';

/**
 * iCarros generation 2 (channels.md §4, spec 3 §3.8, §7): catalogue under /database, the dealer's plans (separate
 * sets for used and zero km), `POST /deals`, photos by address, `DELETE /deals/{id}`. The integrator reference goes
 * in `externalId` (our reading: the public notes name no such field), which reconciliation looks up in the inventory.
 */
const CORE = '/pj/v1/core';
/** Spec 3 §9: the send waits up to 360 s (iCarros answers slowly while it processes the deal). */
export const TIMEOUT_ENVIO_ICARROS_S = 360;
const CATEGORIA: Record<string, number> = { carro: 1, moto: 2, caminhao: 3 };
export const urlAnuncioIcarros = (id: string) => `https://www.icarros.com.br/anuncio/${id}`;

/** Spec 3 §3.8: a plan is offered only with free slots and a real ad type. */
export const planosDisponiveis = (planos: PlanoIcarros[]) => planos.filter((p) => p.livres > 0 && p.tipoAnuncioId > 0);

function conectar(ctx: ContextoCanal, sessao: SessaoCanal) {
  const s = sessaoKeycloak(sessao);
  if (!s.ok) return s;
  return ok({ api: apiJson(`${ctx.base}${CORE}`, s.valor.token, ctx.timeoutMs, CATALOGO_ICARROS), dealer: s.valor.dealer });
}

const anoModelo = (v: VeiculoParaCanal) => (v.anoModelo ? `&modelYear=${v.anoModelo}` : '');

type Deal = { id: number | string; externalId?: string; images?: { id: number | string; photo: string }[] };
const anuncio = (d: Deal, dados: Record<string, unknown> = {}): AnuncioCanal => ({
  idAnuncio: String(d.id),
  urlAnuncio: urlAnuncioIcarros(String(d.id)),
  dados,
  confirmacao: 'imediata',
});

const modelos: NonNullable<PublicacaoVeiculo['modelos']> = async (ctx, sessao, _v, marca) => {
  const c = conectar(ctx, sessao);
  if (!c.ok) return c;
  return opcoesDe(c.valor.api, `/database/models?makeId=${encodeURIComponent(marca)}`);
};

const versoes: NonNullable<PublicacaoVeiculo['versoes']> = async (ctx, sessao, v, marca, modelo) => {
  const c = conectar(ctx, sessao);
  if (!c.ok) return c;
  return opcoesDe(c.valor.api, `/database/trims?makeId=${encodeURIComponent(marca)}&modelId=${encodeURIComponent(modelo)}${anoModelo(v)}`);
};

/** The deal as `POST /deals` and `PUT /deals/{id}` take it: the screen's choices, the vehicle's years. */
function corpoDeal(dealer: string, v: VeiculoParaCanal, post: PostIcarros) {
  return {
    dealerId: Number(dealer),
    makeId: Number(post.makeId),
    modelId: Number(post.modelId),
    trimId: Number(post.trimId),
    modelYear: v.anoModelo,
    productionYear: v.anoFabricacao,
    km: post.km,
    // Spec 3 §2.5: the plate is the user's only for a used vehicle.
    plate: v.novo ? '' : post.plate,
    transmissionId: Number(post.transmissionId),
    colorId: Number(post.colorId),
    fuelId: Number(post.fuelId),
    price: post.price,
    text: post.text,
    doors: Number(post.doors),
    equipments: post.equipments.map(Number),
    priority: Number(post.priority),
    spotlight: false,
    usePhotosFromIcarrosGallery: false,
  };
}

/** Sync: the post's codes of colour, fuel, gearbox and options matched again from the vehicle's names (lists kept in the process). */
async function comCodigosDoVeiculo(api: Api, v: VeiculoParaCanal, post: PostIcarros) {
  const listas = todos(
    await Promise.all(
      ['/database/colors', '/database/fuels', '/database/transmissions', '/database/equipments'].map((c) => opcoesDe(api, c)),
    ),
  );
  if (!listas.ok) return listas;
  const [cores = [], combustiveis = [], cambios = [], opcionais = []] = listas.valor;
  const c = codigosDoVeiculo(
    v,
    { cores, combustiveis, cambios, opcionais },
    { cor: post.colorId, combustivel: post.fuelId, cambio: post.transmissionId },
  );
  return ok({ ...post, colorId: c.cor, fuelId: c.combustivel, transmissionId: c.cambio, equipments: c.opcionais });
}

/** A call of an edit that must succeed: 404 is the advert gone, 429 a retry later, otherwise the channel's words. */
function exigirEdicao(r: Awaited<ReturnType<Api['enviar']>>, id: string): Resultado<true> {
  if (!r.ok) return r;
  if (r.valor.status === 404) return anuncioInexistente('iCarros', id);
  if (r.valor.status >= 300) return erroDaEdicao('O iCarros', r.valor);
  return ok(true);
}

/**
 * The deal's photos become the vehicle's, in order (channels.md §4): the photos it no longer has are deleted, the
 * missing ones added by address, then `orderImages` when the order differs. Read from the deal on every attempt,
 * so a repeated update adds nothing twice.
 */
async function sincronizarFotos(api: Api, id: string, dealer: string, desejadas: string[]): Promise<Resultado<true>> {
  const caminho = `/deals/${encodeURIComponent(id)}`;
  const lido = await api.enviar('GET', caminho);
  const existe = exigirEdicao(lido, id);
  if (!existe.ok || !lido.ok) return existe;
  const atuais = ((lido.valor.json() as Deal | null)?.images ?? []).map((i) => ({ id: String(i.id), url: i.photo }));
  const plano = planoDeFotos(atuais, desejadas);
  for (const foto of plano.remover) {
    const r = await api.enviar('DELETE', `${caminho}/images/${encodeURIComponent(foto.id)}`);
    // Already gone (a repeated update): nothing to do.
    if (!r.ok || (r.valor.status >= 300 && r.valor.status !== 404)) return exigirEdicao(r, id);
  }
  const novas: string[] = [];
  for (const photo of plano.novas) {
    const r = await api.enviar('POST', `${caminho}/images`, { photo });
    const feito = exigirEdicao(r, id);
    if (!feito.ok || !r.ok) return feito;
    novas.push(String((r.valor.json() as { id?: unknown } | null)?.id ?? ''));
  }
  // The deal now holds the kept photos in their old order, then the added ones; the wanted order is the vehicle's.
  const naOrdem = plano.mantidas.map((m) => m?.id ?? novas.shift() ?? '');
  const noCanal = [
    ...atuais.filter((a) => plano.mantidas.includes(a)).map((a) => a.id),
    ...naOrdem.filter((i) => !atuais.some((a) => a.id === i)),
  ];
  if (naOrdem.join('_') === noCanal.join('_')) return ok(true);
  const r = await api.enviar('PUT', `${caminho}/orderImages`, {
    array_photos: naOrdem.join('_'),
    dealId: Number(id),
    dealerId: Number(dealer),
  });
  return exigirEdicao(r, id);
}

/** The Incluir screen's labels of the post's fields, in its order (bulk publish review). */
const ROTULOS_ICARROS: Record<keyof PostIcarros, string> = {
  priority: 'Anúncio',
  makeId: 'Marca',
  modelId: 'Modelo',
  trimId: 'Versão',
  plate: 'Placa',
  km: 'Km',
  price: 'Preço',
  text: 'Observações',
  fuelId: 'Combustível',
  colorId: 'Cor',
  doors: 'Portas',
  transmissionId: 'Câmbio',
  equipments: 'Opcionais',
};
const OPCOES_PORTAS = PORTAS_PORTAIS.map((p) => ({ id: p, nome: p }));

/** Bulk publish: the plan (its priority code) and the choices a vehicle's names may not map. */
export const CAMPOS_PADRAO_ICARROS: readonly CampoPadrao[] = [
  { campo: 'plano', rotulo: 'Anúncio', obrigatorio: true },
  { campo: 'descricao', rotulo: 'Observações' },
  { campo: 'escolhas.fuelId', rotulo: 'Combustível' },
  { campo: 'escolhas.colorId', rotulo: 'Cor' },
  { campo: 'escolhas.doors', rotulo: 'Portas', opcoes: OPCOES_PORTAS },
  { campo: 'escolhas.transmissionId', rotulo: 'Câmbio' },
];

export const publicacaoIcarros: PublicacaoVeiculo<RascunhoIcarros, PostIcarros> = {
  esperaEnvioSegundos: TIMEOUT_ENVIO_ICARROS_S,
  modelos,
  versoes,
  async rascunho(ctx, sessao, v) {
    const c = conectar(ctx, sessao);
    if (!c.ok) return c;
    const { api, dealer } = c.valor;
    const listas = todos(
      await Promise.all([
        api.get(`/database/makes?categoryId=${CATEGORIA[v.tipo] ?? 1}`),
        api.get('/database/fuels'),
        api.get('/database/colors'),
        api.get('/database/transmissions'),
        api.get('/database/equipments'),
        api.get<{ plans?: PlanoIcarros[] }>(`/dealers/${dealer}/plans?segmento=Carro&zeroKm=false`),
        api.get<{ plans?: PlanoIcarros[] }>(`/dealers/${dealer}/plans?segmento=Carro&zeroKm=true`),
      ] as const),
    );
    if (!listas.ok) return listas;
    const [makes, fuels, colors, transmissions, equipments, usados, zeroKm] = listas.valor;
    const catalogo = await catalogoCasado(
      v,
      { marcas: makes, combustiveis: fuels, cores: colors, cambios: transmissions, opcionais: equipments },
      (marca) => modelos(ctx, sessao, v, marca),
      (marca, modelo) => versoes(ctx, sessao, v, marca, modelo),
    );
    if (!catalogo.ok) return catalogo;
    const planos = planosDisponiveis((v.novo ? zeroKm : usados).plans ?? []);
    return ok({
      veiculoPost: {
        dealerId: dealer,
        priority: planos.length === 1 ? String(planos[0]?.priority) : '',
        makeId: catalogo.valor.idMarca,
        modelId: catalogo.valor.idModelo,
        trimId: catalogo.valor.idVersao,
        productionYear: v.anoFabricacao,
        modelYear: v.anoModelo,
        plate: v.novo ? '' : v.placa.toUpperCase(),
        km: v.km,
        price: v.valor,
        text: v.observacao,
        fuelId: catalogo.valor.idCombustivel,
        colorId: catalogo.valor.idCor,
        doors: portasPortal(v),
        transmissionId: catalogo.valor.idCambio,
        equipments: catalogo.valor.idsOpcionais,
      },
      veiculoNovo: v.novo,
      imagens: imagensDoVeiculo(v),
      retMarca: catalogo.valor.marcas,
      retModelo: catalogo.valor.modelos,
      retVersao: catalogo.valor.versoes,
      retCombustivel: catalogo.valor.combustiveis,
      retCores: catalogo.valor.cores,
      retTransmissao: catalogo.valor.cambios,
      retOpcionais: catalogo.valor.opcionais,
      planosRevenda: { plans: planosDisponiveis(usados.plans ?? []) },
      planosRevendaZeroKm: { plans: planosDisponiveis(zeroKm.plans ?? []) },
    });
  },

  async enviar(ctx, sessao, v, post, ref) {
    const c = conectar(ctx, sessao);
    if (!c.ok) return c;
    const { api, dealer } = c.valor;
    const corpo = { ...corpoDeal(dealer, v, post), externalId: ref.chave };
    const limite = Math.max(ctx.timeoutMs, TIMEOUT_ENVIO_ICARROS_S * 1000);
    const r = await api.enviar('POST', '/deals', corpo, limite);
    if (!r.ok) return r;
    if (r.valor.status !== 200 && r.valor.status !== 201) {
      if (r.valor.status === 422 && /plano/i.test(mensagemDoCanal(r.valor))) return falha('quota', mensagemDoCanal(r.valor));
      return erroDaResposta(r.valor);
    }
    const deal = r.valor.json() as Deal | null;
    if (!deal?.id) return falha('transient', 'o iCarros não devolveu o código do anúncio');
    const fotos = await enviarFotos(api, String(deal.id), fotosDoVeiculo(v));
    return ok(anuncio(deal, { id_anuncio: String(deal.id), fotos_enviadas: fotos.enviadas, fotos_recusadas: fotos.recusadas }));
  },

  camposPadrao: CAMPOS_PADRAO_ICARROS,

  /**
   * Bulk publish: the draft as the Incluir screen fills it; the reseller's plan when the dealer has it for the
   * vehicle (used or zero km), else the draft's (the only plan); empty fuel, colour, doors or gearbox take the
   * reseller's default when it is one of iCarros' options. Brand, model and version are never defaulted.
   */
  postPadrao(d, v, padroes) {
    const p = d.veiculoPost;
    const planos = (d.veiculoNovo ? d.planosRevendaZeroKm : d.planosRevenda).plans.map((x) => ({ id: String(x.priority), nome: x.nome }));
    const e = padroes.escolhas ?? {};
    const post = {
      priority: opcaoValida(planos, padroes.plano) || opcaoValida(planos, p.priority),
      makeId: p.makeId,
      modelId: p.modelId,
      trimId: p.trimId,
      plate: p.plate,
      km: p.km,
      price: p.price,
      text: textoPadrao(padroes.descricao, v, p.text),
      fuelId: escolhaOuPadrao(p.fuelId, d.retCombustivel, e.fuelId),
      colorId: escolhaOuPadrao(p.colorId, d.retCores, e.colorId),
      doors: escolhaOuPadrao(p.doors, OPCOES_PORTAS, e.doors),
      transmissionId: escolhaOuPadrao(p.transmissionId, d.retTransmissao, e.transmissionId),
      equipments: p.equipments,
    };
    return postOuRevisao(postIcarros, post, ROTULOS_ICARROS);
  },

  /** Sync: what the vehicle determines from `v`, the plan and the catalogue codes of brand / model / version kept. */
  postAtualizado(v, enviado) {
    return {
      ...enviado,
      plate: v.novo ? '' : v.placa.toUpperCase(),
      km: v.km,
      price: v.valor,
      text: v.observacao,
      doors: (portasPortal(v) || enviado.doors) as typeof enviado.doors,
    };
  },

  /**
   * Sync (channels.md §4): `PUT /deals/{id}` with the deal, `PUT /deals/{id}/price`, then the photos replaced in order.
   * Every step is idempotent; a deal the channel no longer has is an error, never a new deal.
   */
  async atualizar(ctx, sessao, v, idAnuncio, post) {
    const c = conectar(ctx, sessao);
    if (!c.ok) return c;
    const { api, dealer } = c.valor;
    const p = await comCodigosDoVeiculo(api, v, post);
    if (!p.ok) return limiteComoTransitorio('O iCarros', p);
    const caminho = `/deals/${encodeURIComponent(idAnuncio)}`;
    const deal = exigirEdicao(await api.enviar('PUT', caminho, { id: Number(idAnuncio), ...corpoDeal(dealer, v, p.valor) }), idAnuncio);
    if (!deal.ok) return deal;
    const preco = exigirEdicao(await api.enviar('PUT', `${caminho}/price`, { id: Number(idAnuncio), price: p.valor.price }), idAnuncio);
    if (!preco.ok) return preco;
    const fotos = await sincronizarFotos(api, idAnuncio, dealer, fotosDoVeiculo(v));
    if (!fotos.ok) return fotos;
    return ok(anuncio({ id: idAnuncio }, { id_anuncio: idAnuncio }));
  },

  async excluir(ctx, sessao, idAnuncio) {
    const c = conectar(ctx, sessao);
    if (!c.ok) return c;
    const r = await c.valor.api.enviar('DELETE', `/deals/${encodeURIComponent(idAnuncio)}`);
    // Spec 3 §4 / channels.md §13: a deal the channel no longer has (404) was already removed.
    return r.ok ? resultadoExclusao(r.valor) : r;
  },

  async consultar(ctx, sessao, ref) {
    const c = conectar(ctx, sessao);
    if (!c.ok) return c;
    const { api, dealer } = c.valor;
    if (ref.idAnuncio) {
      const r = await api.enviar('GET', `/deals/${encodeURIComponent(ref.idAnuncio)}`);
      if (!r.ok) return r;
      if (r.valor.status === 404) return ok(null);
      if (r.valor.status !== 200) return falha(tipoPorStatus(r.valor.status), mensagemDoCanal(r.valor));
      return ok(anuncio(r.valor.json() as Deal));
    }
    const lista = await api.get<Deal[]>(`/dealers/${dealer}/inventory`);
    if (!lista.ok) return lista;
    const achado = (Array.isArray(lista.valor) ? lista.valor : []).find((d) => d.externalId === ref.chave);
    return ok(achado ? anuncio(achado, { id_anuncio: String(achado.id) }) : null);
  },
};

/** Photos one by one in display order; a refused photo does not undo the advert (it exists at the channel). */
async function enviarFotos(api: ReturnType<typeof apiJson>, id: string, urls: string[]) {
  let enviadas = 0;
  for (const photo of urls) {
    const r = await api.enviar('POST', `/deals/${encodeURIComponent(id)}/images`, { photo });
    if (r.ok && r.valor.status < 300) enviadas++;
  }
  return { enviadas, recusadas: urls.length - enviadas };
}
