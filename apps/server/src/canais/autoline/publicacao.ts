import {
  type CampoPadrao,
  FLAGS_AUTOLINE,
  type FlagAutoline,
  lerTags,
  NOMES_FLAGS_AUTOLINE,
  type PadroesPublicacao,
  type RascunhoAutoline,
  type VeiculoPostAutoline,
  veiculoPostAutoline,
} from '@intermedio/contracts';
import { anuncioInexistente } from '../edicao.ts';
import { lerTag } from '../http.ts';
import { casarNoCatalogo, casarOpcao, casarOpcional } from '../mapeamento.ts';
import { escolhaOuPadrao, postOuRevisao, textoPadrao } from '../padroes.ts';
import type { AnuncioCanal, OpcaoCanal, PublicacaoVeiculo, SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import { type ContextoCanal, type ErroCanal, falha, ok, type Resultado } from '../tipos.ts';
import { listasAutoline, marcasAutoline, modelosAutoline, versoesAutoline } from './catalogo.ts';
import { consultarPlanos, listaAutoline, loginDaSessao, operarAutoline } from './client.ts';
import { comRotulosAutoline } from './erros.ts';

/** Autoline publishes cars only (segment "Car", `IncluirAnuncioCarro`); the screen has no dispatcher. */
const naoPermitido = (): Resultado<never> => ({
  ok: false,
  erro: {
    tipo: 'validation',
    mensagem: 'tipo de veículo não aceito',
    texto: 'Operação não permitida para esse tipo de veículo.',
  } satisfies ErroCanal,
});
const ehCarro = (v: VeiculoParaCanal) => v.tipo === 'carro';
const idDe = (opcoes: OpcaoCanal[], nome: string) => (nome ? (casarOpcao(opcoes, nome)?.id ?? '') : '');
const bit = (b: boolean) => (b ? 1 : 0) as 0 | 1;
/** "4 portas" for 4 doors. */
const portasDe = (opcoes: OpcaoCanal[], portas: number | null) => opcoes.find((o) => Number.parseInt(o.nome, 10) === portas)?.id ?? '';

async function rascunho(ctx: ContextoCanal, sessao: SessaoCanal, v: VeiculoParaCanal): Promise<Resultado<RascunhoAutoline>> {
  if (!ehCarro(v)) return naoPermitido();
  const [marcas, listas] = await Promise.all([marcasAutoline(ctx, sessao), listasAutoline(ctx, sessao)]);
  if (!marcas.ok) return marcas;
  if (!listas.ok) return listas;
  const casado = await casarNoCatalogo(
    v,
    {
      marcas: marcas.valor,
      modelosDe: (m) => modelosAutoline(ctx, sessao, m),
      versoesDe: (_, m) => versoesAutoline(ctx, sessao, m, v.anoModelo),
    },
    { versaoUnica: true },
  );
  if (!casado.ok) return casado;
  const c = casado.valor;
  const l = listas.valor;
  const flags = Object.fromEntries(NOMES_FLAGS_AUTOLINE.map((f) => [f, 0 as 0 | 1])) as Record<FlagAutoline, 0 | 1>;
  Object.assign(flags, { IsArmored: bit(v.blindado), IsTaxPaid: bit(v.ipvaPago), IsManufacturerWarrantyActive: bit(v.garantiaFabrica) });
  return ok({
    veiculoPost: {
      CodigoMarca: c.idMarca,
      CodigoModelo: c.idModelo,
      CodigoVersao: c.idVersao,
      CodigoCombustivel: idDe(l.combustiveis, v.combustivel),
      CodigoCor: idDe(l.cores, v.cor),
      CodigoPortas: portasDe(l.portas, v.portas),
      CodigoCategoria: idDe(l.categorias, v.carroceria),
      CodigoCambio: idDe(l.cambios, v.cambio === 'A' ? 'Automático' : 'Manual'),
      Preco: v.valor,
      AnoModelo: v.anoModelo,
      AnoFabricacao: v.anoFabricacao,
      Km: v.km,
      ZeroKm: v.km <= 0,
      Placa: v.placa.toUpperCase(),
      Observacao: v.observacao,
      Opcionais: v.opcionais.map((o) => casarOpcional(l.opcionais, o)?.id).filter((id): id is string => Boolean(id)),
      flags,
    },
    retMarca: marcas.valor,
    retModelo: c.modelos,
    retVersao: c.versoes,
    retTipoCombustivel: l.combustiveis,
    retCores: l.cores,
    retPortas: l.portas,
    retCategoria: l.categorias,
    retCambio: l.cambios,
    retOpcionais: l.opcionais,
  });
}

/**
 * The `model` of IncluirAnuncioCarro (spec 3 §3.6): the screen's choices checked again; price, years, mileage and
 * IsZeroKm (mileage ≤ 0) from the vehicle; our send reference in `OperatorCode` so a retry or a reconciliation finds it.
 */
export function modeloAutoline(v: VeiculoParaCanal, post: unknown, extra: { userId: string; plano: string; referencia: string }) {
  const lido = veiculoPostAutoline.safeParse(post);
  if (!lido.success)
    return falha(
      'validation',
      `campos inválidos: ${[...new Set(lido.error.issues.map((i) => comRotulosAutoline(String(i.path[0]))))].join(', ')}`,
    );
  const p = lido.data;
  const anoModelo = v.anoModelo ?? v.anoFabricacao ?? 0;
  return ok({
    UserId: extra.userId,
    AdId: 0,
    AdPlanSubscriptionId: extra.plano,
    IsFeatured: 0,
    CityId: 0,
    ZipCode: v.revenda.cep.replace(/\D/g, ''),
    IsZeroKm: bit(v.km <= 0),
    MakeId: p.MakeId,
    ModelId: p.ModelId,
    ModelVersionId: p.ModelVersionId,
    ModelYear: anoModelo,
    BuiltYear: v.anoFabricacao ?? anoModelo,
    RegistrationPlate: p.RegistrationPlate,
    Price: v.valor.toFixed(2),
    Odometer: Math.max(0, Math.round(v.km)),
    FuelTypeId: p.FuelTypeId,
    TransmissionId: p.TransmissionId,
    DoorNumberId: p.DoorNumberId,
    ColorId: p.ColorId,
    BodyTypeId: p.BodyTypeId,
    Features: p.Features,
    AdditionalInformation: p.AdditionalInformation,
    ...Object.fromEntries(NOMES_FLAGS_AUTOLINE.map((f) => [f, p[f]])),
    ClientOriginId: 0,
    OperatorCode: extra.referencia,
  });
}

const anuncioDe = (xml: string): AnuncioCanal => {
  const url = lerTag(xml, 'UrlAnuncio') ?? '';
  const id = lerTag(xml, 'AdId') ?? '';
  return { idAnuncio: id, ...(url ? { urlAnuncio: url } : {}), dados: { url_anuncio: url }, confirmacao: 'imediata' };
};
const ANUNCIO_AUSENTE = ['ANUNCIO_INEXISTENTE', 'ANUNCIO_CANCELADO'];

/**
 * Sync: the post's Autoline ids of what the vehicle determines (colour, fuel, gearbox, doors, body, features) matched
 * again from its names as the draft does; a name that matches nothing keeps the id sent before.
 */
async function comIdsDoVeiculo(ctx: ContextoCanal, sessao: SessaoCanal, v: VeiculoParaCanal, p: VeiculoPostAutoline) {
  const listas = await listasAutoline(ctx, sessao);
  if (!listas.ok) return listas;
  const l = listas.valor;
  return ok({
    ...p,
    ColorId: idDe(l.cores, v.cor) || p.ColorId,
    FuelTypeId: idDe(l.combustiveis, v.combustivel) || p.FuelTypeId,
    TransmissionId: idDe(l.cambios, v.cambio === 'A' ? 'Automático' : 'Manual') || p.TransmissionId,
    DoorNumberId: portasDe(l.portas, v.portas) || p.DoorNumberId,
    BodyTypeId: idDe(l.categorias, v.carroceria) || p.BodyTypeId,
    Features: v.opcionais.map((o) => casarOpcional(l.opcionais, o)?.id).filter((id): id is string => Boolean(id)),
  });
}

/** The flags the vehicle records (from its data); the others are the screen's choices, defaulted in bulk. */
const FLAGS_DO_VEICULO: readonly FlagAutoline[] = ['IsArmored', 'IsTaxPaid', 'IsManufacturerWarrantyActive'];
const FLAGS_ESCOLHIDAS = NOMES_FLAGS_AUTOLINE.filter((f) => !FLAGS_DO_VEICULO.includes(f));
const NAO_SIM = [
  { id: '0', nome: 'Não' },
  { id: '1', nome: 'Sim' },
];

/** The Incluir screen's labels of the post's fields, in its order (bulk publish review). */
const ROTULOS_AUTOLINE: Record<string, string> = {
  MakeId: 'Marca',
  ModelId: 'Modelo',
  ModelVersionId: 'Versão',
  FuelTypeId: 'Combustível',
  ColorId: 'Cor',
  DoorNumberId: 'Portas',
  BodyTypeId: 'Carroceria',
  TransmissionId: 'Câmbio',
  RegistrationPlate: 'Placa',
  AdditionalInformation: 'Informações adicionais',
  Features: 'Opcionais',
  ...FLAGS_AUTOLINE,
};

/** Bulk publish: the additional information template, the choices a vehicle's names may not map, the other flags. */
export const CAMPOS_PADRAO_AUTOLINE: readonly CampoPadrao[] = [
  { campo: 'descricao', rotulo: 'Informações adicionais' },
  { campo: 'escolhas.FuelTypeId', rotulo: 'Combustível' },
  { campo: 'escolhas.ColorId', rotulo: 'Cor' },
  { campo: 'escolhas.DoorNumberId', rotulo: 'Portas' },
  { campo: 'escolhas.BodyTypeId', rotulo: 'Carroceria' },
  { campo: 'escolhas.TransmissionId', rotulo: 'Câmbio' },
  ...FLAGS_ESCOLHIDAS.map((f) => ({ campo: `escolhas.${f}`, rotulo: FLAGS_AUTOLINE[f], opcoes: NAO_SIM })),
];

/**
 * Bulk publish: the draft as the Incluir screen fills it (`PaginaIncluirAutoline`); empty fuel, colour, doors, body or
 * gearbox take the reseller's default when it is one of Autoline's options; the flags the vehicle does not record
 * take the reseller's Sim/Não. Brand, model and version are never defaulted.
 */
function postPadrao(d: RascunhoAutoline, v: VeiculoParaCanal, padroes: PadroesPublicacao) {
  const p = d.veiculoPost;
  const e = padroes.escolhas ?? {};
  const flags = Object.fromEntries(
    NOMES_FLAGS_AUTOLINE.map((f) => [f, FLAGS_ESCOLHIDAS.includes(f) && (e[f] === '0' || e[f] === '1') ? Number(e[f]) : (p.flags[f] ?? 0)]),
  );
  const post = {
    MakeId: p.CodigoMarca,
    ModelId: p.CodigoModelo,
    ModelVersionId: p.CodigoVersao,
    FuelTypeId: escolhaOuPadrao(p.CodigoCombustivel, d.retTipoCombustivel, e.FuelTypeId),
    ColorId: escolhaOuPadrao(p.CodigoCor, d.retCores, e.ColorId),
    DoorNumberId: escolhaOuPadrao(p.CodigoPortas, d.retPortas, e.DoorNumberId),
    BodyTypeId: escolhaOuPadrao(p.CodigoCategoria, d.retCategoria, e.BodyTypeId),
    TransmissionId: escolhaOuPadrao(p.CodigoCambio, d.retCambio, e.TransmissionId),
    RegistrationPlate: p.Placa,
    AdditionalInformation: textoPadrao(padroes.descricao, v, p.Observacao),
    Features: p.Opcionais,
    ...flags,
  };
  return postOuRevisao(veiculoPostAutoline, post, ROTULOS_AUTOLINE);
}

/** Autoline over SOAP `integradoras.asmx` (channels.md §6). */
export const publicacaoAutoline: PublicacaoVeiculo<RascunhoAutoline, unknown> = {
  rascunho,
  postPadrao,
  camposPadrao: CAMPOS_PADRAO_AUTOLINE,
  async modelos(ctx, sessao, v, marca) {
    return ehCarro(v) ? modelosAutoline(ctx, sessao, marca) : naoPermitido();
  },
  async versoes(ctx, sessao, v, _marca, modelo) {
    return ehCarro(v) ? versoesAutoline(ctx, sessao, modelo, v.anoModelo) : naoPermitido();
  },
  async enviar(ctx, sessao, v, post, ref) {
    if (!ehCarro(v)) return naoPermitido();
    const planos = await consultarPlanos(ctx, loginDaSessao(sessao));
    if (!planos.ok) return planos;
    const plano = planos.valor.planos[0];
    if (!plano) return falha('quota', 'nenhum plano de anúncios adquirido na Autoline');
    const model = modeloAutoline(v, post, { userId: planos.valor.userId, plano, referencia: ref.chave });
    if (!model.ok) return model;
    const r = await operarAutoline(ctx, loginDaSessao(sessao), 'IncluirAnuncioCarro', { model: model.valor });
    return r.ok ? ok(anuncioDe(r.valor)) : r;
  },
  /**
   * Sync: what the vehicle determines from `v` (price, years, mileage and IsZeroKm are always the vehicle's, see
   * `modeloAutoline`); brand / model / version ids and the flags the vehicle does not record are kept.
   */
  postAtualizado(v, enviado) {
    const lido = veiculoPostAutoline.safeParse(enviado);
    if (!lido.success) return enviado; // `atualizar` answers the validation error, as `enviar` does
    return {
      ...lido.data,
      RegistrationPlate: v.placa.toUpperCase().replace('-', ''),
      AdditionalInformation: v.observacao,
      IsArmored: bit(v.blindado),
      IsTaxPaid: bit(v.ipvaPago),
      IsManufacturerWarrantyActive: bit(v.garantiaFabrica),
    };
  },

  /**
   * Sync (channels.md §6): `AlterarAnuncioCarro(idAnuncio, model)` with the insert's model on the same `AdId`, kept
   * published and enabled (`AdPublishStatusId` 1, `EnableField` 1: our reading), without a reference (the advert keeps
   * its own). Autoline takes no photos through this service (none are sent on insert either). An advert Autoline no
   * longer has (or cancelled) is an error, never a new advert.
   */
  async atualizar(ctx, sessao, v, idAnuncio, post) {
    if (!ehCarro(v)) return naoPermitido();
    const lido = veiculoPostAutoline.safeParse(post);
    const p = lido.success ? await comIdsDoVeiculo(ctx, sessao, v, lido.data) : ok(post);
    if (!p.ok) return p;
    const planos = await consultarPlanos(ctx, loginDaSessao(sessao));
    if (!planos.ok) return planos;
    const plano = planos.valor.planos[0];
    if (!plano) return falha('quota', 'nenhum plano de anúncios adquirido na Autoline');
    const model = modeloAutoline(v, p.valor, { userId: planos.valor.userId, plano, referencia: '' });
    if (!model.ok) return model;
    const { OperatorCode: _referencia, ...campos } = model.valor;
    const alterado = { ...campos, AdId: idAnuncio, AdPublishStatusId: 1, EnableField: 1 };
    const r = await operarAutoline(ctx, loginDaSessao(sessao), 'AlterarAnuncioCarro', { idAnuncio, model: alterado });
    if (r.ok) return ok({ ...anuncioDe(r.valor), idAnuncio });
    return ANUNCIO_AUSENTE.includes(r.erro.detalhe ?? '') ? anuncioInexistente('Autoline', idAnuncio) : r;
  },

  async excluir(ctx, sessao, idAnuncio) {
    // Autoline asks why: "Outros" (the panel does not know whether the vehicle was sold).
    const motivos = await listaAutoline(ctx, loginDaSessao(sessao), 'ConsultarMotivosCancelamentoAnuncio');
    if (!motivos.ok) return motivos;
    const motivo = casarOpcao(motivos.valor, 'Outros') ?? motivos.valor[0];
    if (!motivo) return falha('rejected', 'a Autoline não informou motivos de cancelamento');
    const r = await operarAutoline(ctx, loginDaSessao(sessao), 'CancelarAnuncio', { idAnuncio, idMotivo: motivo.id });
    if (r.ok) return ok('removido');
    return ANUNCIO_AUSENTE.includes(r.erro.detalhe ?? '') ? ok('jaRemovido') : r;
  },
  async consultar(ctx, sessao, ref) {
    if (ref.idAnuncio) {
      const r = await operarAutoline(ctx, loginDaSessao(sessao), 'ConsultarAnuncio', { AdId: ref.idAnuncio });
      if (!r.ok) return ANUNCIO_AUSENTE.includes(r.erro.detalhe ?? '') ? ok(null) : r;
      return ok(lerTag(r.valor, 'Status') === 'Ativo' ? anuncioDe(r.valor) : null);
    }
    const r = await operarAutoline(ctx, loginDaSessao(sessao), 'ConsultarAnuncios');
    if (!r.ok) return r;
    const achado = lerTags(r.valor, 'Anuncio').find((a) => lerTag(a, 'OperatorCode') === ref.chave && lerTag(a, 'Status') === 'Ativo');
    return ok(achado ? anuncioDe(achado) : null);
  },
};
