import { type CampoPadrao, PORTAS_PORTAIS, type PostMobiauto, postMobiauto, type RascunhoMobiauto } from '@intermedio/contracts';
import { anuncioInexistente, codigosDoVeiculo, erroDaEdicao, limiteComoTransitorio, planoDeFotos } from '../edicao.ts';
import type { RespostaCanal } from '../http.ts';
import { escolhaOuPadrao, opcaoValida, postOuRevisao, textoPadrao } from '../padroes.ts';
import {
  type Api,
  apiJson,
  catalogoCasado,
  erroDaResposta,
  fotosDoVeiculo,
  imagensDoVeiculo,
  mensagemDoCanal,
  opcionaisMarcados,
  opcoes,
  opcoesDe,
  portasPortal,
  resultadoExclusao,
  sessaoKeycloak,
  todos,
} from '../portais.ts';
import type { AnuncioCanal, PublicacaoVeiculo, SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';
import { CATALOGO_MOBIAUTO } from './client.ts';

/**
 * Mobiauto Open API 1.0 (channels.md §5, spec 3 §3.1, §3.10, §7): cars only. A send creates the inventory deal
 * (ShortDealDto plus our reference in `externalId`, our reading), adds the photos and asks to publish it on the chosen
 * plan; the whole returned deal is kept, its id being id_anuncio_mobiauto. Publishing confirms asynchronously
 * (channels.md §13): the send stays pending and the reconciliation polls the publish check until the deal is
 * published or blocked by moderation (the blocked deal is then removed from the inventory by the framework, so the
 * dealer fixes the post and sends again). Excluir deletes the deal (it leaves the portal).
 */
const API = '/api';
const VEICULO = '/vehicle/v1.0';

function conectar(ctx: ContextoCanal, sessao: SessaoCanal) {
  const s = sessaoKeycloak(sessao);
  if (!s.ok) return s;
  const dealer = encodeURIComponent(s.valor.dealer);
  return ok({
    api: apiJson(`${ctx.base}${API}`, s.valor.token, ctx.timeoutMs, CATALOGO_MOBIAUTO),
    inventario: `/dealer/${dealer}/inventory/v1.0`,
    dealer,
  });
}

type Deal = Record<string, unknown> & {
  id: number | string;
  externalId?: string;
  externalUrl?: string;
  published?: boolean;
  blocked?: boolean;
  blockedReason?: string | null;
};
/** The deal as an advert: confirmed once the publish check found it published, pending while in review. */
const anuncio = (d: Deal, confirmacao: AnuncioCanal['confirmacao'] = 'imediata'): AnuncioCanal => ({
  idAnuncio: String(d.id),
  ...(typeof d.externalUrl === 'string' ? { urlAnuncio: d.externalUrl } : {}),
  dados: { ...d, id_anuncio_mobiauto: String(d.id) },
  confirmacao,
});
type Conexao = { api: Api; inventario: string; dealer: string };
const caminhoPublicacao = (c: Conexao, id: string | number) => `/publish/v1.0/dealer/${c.dealer}/deal/${encodeURIComponent(String(id))}`;

/** Asks to publish the deal on the plan (an idempotent PUT): accepted (202, in review) or already published (200). */
async function pedirPublicacao(c: Conexao, id: string | number, planId: string): Promise<Resultado<AnuncioCanal>> {
  const r = await c.api.enviar('PUT', `${caminhoPublicacao(c, id)}/publish?planId=${encodeURIComponent(planId)}`);
  if (!r.ok) return r;
  if (r.valor.status !== 200 && r.valor.status !== 202)
    return r.valor.status === 422 ? falha('quota', mensagemDoCanal(r.valor)) : erroDaResposta(r.valor);
  const d = r.valor.json() as Deal;
  return ok(anuncio(d, d.published === true ? 'imediata' : 'pendente'));
}

/**
 * Where a deal stands: the publish check answers it when published (404 otherwise); the inventory deal tells a deal
 * still in review (pending) from one blocked by moderation (refused, with the channel's reason) or gone (null).
 */
async function situacao(c: Conexao, id: string): Promise<Resultado<AnuncioCanal | null>> {
  const publicado = await c.api.enviar('GET', caminhoPublicacao(c, id));
  if (!publicado.ok) return publicado;
  if (publicado.valor.status === 200) return ok(anuncio(publicado.valor.json() as Deal));
  if (publicado.valor.status !== 404) return erroDaResposta(publicado.valor);
  const r = await c.api.enviar('GET', `${c.inventario}/${encodeURIComponent(id)}`);
  if (!r.ok) return r;
  if (r.valor.status === 404) return ok(null);
  if (r.valor.status !== 200) return erroDaResposta(r.valor);
  const d = r.valor.json() as Deal;
  // Blocked by moderation: the deal stays in the dealer's inventory, so the framework removes it (a new send starts clean).
  if (d.blocked) {
    const motivo = String(d.blockedReason || 'sem motivo informado').replace(/[.\s]+$/, '');
    return {
      ok: false,
      erro: {
        tipo: 'rejected',
        mensagem: motivo,
        texto: `A Mobiauto bloqueou o anúncio na revisão: ${motivo}. Corrija o que foi apontado e envie o veículo de novo.`,
        recusadoNoCanal: id,
      },
    };
  }
  return ok(anuncio(d, 'pendente'));
}

const modelos: NonNullable<PublicacaoVeiculo['modelos']> = async (ctx, sessao, _v, marca) => {
  const c = conectar(ctx, sessao);
  if (!c.ok) return c;
  return opcoesDe(c.valor.api, `${VEICULO}/models/CAR/${encodeURIComponent(marca)}`);
};

const versoes: NonNullable<PublicacaoVeiculo['versoes']> = async (ctx, sessao, _v, _marca, modelo) => {
  const c = conectar(ctx, sessao);
  if (!c.ok) return c;
  return opcoesDe(c.valor.api, `${VEICULO}/trims/CAR/${encodeURIComponent(modelo)}`);
};

/** Mobiauto's "observações" the vehicle has: IPVA paid and the factory warranty (the only ones the product records). */
const observacoesDoVeiculo = (v: VeiculoParaCanal) =>
  [v.ipvaPago ? 'IPVA pago' : '', v.garantiaFabrica ? 'Garantia de fábrica' : ''].filter(Boolean);

/** Spec 3 §2.3: Mobiauto is cars only; the sentence is the dispatcher's. */
const soCarros = (): Resultado<never> => ({
  ok: false,
  erro: {
    tipo: 'validation',
    mensagem: 'Operação não permitida para esse tipo de veículo',
    texto: 'Operação não permitida para esse tipo de veículo.',
  },
});

type Plano = { dealPlanId: number | string; name?: string; vehicleType?: string };

/** The ShortDealDto of a create (plus our reference) or an edit (plus its id). */
function corpoDeal(v: VeiculoParaCanal, post: PostMobiauto) {
  const zeroKm = post.deal0km === '1';
  return {
    vehicleType: 'CAR',
    stockKind: zeroKm ? 'NEW' : 'USED',
    deal0km: zeroKm,
    trimId: Number(post.trimId),
    colorId: Number(post.colorId),
    fuelId: Number(post.fuelId),
    transmissionId: Number(post.transmissionId),
    km: post.km,
    modelYear: v.anoModelo,
    productionYear: v.anoFabricacao,
    plate: post.plate,
    doors: Number(post.doors),
    price: post.price,
    description: post.description,
    armored: post.armored === '1',
    featureIds: post.featureIds.map(Number),
    conditionalsIds: post.conditionalsIds.map(Number),
    // Not on the screen (spec 3 §2.5): the factory warranty and "not a resale of another dealer".
    oemPaid: v.garantiaFabrica,
    resale: false,
  };
}

/**
 * Sync: the post's codes of colour, fuel, gearbox and options matched again from the vehicle's names; of the
 * observations, IPVA paid and the factory warranty follow the vehicle, the others chosen on the screen stay.
 */
async function comCodigosDoVeiculo(api: Api, v: VeiculoParaCanal, post: PostMobiauto) {
  const listas = todos(
    await Promise.all(['/colors', '/fuels', '/transmissions', '/features', '/conditionals'].map((c) => opcoesDe(api, `${VEICULO}${c}`))),
  );
  if (!listas.ok) return listas;
  const [cores = [], combustiveis = [], cambios = [], opcionais = [], condicionais = []] = listas.valor;
  const c = codigosDoVeiculo(
    v,
    { cores, combustiveis, cambios, opcionais },
    { cor: post.colorId, combustivel: post.fuelId, cambio: post.transmissionId },
  );
  const doVeiculo = opcionaisMarcados(
    condicionais.filter((o) => ['IPVA pago', 'Garantia de fábrica'].includes(o.nome)),
    { ...v, opcionais: observacoesDoVeiculo(v) },
  );
  const conditionalsIds = [
    ...post.conditionalsIds.filter((id) => !doVeiculo.some((o) => o.id === id)),
    ...doVeiculo.filter((o) => o.checked).map((o) => o.id),
  ];
  return ok({ ...post, colorId: c.cor, fuelId: c.combustivel, transmissionId: c.cambio, featureIds: c.opcionais, conditionalsIds });
}

/** A call of an edit that must succeed: 404 is the deal gone, 429 a retry later, otherwise the channel's words. */
function exigirEdicao(r: Resultado<RespostaCanal>, id: string): Resultado<RespostaCanal> {
  if (!r.ok) return r;
  if (r.valor.status === 404) return anuncioInexistente('Mobiauto', id);
  if (r.valor.status >= 300) return erroDaEdicao('A Mobiauto', r.valor);
  return r;
}

/**
 * The deal's photos become the vehicle's (channels.md §5: `[{url, position}]`, 1 = cover): a photo already at its
 * position stays, the others are deleted and the missing ones added at their positions. Read from the deal on every
 * attempt, so a repeated update adds nothing twice.
 */
async function sincronizarFotos(c: Conexao, id: string, desejadas: string[]): Promise<Resultado<true>> {
  const caminho = `${c.inventario}/${encodeURIComponent(id)}/image`;
  const lido = exigirEdicao(await c.api.enviar('GET', caminho), id);
  if (!lido.ok) return lido;
  const chave = (url: string, posicao: number) => `${posicao}|${url}`;
  const imagens = lido.valor.status === 204 ? [] : ((lido.valor.json() ?? []) as { id: number; url: string; position: number }[]);
  const plano = planoDeFotos(
    imagens.map((i) => ({ id: String(i.id), url: chave(i.url, i.position) })),
    desejadas.map((url, i) => chave(url, i + 1)),
  );
  for (const foto of plano.remover) {
    const r = await c.api.enviar('DELETE', `${caminho}/${encodeURIComponent(foto.id)}`);
    // Already gone (a repeated update): nothing to do.
    if (!r.ok) return r;
    if (r.valor.status >= 300 && r.valor.status !== 404) return erroDaEdicao('A Mobiauto', r.valor);
  }
  if (!plano.novas.length) return ok(true);
  const novas = plano.novas.map((k) => ({ url: k.slice(k.indexOf('|') + 1), position: Number(k.slice(0, k.indexOf('|'))) }));
  const r = exigirEdicao(await c.api.enviar('POST', caminho, novas), id);
  return r.ok ? ok(true) : r;
}

/** The Incluir screen's labels of the post's fields, in its order (bulk publish review). */
const ROTULOS_MOBIAUTO: Record<keyof PostMobiauto, string> = {
  makeId: 'Marca',
  modelId: 'Modelo',
  trimId: 'Versão',
  plate: 'Placa',
  deal0km: 'Tipo de veículo',
  km: 'Km',
  planId: 'Plano',
  armored: 'Blindado',
  price: 'Preço',
  description: 'Descrição',
  fuelId: 'Combustível',
  colorId: 'Cor',
  doors: 'Portas',
  transmissionId: 'Câmbio',
  featureIds: 'Opcionais',
  conditionalsIds: 'Observações',
};
const OPCOES_PORTAS = PORTAS_PORTAIS.map((p) => ({ id: p, nome: p }));

/** Bulk publish: the plan (its id) and the choices a vehicle's names may not map. */
export const CAMPOS_PADRAO_MOBIAUTO: readonly CampoPadrao[] = [
  { campo: 'plano', rotulo: 'Plano', obrigatorio: true },
  { campo: 'descricao', rotulo: 'Descrição' },
  { campo: 'escolhas.fuelId', rotulo: 'Combustível' },
  { campo: 'escolhas.colorId', rotulo: 'Cor' },
  { campo: 'escolhas.doors', rotulo: 'Portas', opcoes: OPCOES_PORTAS },
  { campo: 'escolhas.transmissionId', rotulo: 'Câmbio' },
];

export const publicacaoMobiauto: PublicacaoVeiculo<RascunhoMobiauto, PostMobiauto> = {
  modelos,
  versoes,
  async rascunho(ctx, sessao, v) {
    if (v.tipo !== 'carro') return soCarros();
    const c = conectar(ctx, sessao);
    if (!c.ok) return c;
    const { api, dealer } = c.valor;
    const listas = todos(
      await Promise.all([
        api.get(`${VEICULO}/makes/CAR`),
        api.get(`${VEICULO}/fuels`),
        api.get(`${VEICULO}/colors`),
        api.get(`${VEICULO}/transmissions`),
        api.get(`${VEICULO}/features`),
        api.get(`${VEICULO}/conditionals`),
        api.get<Plano[]>(`/dealer/${dealer}/plans`),
      ] as const),
    );
    if (!listas.ok) return listas;
    const [makes, fuels, colors, transmissions, features, conditionals, plans] = listas.valor;
    const catalogo = await catalogoCasado(
      v,
      { marcas: makes, combustiveis: fuels, cores: colors, cambios: transmissions, opcionais: features },
      (marca) => modelos(ctx, sessao, v, marca),
      (marca, modelo) => versoes(ctx, sessao, v, marca, modelo),
    );
    if (!catalogo.ok) return catalogo;
    const planos = (Array.isArray(plans) ? plans : [])
      .filter((p) => !p.vehicleType || p.vehicleType === 'CAR')
      .map((p) => ({ dealPlanId: String(p.dealPlanId), name: String(p.name ?? p.dealPlanId) }));
    const listaObs = opcoes(conditionals);
    const obs = opcionaisMarcados(listaObs, { ...v, opcionais: observacoesDoVeiculo(v) });
    return ok({
      veiculoData: {
        makeId: catalogo.valor.idMarca,
        modelId: catalogo.valor.idModelo,
        trimId: catalogo.valor.idVersao,
        productionYear: v.anoFabricacao,
        modelYear: v.anoModelo,
        plate: v.placa.toUpperCase(),
        deal0km: v.novo ? '1' : '0',
        km: v.km,
        planId: planos.length === 1 ? (planos[0]?.dealPlanId ?? '') : '',
        armored: v.blindado ? '1' : '0',
        price: v.valor,
        description: v.observacao,
        fuelId: catalogo.valor.idCombustivel,
        colorId: catalogo.valor.idCor,
        doors: portasPortal(v),
        transmissionId: catalogo.valor.idCambio,
        featureIds: catalogo.valor.idsOpcionais,
        conditionalsIds: obs.filter((o) => o.checked).map((o) => o.id),
        images: fotosDoVeiculo(v).map((url) => ({ url })),
      },
      retMarca: catalogo.valor.marcas,
      imagens: imagensDoVeiculo(v),
      retModelo: catalogo.valor.modelos,
      retVersaoFilter: catalogo.valor.versoes,
      retTipoCombustivel: catalogo.valor.combustiveis,
      retCores: catalogo.valor.cores,
      retTipoTransmissao: catalogo.valor.cambios,
      retPlanos: planos.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' })),
      retOpcionais: catalogo.valor.opcionais,
      retObservacoes: obs,
    });
  },

  async enviar(ctx, sessao, v, post, ref) {
    if (v.tipo !== 'carro') return soCarros();
    const c = conectar(ctx, sessao);
    if (!c.ok) return c;
    const { api, inventario } = c.valor;
    const corpo = { ...corpoDeal(v, post), externalId: ref.chave };
    const criado = await api.enviar('POST', inventario, corpo);
    if (!criado.ok) return criado;
    if (criado.valor.status !== 200 && criado.valor.status !== 201) return erroDaResposta(criado.valor);
    const id = String((criado.valor.json() as { id?: unknown } | null)?.id ?? '');
    if (!id) return falha('transient', 'a Mobiauto não devolveu o código do anúncio');
    const fotos = fotosDoVeiculo(v).map((url, i) => ({ url, position: i + 1 }));
    if (fotos.length) await api.enviar('POST', `${inventario}/${id}/image`, fotos);
    const publicado = await pedirPublicacao(c.valor, id, post.planId);
    // Refused (no slot on the plan, invalid plan): the deal is removed so a new send starts clean (its reference
    // would find it). No answer: kept, the reconciliation finds it by reference.
    if (!publicado.ok && publicado.erro.tipo !== 'transient') await api.enviar('DELETE', `${inventario}/${id}`);
    return publicado;
  },

  camposPadrao: CAMPOS_PADRAO_MOBIAUTO,

  /**
   * Bulk publish: the draft as the Incluir screen fills it; the reseller's plan when it is one of the dealer's car
   * plans, else the draft's (the only plan); empty fuel, colour, doors or gearbox take the reseller's default when it
   * is one of Mobiauto's options. Brand, model and version are never defaulted.
   */
  postPadrao(d, v, padroes) {
    const p = d.veiculoData;
    const planos = d.retPlanos.map((x) => ({ id: x.dealPlanId, nome: x.name }));
    const e = padroes.escolhas ?? {};
    const post = {
      makeId: p.makeId,
      modelId: p.modelId,
      trimId: p.trimId,
      plate: p.plate,
      deal0km: p.deal0km,
      km: p.km,
      planId: opcaoValida(planos, padroes.plano) || opcaoValida(planos, p.planId),
      armored: p.armored,
      price: p.price,
      description: textoPadrao(padroes.descricao, v, p.description),
      fuelId: escolhaOuPadrao(p.fuelId, d.retTipoCombustivel, e.fuelId),
      colorId: escolhaOuPadrao(p.colorId, d.retCores, e.colorId),
      doors: escolhaOuPadrao(p.doors, OPCOES_PORTAS, e.doors),
      transmissionId: escolhaOuPadrao(p.transmissionId, d.retTipoTransmissao, e.transmissionId),
      featureIds: p.featureIds,
      conditionalsIds: p.conditionalsIds,
    };
    return postOuRevisao(postMobiauto, post, ROTULOS_MOBIAUTO);
  },

  /** Sync: what the vehicle determines from `v`; plan, vehicle type and catalogue codes of brand / model / version kept. */
  postAtualizado(v, enviado) {
    return {
      ...enviado,
      plate: v.placa.toUpperCase(),
      km: v.km,
      price: v.valor,
      description: v.observacao,
      armored: v.blindado ? '1' : '0',
      doors: (portasPortal(v) || enviado.doors) as typeof enviado.doors,
    };
  },

  /**
   * Sync (channels.md §5): `PUT …/inventory/v1.0/{dealId}` with the ShortDealDto and its id, then the photos. The
   * deal keeps its plan and publishing; a deal the channel no longer has is an error, never a new deal.
   */
  async atualizar(ctx, sessao, v, idAnuncio, post) {
    if (v.tipo !== 'carro') return soCarros();
    const c = conectar(ctx, sessao);
    if (!c.ok) return c;
    const p = await comCodigosDoVeiculo(c.valor.api, v, post);
    if (!p.ok) return limiteComoTransitorio('A Mobiauto', p);
    const caminho = `${c.valor.inventario}/${encodeURIComponent(idAnuncio)}`;
    const r = exigirEdicao(await c.valor.api.enviar('PUT', caminho, { id: Number(idAnuncio), ...corpoDeal(v, p.valor) }), idAnuncio);
    if (!r.ok) return r;
    const fotos = await sincronizarFotos(c.valor, idAnuncio, fotosDoVeiculo(v));
    if (!fotos.ok) return fotos;
    const d = (r.valor.json() ?? { id: idAnuncio }) as Deal;
    return ok(anuncio({ ...d, id: idAnuncio }));
  },

  async excluir(ctx, sessao, idAnuncio) {
    const c = conectar(ctx, sessao);
    if (!c.ok) return c;
    const r = await c.valor.api.enviar('DELETE', `${c.valor.inventario}/${encodeURIComponent(idAnuncio)}`);
    return r.ok ? resultadoExclusao(r.valor) : r;
  },

  async consultar(ctx, sessao, ref) {
    const c = conectar(ctx, sessao);
    if (!c.ok) return c;
    if (ref.idAnuncio) return situacao(c.valor, ref.idAnuncio);
    const lista = await c.valor.api.get<Deal[]>(c.valor.inventario);
    if (!lista.ok) return lista;
    const achado = (Array.isArray(lista.valor) ? lista.valor : []).find((d) => d.externalId === ref.chave);
    if (!achado) return ok(null);
    const r = await situacao(c.valor, String(achado.id));
    if (!r.ok || r.valor?.confirmacao !== 'pendente' || !ref.post?.planId) return r;
    // Not published yet: the send may have stopped before asking (photos, publish call), so ask on the plan chosen
    // then; a request already in review is the same request again.
    return pedirPublicacao(c.valor, achado.id, ref.post.planId);
  },
};
