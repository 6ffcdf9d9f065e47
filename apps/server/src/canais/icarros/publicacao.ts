import type { PlanoIcarros, PostIcarros, RascunhoIcarros } from '@intermedio/contracts';
import { tipoPorStatus } from '../http.ts';
import {
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
import { type ContextoCanal, falha, ok } from '../tipos.ts';

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
  return ok({ api: apiJson(`${ctx.base}${CORE}`, s.valor.token, ctx.timeoutMs), dealer: s.valor.dealer });
}

const anoModelo = (v: VeiculoParaCanal) => (v.anoModelo ? `&modelYear=${v.anoModelo}` : '');

type Deal = { id: number | string; externalId?: string };
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
    const corpo = {
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
      externalId: ref.chave,
    };
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
