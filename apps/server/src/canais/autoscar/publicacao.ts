import {
  PORTAS_AUTOSCAR,
  type RascunhoAutoscar,
  STATUS_AUTOSCAR,
  type VeiculoPostCarroAutoscar,
  type VeiculoPostMotoAutoscar,
  veiculoPostAutoscarPorTipo,
} from '@intermedio/contracts';
import { casarNoCatalogo, casarOpcao, casarOpcional } from '../mapeamento.ts';
import type { AnuncioCanal, OpcaoCanal, PublicacaoVeiculo, VeiculoParaCanal } from '../publicacao.ts';
import { type ErroCanal, falha, ok, type Resultado } from '../tipos.ts';
import {
  type AnuncioAutoscar,
  alterarAnuncio,
  buscarAnuncio,
  buscarPorReferencia,
  excluirAnuncio,
  incluirAnuncio,
  paraAnuncioCanal,
} from './anuncios.ts';
import { listasAutoscar, marcasAutoscar, modelosAutoscar, type TipoAutoscar, tipoAutoscar, versoesAutoscar } from './catalogo.ts';
import { camposPadraoAutoscar, opcoesPadraoAutoscar, postPadraoAutoscar } from './padrao.ts';

const NAO_PERMITIDO = 'Operação não permitida para esse tipo de veículo.';
const naoPermitido = (): Resultado<never> => ({
  ok: false,
  erro: { tipo: 'validation', mensagem: 'tipo de veículo não aceito', texto: NAO_PERMITIDO } satisfies ErroCanal,
});

/** Engine displacement for a motorcycle: the first 2–4 digit number of model and version ("CG 160 Fan" → "160"). */
export const cilindrada = (v: VeiculoParaCanal) => /\b(\d{2,4})\b/.exec(`${v.modelo} ${v.versao}`)?.[1] ?? '';

const idDe = (opcoes: OpcaoCanal[], nome: string) => (nome ? (casarOpcao(opcoes, nome)?.id ?? '') : '');
const textoDe = (v: unknown) => (typeof v === 'string' ? v : '');

async function rascunho(
  ctx: Parameters<PublicacaoVeiculo['rascunho']>[0],
  sessao: Parameters<PublicacaoVeiculo['rascunho']>[1],
  v: VeiculoParaCanal,
  idAnuncio?: string,
): Promise<Resultado<RascunhoAutoscar>> {
  const tipo = tipoAutoscar(v.tipo);
  if (!tipo) return naoPermitido();
  let anuncio: AnuncioAutoscar | null = null;
  if (idAnuncio) {
    const a = await buscarAnuncio(ctx, sessao, idAnuncio);
    if (!a.ok) return a;
    if (!a.valor) return falha('validation', `anúncio ${idAnuncio} não encontrado na Autoscar`);
    anuncio = a.valor;
  }
  const [marcas, listas] = await Promise.all([marcasAutoscar(ctx, tipo), listasAutoscar(ctx, tipo)]);
  if (!marcas.ok) return marcas;
  if (!listas.ok) return listas;
  // Brand, model and version: the advert's (Alterar) or the product's names matched to Autoscar's catalogue; spec 3
  // §2.5: exactly one version (or one matching the product's) is preselected, otherwise the user chooses.
  const casado = await casarNoCatalogo(
    v,
    { marcas: marcas.valor, modelosDe: (m) => modelosAutoscar(ctx, m), versoesDe: (_, m) => versoesAutoscar(ctx, m) },
    {
      versaoUnica: true,
      escolhidos: anuncio
        ? { marca: anuncio.modelo?.marcaId ?? '', modelo: anuncio.modelo?.modeloId ?? '', versao: anuncio.modelo?.versaoId ?? '' }
        : undefined,
    },
  );
  if (!casado.ok) return casado;
  const { modelos, versoes } = casado.valor;
  const marca = marcas.valor.find((m) => m.id === casado.valor.idMarca);
  const modelo = modelos.find((m) => m.id === casado.valor.idModelo);
  const versao = versoes.find((x) => x.id === casado.valor.idVersao);

  // Product data mapped to Autoscar's codes; where nothing matches, what the advert had (Alterar) or empty.
  const l = listas.valor;
  const antes = (campo: string) => textoDe(anuncio?.[campo]);
  const opcionaisAntes = new Set(Array.isArray(anuncio?.optionals) ? anuncio.optionals.map(String) : []);
  const opcionaisProduto = new Set(v.opcionais.map((o) => casarOpcional(l.opcionais, o)?.nome).filter(Boolean));
  const marchasAntes = typeof anuncio?.marches === 'number' ? anuncio.marches : null;
  return ok({
    tipo,
    veiculoData: {
      veiculo_marca: marca?.id ?? '',
      veiculo_modelo: modelo?.id ?? '',
      veiculo_versao: versao?.nome ?? '',
      veiculo_id_versao: versao?.id ?? '',
      veiculo_ano_fabricacao: v.anoFabricacao,
      veiculo_ano_modelo: v.anoModelo,
    },
    veiculoPost: {
      plate: v.placa.toUpperCase(),
      mileage: v.km,
      price: v.valor,
      // What the user typed for the advert (Alterar) wins over the reseller's city and the vehicle's notes.
      city: (antes('city') || v.revenda.cidade).toUpperCase(),
      state: antes('state') || v.revenda.uf,
      description: anuncio ? antes('description') : v.observacao,
      fuelType: idDe(l.combustiveis, v.combustivel) || antes('fuelType'),
      color: idDe(l.cores, v.cor) || antes('color'),
      bodyStyle: idDe(l.tiposVeiculo, v.carroceria) || antes('bodyStyle'),
      transmission: idDe(l.transmissoes, v.cambio === 'A' ? 'Automático' : 'Manual') || antes('transmission'),
      modelId: versao?.id ?? '',
      photos: v.fotos.map((f) => f.url),
      ...(tipo === 'carro'
        ? { ports: (PORTAS_AUTOSCAR as readonly number[]).includes(v.portas ?? -1) ? v.portas : null }
        : {
            matchType: antes('matchType'),
            coolingType: antes('coolingType'),
            marches: marchasAntes,
            motor: (antes('motor') || cilindrada(v)).toUpperCase(),
          }),
    },
    retOpcionais: l.opcionais.map((o) => ({ descricao: o.nome, checked: opcionaisProduto.has(o.nome) || opcionaisAntes.has(o.nome) })),
    retMarca: marcas.valor,
    retModelo: modelos,
    retVersaoFilter: versoes,
    retTipoCombustivel: l.combustiveis,
    retCores: l.cores,
    retTipoVeiculo: l.tiposVeiculo,
    retTipoTransmissao: l.transmissoes,
    ...(tipo === 'moto' ? { retTipoPartida: l.partidas, retTipoRefrigeracao: l.refrigeracoes } : {}),
  });
}

/**
 * The body Autoscar receives (spec 3 §3.3): the screen's choices, checked again against the schema of the stored
 * vehicle type; mileage and price always the vehicle's own (read-only on the screen); photos only the vehicle's.
 */
export function corpoAutoscar(v: VeiculoParaCanal, post: unknown): Resultado<Record<string, unknown>> {
  const tipo: TipoAutoscar | null = tipoAutoscar(v.tipo);
  if (!tipo) return naoPermitido();
  const lido = veiculoPostAutoscarPorTipo[tipo].safeParse(post);
  if (!lido.success) {
    const campos = [...new Set(lido.error.issues.map((i) => String(i.path[0] ?? '')))].join(', ');
    return falha('validation', `campos inválidos: ${campos}`);
  }
  const p = lido.data as VeiculoPostCarroAutoscar & Partial<VeiculoPostMotoAutoscar>;
  const proprias = v.fotos.map((f) => f.url);
  const fotos = p.photos ? p.photos.filter((u) => proprias.includes(u)) : proprias;
  const comum = {
    plate: p.plate.replace('-', ''),
    mileage: v.km,
    price: v.valor,
    city: p.city,
    state: p.state,
    photos: fotos,
    modelId: p.modelId,
    optionals: p.optionals,
    description: p.description,
    fuelType: p.fuelType,
    status: STATUS_AUTOSCAR,
    color: p.color,
    bodyStyle: p.bodyStyle,
    transmission: p.transmission,
  };
  return ok(
    tipo === 'carro'
      ? { ...comum, ports: p.ports }
      : { ...comum, matchType: p.matchType, coolingType: p.coolingType, marches: p.marches, motor: p.motor },
  );
}

/**
 * Sync (issue 24 item 1): the stored post brought up to the vehicle's data that needs no catalogue list (numbers,
 * plate, description, photos in order, doors); the channel's choices (version, city, plan of a motorcycle…) kept.
 */
function postAtualizado(v: VeiculoParaCanal, enviado: unknown): unknown {
  const p = (enviado ?? {}) as Record<string, unknown>;
  const carro = tipoAutoscar(v.tipo) === 'carro';
  return {
    ...p,
    plate: v.placa.toUpperCase(),
    mileage: v.km,
    price: v.valor,
    description: v.observacao.slice(0, 3000),
    photos: v.fotos.map((f) => f.url),
    ...(carro && (PORTAS_AUTOSCAR as readonly number[]).includes(v.portas ?? -1) ? { ports: v.portas } : {}),
  };
}

/**
 * Sync: what maps to Autoscar's lists (colour, fuel, body, gearbox, optionals) follows the vehicle through the cached
 * lists, keeping the stored code where nothing matches; then the change call on the same advert (a full
 * replacement: repeated, it leaves the advert as once).
 */
async function atualizar(
  ctx: Parameters<PublicacaoVeiculo['rascunho']>[0],
  sessao: Parameters<PublicacaoVeiculo['rascunho']>[1],
  v: VeiculoParaCanal,
  idAnuncio: string,
  post: unknown,
): Promise<Resultado<AnuncioCanal>> {
  const tipo = tipoAutoscar(v.tipo);
  if (!tipo) return naoPermitido();
  const listas = await listasAutoscar(ctx, tipo);
  if (!listas.ok) return listas;
  const l = listas.valor;
  const p = (post ?? {}) as Record<string, unknown>;
  const completo = {
    ...p,
    color: idDe(l.cores, v.cor) || p.color,
    fuelType: idDe(l.combustiveis, v.combustivel) || p.fuelType,
    bodyStyle: idDe(l.tiposVeiculo, v.carroceria) || p.bodyStyle,
    transmission: idDe(l.transmissoes, v.cambio === 'A' ? 'Automático' : 'Manual') || p.transmission,
    optionals: v.opcionais.map((o) => casarOpcional(l.opcionais, o)?.nome).filter((n): n is string => Boolean(n)),
  };
  const corpo = corpoAutoscar(v, completo);
  if (!corpo.ok) return corpo;
  const r = await alterarAnuncio(ctx, sessao, idAnuncio, corpo.valor);
  return r.ok ? ok(paraAnuncioCanal(r.valor)) : r;
}

/** Autoscar on the designed REST contract (docs/autoscar.md). */
export const publicacaoAutoscar: PublicacaoVeiculo<RascunhoAutoscar, unknown> = {
  rascunho,
  async modelos(ctx, _sessao, v, marca) {
    return tipoAutoscar(v.tipo) ? modelosAutoscar(ctx, marca) : naoPermitido();
  },
  async versoes(ctx, _sessao, v, _marca, modelo) {
    return tipoAutoscar(v.tipo) ? versoesAutoscar(ctx, modelo) : naoPermitido();
  },
  async enviar(ctx, sessao, v, post, ref) {
    const corpo = corpoAutoscar(v, post);
    if (!corpo.ok) return corpo;
    const r = await incluirAnuncio(ctx, sessao, corpo.valor, ref.chave);
    return r.ok ? ok(paraAnuncioCanal(r.valor)) : r;
  },
  async alterar(ctx, sessao, v, idAnuncio, post) {
    const corpo = corpoAutoscar(v, post);
    if (!corpo.ok) return corpo;
    const r = await alterarAnuncio(ctx, sessao, idAnuncio, corpo.valor);
    return r.ok ? ok(paraAnuncioCanal(r.valor)) : r;
  },
  postAtualizado,
  atualizar,
  // Bulk publish (issue 24 item 3): the Incluir screen's post from the draft and the reseller's defaults.
  postPadrao: postPadraoAutoscar,
  camposPadrao: camposPadraoAutoscar,
  opcoesPadrao: (ctx) => opcoesPadraoAutoscar(ctx),
  excluir: excluirAnuncio,
  async consultar(ctx, sessao, ref) {
    const r = ref.idAnuncio ? await buscarAnuncio(ctx, sessao, ref.idAnuncio) : await buscarPorReferencia(ctx, sessao, ref.chave);
    if (!r.ok) return r;
    return ok(r.valor ? paraAnuncioCanal(r.valor) : null);
  },
};
