import type { PostMobiauto, RascunhoMobiauto } from '@intermedio/contracts';
import {
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

/**
 * Mobiauto Open API 1.0 (channels.md §5, spec 3 §3.1, §3.10, §7): cars only. A send creates the inventory deal
 * (ShortDealDto plus our reference in `externalId`, our reading), adds the photos and publishes it on the chosen plan;
 * the whole returned deal is kept, its id being id_anuncio_mobiauto. Excluir deletes the deal (it leaves the portal).
 */
const API = '/api';
const VEICULO = '/vehicle/v1.0';

function conectar(ctx: ContextoCanal, sessao: SessaoCanal) {
  const s = sessaoKeycloak(sessao);
  if (!s.ok) return s;
  const dealer = encodeURIComponent(s.valor.dealer);
  return ok({ api: apiJson(`${ctx.base}${API}`, s.valor.token, ctx.timeoutMs), inventario: `/dealer/${dealer}/inventory/v1.0`, dealer });
}

type Deal = Record<string, unknown> & { id: number | string; externalId?: string; externalUrl?: string; published?: boolean };
const anuncio = (d: Deal): AnuncioCanal => ({
  idAnuncio: String(d.id),
  ...(typeof d.externalUrl === 'string' ? { urlAnuncio: d.externalUrl } : {}),
  dados: { ...d, id_anuncio_mobiauto: String(d.id) },
  confirmacao: 'imediata',
});

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
    const { api, inventario, dealer } = c.valor;
    const zeroKm = post.deal0km === '1';
    const corpo = {
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
      externalId: ref.chave,
    };
    const criado = await api.enviar('POST', inventario, corpo);
    if (!criado.ok) return criado;
    if (criado.valor.status !== 200 && criado.valor.status !== 201) return erroDaResposta(criado.valor);
    const id = String((criado.valor.json() as { id?: unknown } | null)?.id ?? '');
    if (!id) return falha('transient', 'a Mobiauto não devolveu o código do anúncio');
    const fotos = fotosDoVeiculo(v).map((url, i) => ({ url, position: i + 1 }));
    if (fotos.length) await api.enviar('POST', `${inventario}/${id}/image`, fotos);
    const publicado = await api.enviar(
      'PUT',
      `/publish/v1.0/dealer/${dealer}/deal/${id}/publish?planId=${encodeURIComponent(post.planId)}`,
    );
    if (!publicado.ok) return publicado;
    if (publicado.valor.status !== 200) {
      // The deal exists but is not on the portal: removed so a new send starts clean (its reference would find it).
      await api.enviar('DELETE', `${inventario}/${id}`);
      const mensagem = mensagemDoCanal(publicado.valor);
      return publicado.valor.status === 422 ? falha('quota', mensagem) : erroDaResposta(publicado.valor);
    }
    return ok(anuncio(publicado.valor.json() as Deal));
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
    const { api, inventario } = c.valor;
    if (ref.idAnuncio) {
      const r = await api.enviar('GET', `${inventario}/${encodeURIComponent(ref.idAnuncio)}`);
      if (!r.ok) return r;
      if (r.valor.status === 404) return ok(null);
      if (r.valor.status !== 200) return erroDaResposta(r.valor);
      return ok(anuncio(r.valor.json() as Deal));
    }
    const lista = await api.get<Deal[]>(inventario);
    if (!lista.ok) return lista;
    const achado = (Array.isArray(lista.valor) ? lista.valor : []).find((d) => d.externalId === ref.chave);
    if (!achado) return ok(null);
    if (achado.published !== false) return ok(anuncio(achado));
    // Created but not yet on the portal (the send stopped before publishing): publish it on the plan chosen then.
    if (!ref.post?.planId) return ok(null);
    const publicado = await api.enviar(
      'PUT',
      `/publish/v1.0/dealer/${c.valor.dealer}/deal/${achado.id}/publish?planId=${encodeURIComponent(ref.post.planId)}`,
    );
    if (!publicado.ok) return publicado;
    return publicado.valor.status === 200 ? ok(anuncio(publicado.valor.json() as Deal)) : erroDaResposta(publicado.valor);
  },
};
