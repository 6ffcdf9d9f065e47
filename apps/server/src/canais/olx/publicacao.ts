import { createHash } from 'node:crypto';
import type { PostOlx, RascunhoOlx } from '@intermedio/contracts';
import { limiteDeRequisicoes } from '../http.ts';
import { casarNoCatalogo } from '../mapeamento.ts';
import type { AnuncioCanal, PublicacaoVeiculo, SessaoCanal } from '../publicacao.ts';
import { type ErroCanal, falha, ok, type Resultado } from '../tipos.ts';
import { type AnuncioOlx, buscarPublicado, catalogoCarros, importar, type RespostaImportacao, statusImportacao } from './autoupload.ts';
import { camposPadraoOlx, postPadraoOlx } from './padrao.ts';
import { montarRascunho, postInicial } from './rascunho.ts';

/**
 * Per-vehicle publishing to OLX (spec 3 §2.5, §3.5; channels.md §1). Cars only (category 2020). The import is
 * asynchronous: `enviar` answers the advert as `pendente` with the import token in `dados.token_importacao`; `consultar`
 * polls that import (or, without the token, finds our ad in the published list) until OLX accepts or refuses it.
 * The advert id is our own integrator id (what OLX's delete needs); OLX's `list_id` and url arrive with the acceptance.
 */
const CATEGORIA_CARROS = 2020;
const ID_OLX = /^[A-Za-z0-9_{}-]{1,19}$/;

/** Our ad id at OLX (`[A-Za-z0-9_{}-]{1,19}`), derived from the idempotency key: a retry sends the same id. */
export const idOlx = (chave: string) => (ID_OLX.test(chave) ? chave : createHash('sha256').update(chave).digest('base64url').slice(0, 19));

const PROBLEMAS: Record<string, string> = {
  UNDEFINED_AD_ID: 'anúncio não encontrado na Olx',
  NO_IMAGE: 'o veículo não tem fotos',
  NO_REGION: 'CEP não reconhecido',
  NOT_ENOUGH_AD_SLOTS: 'não há vagas de anúncio no plano',
  ERROR_PHONE_TOO_SHORT: 'telefone inválido',
  ERROR_FUEL_INVALID: 'combustível inválido',
  ERROR_REGDATE_INVALID: 'ano inválido',
  ERROR_BODY_HTML: 'a descrição não pode ter HTML',
  ERROR_BODY_INVALID: 'descrição inválida',
  ERROR_SUBJECT_INVALID: 'título inválido',
  ERROR_PRICE_INVALID: 'preço inválido',
  ERROR_VEHICLE_VERSION_INVALID: 'marca, modelo e versão não conferem com o catálogo da Olx',
  ERROR_VEHICLE_TAG_INVALID: 'placa inválida',
  ERROR_IMAGES_INVALID: 'fotos demais ou repetidas (máximo 20)',
  ERROR_PARAM_INVALID: 'campo vazio ou zerado',
  ERROR_MILEAGE_INVALID: 'quilometragem inválida',
};

const token = (s: SessaoCanal): Resultado<string> =>
  s.segredos.access_token ? ok(s.segredos.access_token) : falha('auth', 'a integração com a Olx não tem token; autorize de novo');

/** The import's synchronous answer as an error kind (import.md statusCode). */
function erroImportacao(r: RespostaImportacao): ErroCanal {
  const itens = (r.errors ?? []).flatMap((e) =>
    (e.messages ?? []).map((m) => `${PROBLEMAS[m.category ?? ''] ?? m.category ?? 'erro'}${m.field ? ` (${m.field})` : ''}`),
  );
  const detalhe = r.statusMessage;
  switch (r.statusCode) {
    case -2:
      return { tipo: 'rate_limit', mensagem: 'bloqueio temporário por excesso de requisições', detalhe };
    case -1:
    case -5:
      return { tipo: 'transient', mensagem: r.statusCode === -5 ? 'importação fora do ar' : 'erro inesperado', detalhe };
    case -6:
      return {
        tipo: 'quota',
        mensagem: 'sem permissão',
        detalhe,
        texto: 'A conta Olx não tem permissão para importar anúncios (é preciso o plano profissional "Empresa").',
      };
    case -7:
    case -8:
      return { tipo: 'quota', mensagem: 'não há vagas de anúncio no plano da conta Olx', detalhe };
    default:
      return { tipo: 'validation', mensagem: itens.length ? [...new Set(itens)].join('; ') : (detalhe ?? 'anúncio recusado'), detalhe };
  }
}

/** An update of an ad OLX does not have (never sent, or deleted): nothing is imported, which would create it. */
const naoExiste = (id: string): Resultado<never> => ({
  ok: false,
  erro: {
    tipo: 'rejected',
    mensagem: `anúncio ${id} não encontrado`,
    texto: `O anúncio ${id} não existe mais na Olx (foi removido no canal).`,
  },
});

const naoVazio = (v: unknown) => v !== '' && v !== '0' && v !== undefined && !(Array.isArray(v) && v.length === 0);

/** The ad as OLX's import takes it: optional params only when chosen (OLX refuses empty or 0 params). */
export function anuncioOlx(id: string, post: PostOlx, imagens: string[]): AnuncioOlx {
  const { subject, body, phone, zipcode, price, financial_status, financial, ...params } = post;
  const financeiro = [...new Set([...(financial_status === '2' ? ['1'] : []), ...financial])];
  const todos: Record<string, unknown> = { ...params, vehicle_tag: params.vehicle_tag.replace(/[^A-Z0-9]/g, ''), financial: financeiro };
  return {
    id,
    operation: 'insert',
    category: CATEGORIA_CARROS,
    subject,
    body,
    phone: Number(phone),
    type: 's',
    price,
    zipcode,
    params: Object.fromEntries(Object.entries(todos).filter(([campo, v]) => campo === 'mileage' || naoVazio(v))),
    images: [...new Set(imagens)].slice(0, 20),
  };
}

export const publicacaoOlx: PublicacaoVeiculo<RascunhoOlx, PostOlx> = {
  postPadrao: postPadraoOlx,
  camposPadrao: camposPadraoOlx,

  async rascunho(ctx, sessao, v) {
    if (v.tipo !== 'carro')
      return {
        ok: false,
        erro: { tipo: 'validation', mensagem: 'tipo de veículo', texto: 'Operação não permitida para esse tipo de veículo.' },
      };
    const t = token(sessao);
    if (!t.ok) return t;
    const marcas = await catalogoCarros(ctx, t.valor);
    if (!marcas.ok) return marcas;
    const c = await casarNoCatalogo(v, {
      marcas: marcas.valor,
      modelosDe: (marca) => catalogoCarros(ctx, t.valor, marca),
      versoesDe: (marca, modelo) => catalogoCarros(ctx, t.valor, marca, modelo),
    });
    if (!c.ok) return c;
    const { idMarca, modelos, idModelo, versoes, idVersao } = c.valor;
    return ok(
      montarRascunho(
        v,
        { marcas: marcas.valor, modelos, versoes },
        { marca: idMarca || undefined, modelo: idModelo || undefined, versao: idVersao || undefined },
      ),
    );
  },

  async modelos(ctx, sessao, _v, marca) {
    const t = token(sessao);
    return t.ok ? catalogoCarros(ctx, t.valor, marca) : t;
  },

  async versoes(ctx, sessao, _v, marca, modelo) {
    const t = token(sessao);
    return t.ok ? catalogoCarros(ctx, t.valor, marca, modelo) : t;
  },

  async enviar(ctx, sessao, v, post, ref) {
    const t = token(sessao);
    if (!t.ok) return t;
    const id = idOlx(ref.chave);
    // Price, model year and mileage are read-only on the screen: always the vehicle's own, whatever the post says.
    const { price, regdate, mileage } = postInicial(v, {});
    const r = await importar(ctx, t.valor, [
      anuncioOlx(
        id,
        { ...post, price, regdate, mileage },
        v.fotos.map((f) => f.urlOriginal),
      ),
    ]);
    if (!r.ok) return r;
    if (r.valor.statusCode !== 0 || !r.valor.token) return { ok: false, erro: erroImportacao(r.valor) };
    return ok({ idAnuncio: id, confirmacao: 'pendente', dados: { id_olx: id, token_importacao: r.valor.token } });
  },

  /**
   * Sync (issue 24 item 1): price, year, km, description (the vehicle's notes, when it has any), plate, gearbox,
   * fuel, doors, engine, body, colour, options, steering and "IPVA pago" from the vehicle where it maps; the title,
   * brand / model / version, phone, CEP, financial status and the dealer's other ticks as sent.
   */
  postAtualizado(v, enviado) {
    const d = postInicial(v, {});
    const ou = (doVeiculo: string, atual: string) => (doVeiculo && doVeiculo !== '0' ? doVeiculo : atual);
    return {
      ...enviado,
      body: v.observacao.trim() ? d.body : enviado.body,
      price: d.price,
      regdate: ou(d.regdate, enviado.regdate),
      mileage: d.mileage,
      gearbox: d.gearbox,
      fuel: ou(d.fuel, enviado.fuel),
      doors: ou(d.doors, enviado.doors),
      end_tag: ou(d.end_tag, enviado.end_tag),
      vehicle_tag: ou(d.vehicle_tag, enviado.vehicle_tag),
      car_steering: ou(d.car_steering, enviado.car_steering),
      motorpower: ou(d.motorpower, enviado.motorpower),
      cartype: ou(d.cartype, enviado.cartype),
      carcolor: ou(d.carcolor, enviado.carcolor),
      financial: [...enviado.financial.filter((f) => f !== '2'), ...d.financial],
      car_features: d.car_features,
    };
  },

  /**
   * OLX edits an ad by importing it again with `insert` on the same id (channels.md §1, import.md). That same call
   * would create the ad if OLX did not have it, so the ad is first looked up in the published list: unknown or
   * deleted → a `rejected` error and no import. The import is asynchronous: its acceptance (statusCode 0) answers
   * `confirmacao: 'pendente'` with the import token in `dados.token_importacao`, which `consultar` polls as for a
   * send (OLX's review of the edit: accepted, or refused with the reason). The same update twice leaves one ad.
   */
  async atualizar(ctx, sessao, v, idAnuncio, post) {
    const t = token(sessao);
    if (!t.ok) return t;
    const achado = await buscarPublicado(ctx, t.valor, idAnuncio);
    if (!achado.ok) return achado;
    if (!achado.valor || achado.valor.status === 'deleted') return naoExiste(idAnuncio);
    const { price, regdate, mileage } = postInicial(v, {});
    const ad = anuncioOlx(
      idAnuncio,
      { ...post, price, regdate, mileage },
      v.fotos.map((f) => f.urlOriginal),
    );
    const r = await importar(ctx, t.valor, [ad]);
    if (!r.ok) return r;
    if (r.valor.statusCode === -2) return { ok: false, erro: limiteDeRequisicoes('A Olx', 60, r.valor.statusMessage) };
    const categorias = (r.valor.errors ?? []).flatMap((e) => (e.messages ?? []).map((m) => m.category));
    if (r.valor.statusCode === -4 && categorias.includes('UNDEFINED_AD_ID')) return naoExiste(idAnuncio);
    if (r.valor.statusCode !== 0 || !r.valor.token) return { ok: false, erro: erroImportacao(r.valor) };
    return ok({
      idAnuncio,
      confirmacao: 'pendente',
      dados: { id_olx: idAnuncio, token_importacao: r.valor.token, list_id: achado.valor.list_id },
    });
  },

  async excluir(ctx, sessao, idAnuncio) {
    const t = token(sessao);
    if (!t.ok) return t;
    const r = await importar(ctx, t.valor, [{ id: idAnuncio, operation: 'delete' }]);
    if (!r.ok) return r;
    if (r.valor.statusCode === 0) return ok('removido');
    const categorias = (r.valor.errors ?? []).flatMap((e) => (e.messages ?? []).map((m) => m.category));
    if (r.valor.statusCode === -4 && categorias.length > 0 && categorias.every((c) => c === 'UNDEFINED_AD_ID')) return ok('jaRemovido');
    return { ok: false, erro: erroImportacao(r.valor) };
  },

  async consultar(ctx, sessao, ref) {
    const t = token(sessao);
    if (!t.ok) return t;
    const id = ref.idAnuncio ?? idOlx(ref.chave);
    const importacao = typeof ref.dados?.token_importacao === 'string' ? ref.dados.token_importacao : undefined;
    const pendente = (): Resultado<AnuncioCanal> =>
      ok({ idAnuncio: id, confirmacao: 'pendente', dados: { id_olx: id, ...(importacao ? { token_importacao: importacao } : {}) } });
    const aceito = (list_id: number | undefined, url: string | undefined): Resultado<AnuncioCanal> =>
      ok({ idAnuncio: id, urlAnuncio: url, confirmacao: 'imediata', dados: { id_olx: id, list_id, url_anuncio: url } });
    const recusado = (motivos: string[]): Resultado<never> => ({
      ok: false,
      erro: {
        tipo: 'rejected',
        mensagem: motivos.join('; ') || 'anúncio recusado',
        texto: `A Olx recusou o anúncio${motivos.length ? `: ${motivos.join('; ')}` : '.'}`,
      },
    });

    if (importacao) {
      const s = await statusImportacao(ctx, t.valor, importacao);
      if (!s.ok) return s;
      const ad = s.valor.ads?.[id];
      if (!ad) return ok(null);
      if (ad.status === 'accepted') return aceito(ad.list_id, ad.url);
      if (ad.status === 'refused' || ad.status === 'error') return recusado(ad.message ?? []);
      return pendente();
    }
    const p = await buscarPublicado(ctx, t.valor, id);
    if (!p.ok) return p;
    if (!p.valor || p.valor.status === 'deleted') return ok(null);
    if (p.valor.status === 'published') return aceito(p.valor.list_id, p.valor.url);
    if (p.valor.status === 'refused') return recusado([]);
    return pendente();
  },
};
