import { z } from 'zod';
import { idParam } from '../comum.ts';

/**
 * What every channel's per-vehicle publishing calls share (spec 3 §7). The bodies follow the spec without `api_key`;
 * `usuario` is accepted and ignored (the session says who acts, the vehicle's reseller who may).
 */
export const MENSAGENS_PUBLICACAO_VEICULO = {
  camposObrigatorios: 'Campos obrigatórios não preenchidos!',
  naoPermitido: 'Operação não permitida para esse tipo de veículo.',
  legendaSomenteLeitura: '* Dados devem ser alterados no aplicativo',
  legendaObrigatorio: '* Campo obrigatório',
  veiculoNaoEncontrado: 'Veículo não encontrado.',
  veiculoRemovido: 'Um veículo removido não pode ser publicado.',
  veiculoVendido: 'Um veículo vendido não pode ser publicado. Desfaça a venda para publicá-lo de novo.',
  alteracaoVendido: 'O anúncio de um veículo vendido não pode ser alterado: ele está sendo retirado dos canais.',
  integracaoInativa: (canal: string) => `A integração com ${canal} não está ativa para esta revenda. Configure-a em Integrações.`,
  semPublicacao: (canal: string) => `${canal} não oferece publicação de veículos por este painel.`,
  emAndamento: (canal: string) =>
    `O envio deste veículo para ${canal} já está em andamento. Aguarde a conclusão antes de enviar novamente.`,
  jaPublicado: (canal: string) => `Este veículo já está publicado em ${canal}. Para publicar de novo, exclua o anúncio antes.`,
  naoConfirmado: (canal: string, detalhe: string) =>
    `${canal} não confirmou o envio (${detalhe}). A situação do anúncio será verificada automaticamente; confira na tela do veículo.`,
  anuncioNaoEncontrado: 'Este veículo não tem anúncio publicado neste canal.',
  confirmarExclusao: (portal: string) => `Confirma a exclusão deste anúncio no ${portal}?`,
  excluido: 'Anúncio excluído com sucesso.',
  erroExcluir: 'Erro ao excluir anúncio!',
  excluidoManual: (canal: string) =>
    `Anúncio excluído com sucesso. ${canal} não permite excluir a publicação pela integração: remova-a também no aplicativo.`,
  alteracaoEmAndamento: (canal: string) =>
    `A alteração deste anúncio em ${canal} já está em andamento. Aguarde a conclusão antes de enviar novamente.`,
  alteracaoNaoConfirmada: (canal: string, detalhe?: string) =>
    `${canal} não confirmou a alteração do anúncio${detalhe ? ` (${detalhe})` : ''}. Confira o anúncio e, se preciso, envie a alteração de novo.`,
  alteracaoInterrompida: (canal: string) =>
    `A alteração do anúncio em ${canal} foi interrompida antes da resposta do canal. Confira o anúncio e, se preciso, envie a alteração de novo.`,
  exclusaoEmAndamento: (canal: string) =>
    `A exclusão deste anúncio em ${canal} já está em andamento. Aguarde a conclusão antes de tentar de novo.`,
  recusadoNaoRemovido: (canal: string, motivo: string) =>
    `O anúncio recusado continua em ${canal} e não pôde ser removido (${motivo}). Remova-o no painel do canal antes de enviar de novo.`,
  interrompidoNoDesligamento: (canal: string) =>
    `O envio para ${canal} foi interrompido pelo desligamento do servidor antes da resposta do canal. A situação do anúncio será verificada automaticamente.`,
  naoChegou: 'O envio não chegou ao canal (verificado depois de uma interrupção). Envie novamente.',
  semPublicacaoEmLote: (canal: string) => `${canal} ainda não publica em lote: publique este veículo pela tela Incluir.`,
} as const;

const usuarioIgnorado = z.unknown().optional().describe('Ignorado: quem age é o usuário da sessão');

export const publicacaoVeiculoEntrada = z.object({ id_veiculo: idParam, usuario: usuarioIgnorado });
export const publicacaoAnuncioEntrada = publicacaoVeiculoEntrada.extend({
  id_anuncio: z.string().trim().min(1, 'Preenchimento obrigatório').max(200),
});
export const consultarModeloEntrada = publicacaoVeiculoEntrada.extend({ marca: z.string().trim().min(1).max(200) });
export const consultarVersaoEntrada = consultarModeloEntrada.extend({ modelo: z.string().trim().min(1).max(200) });
export const excluirAnuncioEntrada = publicacaoVeiculoEntrada.extend({ id_anuncio: z.string().max(200).optional() });

/** A choice of a channel list (brands, models, versions…), sorted case-insensitively by name. */
export const opcaoCanal = z.object({ id: z.string(), nome: z.string() });
export type OpcaoCanalApi = z.infer<typeof opcaoCanal>;

/** The answer of `enviar` / `alterar`: the advert, plus whatever the channel returned (spec 3 §3.1, §7). */
export const anuncioEnviado = z
  .object({
    estado: z.enum(['publicado', 'pendente']),
    id_anuncio: z.string().nullable(),
    url_anuncio: z.string().nullable(),
    mensagem: z.string(),
  })
  .catchall(z.unknown());
export type AnuncioEnviado = z.infer<typeof anuncioEnviado>;

export const anuncioExcluido = z.object({ mensagem: z.string(), ja_removido: z.boolean() });

/** One image of a draft, as the screens show it (80 px thumbnails). */
export const imagemRascunho = z.object({ fileUrl: z.string(), fileThumb: z.string(), fileName: z.string() });

/** "Dados Intermédio": the vehicle as the screens show it, read-only (common to every channel's draft). */
export const dadosIntermedio = z.object({
  id: z.string(),
  tipo: z.string(),
  marca: z.string(),
  modelo: z.string(),
  versao: z.string(),
  anoFabricacao: z.number().nullable(),
  anoModelo: z.number().nullable(),
  placa: z.string(),
  km: z.number(),
  valor: z.number(),
  cor: z.string(),
  combustivel: z.string(),
  cambio: z.enum(['A', 'M']),
  portas: z.number().nullable(),
  /** vecarroceria ('' for motorcycles and trucks). */
  carroceria: z.string(),
  /** veveiculonovo = 1: a new (0 km) vehicle (spec 3 §3.2). */
  novo: z.boolean(),
  observacao: z.string(),
  /** The reseller's city and state (pecidade, peuf): where the advert is, for the screens that ask it (Autoscar). */
  cidade: z.string(),
  uf: z.string(),
});
