import {
  FLAGS_WEBMOTORS,
  LIMITE_OBSERVACAO_WEBMOTORS,
  lerTag,
  lerTags,
  type PostWebmotors,
  type RascunhoWebmotors,
} from '@intermedio/contracts';
import { casarNoCatalogo, casarOpcao, casarOpcional } from '../mapeamento.ts';
import type { OpcaoCanal, PublicacaoVeiculo, SessaoCanal, VeiculoParaCanal } from '../publicacao.ts';
import { type ContextoCanal, ok, type Resultado } from '../tipos.ts';
import { excluirAnuncio, gravarAnuncio, lerAnuncio, procurarAnuncio } from './anuncio.ts';
import * as catalogo from './catalogo.ts';
import { camposPadraoWebmotors, opcoesPadraoWebmotors, postPadraoWebmotors } from './padrao.ts';

/** Webmotors takes cars and motorcycles only (spec 3 §2.3). */
function tipoDe(v: VeiculoParaCanal): Resultado<catalogo.TipoWebmotors> {
  if (v.tipo === 'carro' || v.tipo === 'moto') return ok(v.tipo);
  const texto = 'Operação não permitida para esse tipo de veículo.';
  return { ok: false, erro: { tipo: 'validation', mensagem: texto, texto } };
}

const unica = (opcoes: OpcaoCanal[]) => (opcoes.length === 1 ? (opcoes[0]?.id ?? '') : '');

/**
 * The choices a draft starts from: for a change, the advert as Webmotors keeps it (what the user chose then);
 * otherwise the product's names matched to Webmotors' codes, and the product's flags.
 */
function escolhas(v: VeiculoParaCanal, salvo: string | null) {
  const salvoDe = (campo: string) => (salvo ? (lerTag(salvo, campo) ?? '') : null);
  const tipoAnuncio = salvoDe('TipoAnuncio') || (v.novo ? 'N' : 'U');
  const flagsProduto: Record<string, boolean> = { Blindado: v.blindado, IpvaPago: v.ipvaPago, GarantiaDeFabrica: v.garantiaFabrica };
  const flags = Object.fromEntries(
    FLAGS_WEBMOTORS.map((f) => [f.campo, salvoDe(f.campo) === 'S' || (!salvo && flagsProduto[f.campo]) ? 'S' : 'N']),
  ) as Record<(typeof FLAGS_WEBMOTORS)[number]['campo'], 'S' | 'N'>;
  return {
    tipoAnuncio: (tipoAnuncio === 'N' ? 'N' : 'U') as 'U' | 'N',
    marca: salvoDe('CodigoMarca'),
    modelo: salvoDe('CodigoModelo'),
    versao: salvoDe('CodigoVersao'),
    modalidade: salvoDe('CodigoModalidade'),
    opcionais: salvo ? lerTags(salvo, 'CodigoOpcional') : null,
    flags,
  };
}

async function rascunho(
  ctx: ContextoCanal,
  sessao: SessaoCanal,
  v: VeiculoParaCanal,
  idAnuncio?: string,
): Promise<Resultado<RascunhoWebmotors>> {
  const tipo = tipoDe(v);
  if (!tipo.ok) return tipo;
  // First call alone: an expired hash is renewed once, before the parallel ones.
  const marcas = await catalogo.marcas(ctx, sessao, tipo.valor);
  if (!marcas.ok) return marcas;
  const listas = await Promise.all([
    catalogo.cores(ctx, sessao),
    catalogo.combustiveis(ctx, sessao),
    catalogo.cambios(ctx, sessao),
    catalogo.opcionais(ctx, sessao),
    catalogo.modalidades(ctx, sessao),
  ]);
  const falhou = listas.find((l) => !l.ok);
  if (falhou && !falhou.ok) return falhou;
  const [cores, combustiveis, cambios, opcionais, modalidades] = listas.map((l) => (l.ok ? l.valor : [])) as [
    OpcaoCanal[],
    OpcaoCanal[],
    OpcaoCanal[],
    OpcaoCanal[],
    (OpcaoCanal & { tipoAnuncio: string })[],
  ];
  const salvo = idAnuncio ? await lerAnuncio(ctx, sessao, idAnuncio) : ok(null);
  if (!salvo.ok) return salvo;
  const e = escolhas(v, salvo.valor);

  // A single version is chosen (the select has no empty choice then); else the only one matching the product's.
  const casado = await casarNoCatalogo(
    v,
    {
      marcas: marcas.valor,
      modelosDe: (m) => catalogo.modelos(ctx, sessao, tipo.valor, m),
      versoesDe: (_, m) => catalogo.versoes(ctx, sessao, tipo.valor, m),
    },
    { versaoUnica: true, escolhidos: { marca: e.marca ?? undefined, modelo: e.modelo ?? undefined, versao: e.versao ?? undefined } },
  );
  if (!casado.ok) return casado;
  const { idMarca: marca, modelos, idModelo: modelo, versoes, idVersao: versao } = casado.valor;
  const modalidade = e.modalidade ?? unica(modalidades.filter((m) => m.tipoAnuncio === e.tipoAnuncio));
  const cambio = casarOpcao(cambios, v.cambio === 'A' ? 'Automático' : 'Manual')?.id ?? '';

  const veiculoPost: RascunhoWebmotors['veiculoPost'] = {
    CodigoModalidade: modalidade,
    CodigoMarca: marca,
    CodigoModelo: modelo,
    CodigoVersao: versao,
    AnoDoModelo: v.anoModelo,
    AnoFabricacao: v.anoFabricacao,
    Km: v.km,
    Placa: v.placa.toUpperCase(),
    PrecoReal: v.valor,
    Observacao: v.observacao.slice(0, LIMITE_OBSERVACAO_WEBMOTORS),
    CodigoCombustivel: casarOpcao(combustiveis, v.combustivel)?.id ?? '',
    CodigoCor: casarOpcao(cores, v.cor)?.id ?? '',
    NrPortas: v.tipo === 'moto' ? 0 : [0, 1, 2, 4].includes(v.portas ?? -1) ? v.portas : null,
    CodigoCambio: cambio,
    TipoAnuncio: e.tipoAnuncio,
    Opcional: e.opcionais ?? v.opcionais.map((o) => casarOpcional(opcionais, o)?.id).filter((id): id is string => Boolean(id)),
    ...e.flags,
  };
  return ok({
    tipo: tipo.valor,
    veiculoPost,
    imagens: v.fotos.map((f) => ({ fileUrl: f.url, fileThumb: f.miniatura, fileName: f.chave.split('/').pop() ?? f.chave })),
    retOpcionais: opcionais,
    retMarca: marcas.valor,
    retModelo: modelos,
    retVersao: versoes,
    retTipoCombustivel: combustiveis,
    retCores: cores,
    retTipoTransmissao: cambios,
    retModalidade: modalidades,
  });
}

/**
 * Sync (issue 24 item 1): the stored post brought up to the vehicle's data that needs no catalogue list (price, km,
 * years, plate, doors, notes, the vehicle's own flags); the channel's choices (modality, ad type, brand / model /
 * version codes, the other flags) kept. The photos always go from the vehicle, in order (`gravarAnuncio`).
 */
function postAtualizado(v: VeiculoParaCanal, enviado: PostWebmotors): PostWebmotors {
  return {
    ...enviado,
    PrecoReal: v.valor,
    Km: v.km,
    AnoDoModelo: v.anoModelo ?? enviado.AnoDoModelo,
    AnoFabricacao: v.anoFabricacao ?? enviado.AnoFabricacao,
    Placa: v.placa.toUpperCase(),
    NrPortas: v.tipo === 'moto' ? 0 : [0, 1, 2, 4].includes(v.portas ?? -1) ? (v.portas as number) : enviado.NrPortas,
    Observacao: v.observacao.slice(0, LIMITE_OBSERVACAO_WEBMOTORS),
    Blindado: v.blindado ? 'S' : 'N',
    IpvaPago: v.ipvaPago ? 'S' : 'N',
    GarantiaDeFabrica: v.garantiaFabrica ? 'S' : 'N',
  };
}

/**
 * Sync: colour, fuel, gearbox and optionals follow the vehicle through the cached lists (the stored code where nothing
 * matches), then AlterarCarro / AlterarMoto on the same advert (a full replacement, photos included).
 */
async function atualizar(ctx: ContextoCanal, sessao: SessaoCanal, v: VeiculoParaCanal, idAnuncio: string, post: PostWebmotors) {
  const tipo = tipoDe(v);
  if (!tipo.ok) return tipo;
  const listas = await Promise.all([
    catalogo.cores(ctx, sessao),
    catalogo.combustiveis(ctx, sessao),
    catalogo.cambios(ctx, sessao),
    catalogo.opcionais(ctx, sessao),
  ]);
  const falhou = listas.find((l) => !l.ok);
  if (falhou && !falhou.ok) return falhou;
  const [cores, combustiveis, cambios, opcionais] = listas.map((l) => (l.ok ? l.valor : [])) as OpcaoCanal[][];
  const completo: PostWebmotors = {
    ...post,
    CodigoCor: casarOpcao(cores ?? [], v.cor)?.id ?? post.CodigoCor,
    CodigoCombustivel: casarOpcao(combustiveis ?? [], v.combustivel)?.id ?? post.CodigoCombustivel,
    CodigoCambio: casarOpcao(cambios ?? [], v.cambio === 'A' ? 'Automático' : 'Manual')?.id ?? post.CodigoCambio,
    Opcional: v.opcionais.map((o) => casarOpcional(opcionais ?? [], o)?.id).filter((id): id is string => Boolean(id)),
  };
  return gravarAnuncio(ctx, sessao, v, completo, { idAnuncio, referencia: '' });
}

/** Webmotors per-vehicle publishing (spec 3 §2.5, §3.4, §8.3): SOAP stock service, codes of its own catalogue. */
export const publicacaoWebmotors: PublicacaoVeiculo<RascunhoWebmotors, PostWebmotors> = {
  rascunho,
  async modelos(ctx, sessao, v, marca) {
    const tipo = tipoDe(v);
    return tipo.ok ? catalogo.modelos(ctx, sessao, tipo.valor, marca) : tipo;
  },
  async versoes(ctx, sessao, v, _marca, modelo) {
    const tipo = tipoDe(v);
    return tipo.ok ? catalogo.versoes(ctx, sessao, tipo.valor, modelo) : tipo;
  },
  async enviar(ctx, sessao, v, post, ref) {
    const tipo = tipoDe(v);
    return tipo.ok ? gravarAnuncio(ctx, sessao, v, post, { referencia: ref.chave }) : tipo;
  },
  async alterar(ctx, sessao, v, idAnuncio, post) {
    const tipo = tipoDe(v);
    return tipo.ok ? gravarAnuncio(ctx, sessao, v, post, { idAnuncio, referencia: '' }) : tipo;
  },
  postAtualizado,
  atualizar,
  // Bulk publish (issue 24 item 3): the Incluir screen's post from the draft and the reseller's defaults.
  postPadrao: postPadraoWebmotors,
  camposPadrao: camposPadraoWebmotors,
  opcoesPadrao: opcoesPadraoWebmotors,
  excluir: excluirAnuncio,
  consultar: procurarAnuncio,
};
