import { z } from 'zod';
import { midiaPublicacao } from './banners.ts';
import { envelopeSucesso, FILAS_MODERACAO, type FilaModeracao, idParam, idsEntrada, MAXIMO_LINHAS_AO_VIVO } from './comum.ts';
import { CANAIS, type CanalId } from './constantes.ts';

/**
 * Admin moderation dashboards (spec 2 §2, §3, §4, §8): the five queues, what each entry shows and how it is
 * validated (deleted from its queue, singly or in bulk).
 */

export const FILAS_VEICULO = ['incluidos', 'alterados', 'removidos'] as const;
export type FilaVeiculoModeracao = (typeof FILAS_VEICULO)[number];
export const FILAS_PUBLICACAO = ['banners', 'vendidos'] as const;
export type FilaPublicacaoModeracao = (typeof FILAS_PUBLICACAO)[number];
export const ehFilaVeiculo = (f: FilaModeracao): f is FilaVeiculoModeracao => (FILAS_VEICULO as readonly string[]).includes(f);

export const filaVeiculoParam = z.enum(FILAS_VEICULO);
export const filaPublicacaoParam = z.enum(FILAS_PUBLICACAO);

/** S.I. of one channel: the reseller's configuration (no key = no configuration). */
const integracaoRevendaModeracao = z.object({ status: z.boolean() });
/** S.A. of one channel: the vehicle's advert record (no key = no record). */
const integracaoVeiculoModeracao = z.object({ status: z.boolean(), id_anuncio: z.string().nullable() });

/** One field-level change of a vehicle (veiculo_alteracoes): who, when, each field old → new. */
export const alteracaoModeracao = z.object({
  vedataalteracao: z.string(),
  veusuarioalterou: z.string(),
  campos: z.record(z.string(), z.object({ antiga: z.string(), nova: z.string() })),
});
export type AlteracaoModeracao = z.infer<typeof alteracaoModeracao>;

/** An entry of incluidos, alterados or removidos (spec 2 §3), with the vehicle and channel states read live. */
export const moderacaoVeiculoLinha = z.object({
  id: z.string(),
  fila: z.enum(FILAS_VEICULO),
  idRevenda: z.string(),
  idVeiculo: z.string(),
  revenda: z.string(),
  logo_revenda: z.string().nullable(),
  created_at: z.string().describe('Entrada na fila (a ordem da lista)'),
  updated_at: z.string().describe('Última mudança da entrada (Data alterado)'),
  vedataincluido: z.string().describe('Inclusão do veículo (Data incluído)'),
  vedataremovido: z.string().nullable(),
  veiculo: z.object({
    miniatura: z.string().nullable(),
    vetipoveiculo: z.string(),
    vefipe_marca: z.string(),
    vefipe_name: z.string(),
    veano_fabricacao: z.number(),
    vefipe_ano_modelo: z.number(),
  }),
  integracao_revenda: z.partialRecord(z.enum(CANAIS), integracaoRevendaModeracao),
  integracao_veiculo: z.partialRecord(z.enum(CANAIS), integracaoVeiculoModeracao),
  /** alterados only: the changes since the entry was queued, oldest first (empty elsewhere). */
  alteracoes: z.array(alteracaoModeracao),
});
export type ModeracaoVeiculoLinha = z.infer<typeof moderacaoVeiculoLinha>;

/** An entry of banners or vendidos: the item's first file, text and its three social targets. */
export const moderacaoPublicacaoLinha = z.object({
  id: z.string(),
  fila: z.enum(FILAS_PUBLICACAO),
  idRevenda: z.string(),
  idItem: z.string(),
  revenda: z.string(),
  logo_revenda: z.string().nullable(),
  created_at: z.string(),
  imagem: midiaPublicacao.nullable(),
  texto: z.string(),
  ig_stories: z.boolean(),
  ig_feed: z.boolean(),
  fb_feed: z.boolean(),
  valida_stories: z.boolean(),
  valida_feed: z.boolean(),
  fb_valida_feed: z.boolean(),
});
export type ModeracaoPublicacaoLinha = z.infer<typeof moderacaoPublicacaoLinha>;

export const moderacaoVeiculoListaResposta = envelopeSucesso(z.array(moderacaoVeiculoLinha));
export const moderacaoVeiculoLinhaResposta = envelopeSucesso(moderacaoVeiculoLinha);
export const moderacaoPublicacaoListaResposta = envelopeSucesso(z.array(moderacaoPublicacaoLinha));
export const moderacaoPublicacaoLinhaResposta = envelopeSucesso(moderacaoPublicacaoLinha);

/** Bulk validation: the checked entries (a whole queue of 5,000 fits one request). */
export const MAXIMO_VALIDACAO_LOTE = 10_000;
export const validarLoteEntrada = idsEntrada(MAXIMO_VALIDACAO_LOTE, {
  falta: 'Informe as entradas a validar',
  vazio: 'Marque ao menos uma entrada',
  demais: `No máximo ${MAXIMO_VALIDACAO_LOTE} entradas por vez`,
});
export type ValidarLoteEntrada = z.infer<typeof validarLoteEntrada>;

/**
 * Several entries of one queue in one request (the live list's patch after a burst of events): a reseller's
 * change touches every entry of that reseller, so one burst may touch hundreds of rows.
 */
export const linhasModeracaoEntrada = idsEntrada(MAXIMO_LINHAS_AO_VIVO, {
  falta: 'Informe as entradas',
  vazio: 'Informe ao menos uma entrada',
  demais: `No máximo ${MAXIMO_LINHAS_AO_VIVO} entradas por vez`,
});
export const validacaoResposta = envelopeSucesso(z.object({ validados: z.number().int() }));

export const filaParam = z.object({ fila: z.enum(FILAS_MODERACAO) });
export const entradaParam = z.object({ fila: z.enum(FILAS_MODERACAO), idEntrada: idParam });

/** Texts of the spec (§2 and §8), with accents. */
export const MENSAGENS_MODERACAO = {
  naoEncontrada: 'Entrada não encontrada: já foi validada ou o item não existe mais.',
  validadoUm: {
    incluidos: 'Veículo validado com sucesso!',
    alterados: 'Veículo validado com sucesso!',
    removidos: 'Veículo validado com sucesso!',
    banners: 'Banner validado com sucesso!',
    vendidos: 'Vendido validado com sucesso!',
  },
  validadosLote: {
    incluidos: 'Veículos validados com sucesso!',
    alterados: 'Veículos validados com sucesso!',
    removidos: 'Veículos validados com sucesso!',
    banners: 'Banners validados com sucesso!',
    vendidos: 'Vendidos validados com sucesso!',
  },
  erroUm: {
    incluidos: 'Erro ao validar veículo incluído!',
    alterados: 'Erro ao validar alteração de veículo!',
    removidos: 'Erro ao validar remoção de veículo!',
    banners: 'Erro ao validar banner!',
    vendidos: 'Erro ao validar vendido!',
  },
  erroLote: {
    incluidos: 'Erro ao validar veículo incluído!',
    alterados: 'Erro ao validar veículo alterado!',
    removidos: 'Erro ao validar veículo removido!',
    banners: 'Erro ao validar banner!',
    vendidos: 'Erro ao validar vendido!',
  },
  confirmarLote: {
    incluidos: 'Deseja validar inclusão dos veículos marcados?',
    alterados: 'Deseja validar alteração dos veículos marcados?',
    removidos: 'Deseja validar remoção dos veículos marcados?',
    banners: 'Deseja validar os banners marcados?',
    vendidos: 'Deseja validar os vendidos marcados?',
  },
} satisfies Record<string, string | Record<FilaModeracao, string>>;

/** Channels whose dashboard block offers only Excluir (spec 2 §2). */
export const CANAIS_SO_EXCLUIR: readonly CanalId[] = ['facebook', 'instagram'];

/** What a channel block offers (spec 2 §2): nothing without configuration; Incluir, or Alterar / Excluir. */
export function acoesCanalModeracao(
  canal: CanalId,
  linha: Pick<ModeracaoVeiculoLinha, 'integracao_revenda' | 'integracao_veiculo'>,
): ('incluir' | 'alterar' | 'excluir')[] {
  if (!linha.integracao_revenda[canal]) return [];
  const anuncio = linha.integracao_veiculo[canal];
  const temAnuncio = !!anuncio?.id_anuncio;
  if (CANAIS_SO_EXCLUIR.includes(canal)) return temAnuncio ? ['excluir'] : [];
  return temAnuncio ? ['alterar', 'excluir'] : ['incluir'];
}
