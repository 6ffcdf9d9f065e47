import { z } from 'zod';
import { envelopeSucesso, idParam } from './comum.ts';
import { CANAIS } from './constantes.ts';

/** Bulk actions on the vehicle list (issue 24 item 2): a batch runs as a durable job, one item per vehicle × channel. */
export const ACOES_LOTE = ['publicar', 'atualizar', 'retirar', 'vendido'] as const;
export type AcaoLote = (typeof ACOES_LOTE)[number];
export const ROTULO_ACAO_LOTE: Record<AcaoLote, string> = {
  publicar: 'Publicar em…',
  atualizar: 'Atualizar anúncios',
  retirar: 'Retirar de…',
  vendido: 'Marcar como vendido',
};

export const ESTADOS_LOTE = ['executando', 'concluido', 'cancelado'] as const;
export type EstadoLote = (typeof ESTADOS_LOTE)[number];
export const ROTULO_ESTADO_LOTE: Record<EstadoLote, string> = {
  executando: 'Em andamento',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
};

export const ESTADOS_ITEM_LOTE = ['aguardando', 'enviando', 'publicado', 'feito', 'falhou', 'revisao', 'cancelado'] as const;
export type EstadoItemLote = (typeof ESTADOS_ITEM_LOTE)[number];
/** An item still to do: the batch counts the others as done ("n de N"). */
export const ITEM_LOTE_ABERTO: readonly EstadoItemLote[] = ['aguardando', 'enviando'];
export const ROTULO_ESTADO_ITEM_LOTE: Record<EstadoItemLote, string> = {
  aguardando: 'Aguardando',
  enviando: 'Enviando',
  publicado: 'Publicado',
  feito: 'Feito',
  falhou: 'Falhou',
  revisao: 'Precisa de revisão',
  cancelado: 'Cancelado',
};

export const MENSAGENS_LOTE = {
  semVeiculos: 'Selecione pelo menos um veículo.',
  semCanais: 'Escolha pelo menos um canal.',
  muitosVeiculos: (max: number) => `Selecione no máximo ${max} veículos por vez.`,
  veiculoDeOutraRevenda: 'Algum veículo selecionado não foi encontrado nesta revenda. Nada foi feito.',
  naoEncontrado: 'Ação em lote não encontrada.',
  jaTerminou: 'Esta ação em lote já terminou: não há o que cancelar.',
  cancelado: 'Ação em lote cancelada. O que já estava em andamento termina normalmente.',
  criado: 'Ação em lote iniciada.',
  nadaAFazer: 'Nenhum anúncio publicado nos veículos selecionados: nada a atualizar.',
  precisaRevisao: (campos: string) => `Precisa de revisão: ${campos}`,
  jaPublicado: 'Já estava publicado: não foi enviado de novo.',
  semAnuncio: (canal: string) => `Nenhum anúncio em ${canal}.`,
  retirado: 'Anúncio retirado.',
  atualizado: 'Anúncio atualizado.',
  aguardandoConfirmacao: (canal: string) => `Enviado: aguardando a confirmação de ${canal}.`,
  jaAtualizado: 'O anúncio já estava atualizado: nada foi enviado.',
  operacaoEmAndamento: (canal: string) => `Outra operação deste anúncio em ${canal} está em andamento. Nova tentativa em breve.`,
  esgotado: (motivo: string) => `Desistimos depois de várias tentativas: ${motivo}`,
} as const;

export const MAX_VEICULOS_LOTE = 1000;

export const criarLoteEntrada = z
  .object({
    acao: z.enum(ACOES_LOTE, { message: 'Ação inválida.' }),
    veiculos: z
      .array(idParam)
      .min(1, MENSAGENS_LOTE.semVeiculos)
      .max(MAX_VEICULOS_LOTE, MENSAGENS_LOTE.muitosVeiculos(MAX_VEICULOS_LOTE))
      .describe('Ids dos veículos selecionados (todos da revenda da rota)'),
    canais: z
      .array(z.enum(CANAIS, { message: 'Canal inválido.' }))
      .default([])
      .describe('Publicar / Retirar: os canais escolhidos; Atualizar: filtra os canais (vazio = todos); Vendido: ignorado'),
  })
  .refine((e) => !(e.acao === 'publicar' || e.acao === 'retirar') || e.canais.length > 0, {
    message: MENSAGENS_LOTE.semCanais,
    path: ['canais'],
  });
export type CriarLoteEntrada = z.input<typeof criarLoteEntrada>;

export const itemLote = z.object({
  id: z.string(),
  veiculo_id: z.string(),
  veiculo: z.string().describe('Marca, modelo e placa, para a linha do progresso'),
  canal: z.enum(CANAIS).nullable().describe('Null em "Marcar como vendido" (uma venda por veículo)'),
  estado: z.enum(ESTADOS_ITEM_LOTE),
  motivo: z.string().nullable().describe('O motivo do canal numa falha, ou "Precisa de revisão: {campo}"'),
  revisao: z.array(z.string()).describe('Os campos a revisar na tela Incluir do canal'),
  tentativas: z.number().int(),
});
export type ItemLote = z.infer<typeof itemLote>;

export const lote = z.object({
  id: z.string(),
  acao: z.enum(ACOES_LOTE),
  canais: z.array(z.enum(CANAIS)),
  estado: z.enum(ESTADOS_LOTE),
  total: z.number().int().describe('N: itens do lote'),
  concluidos: z.number().int().describe('n: itens terminados (publicado, feito, falhou, revisão ou cancelado)'),
  created_at: z.string(),
  concluido_em: z.string().nullable(),
  itens: z.array(itemLote),
  parcial: z.boolean().describe('true: a leitura com ?desde= traz só os itens que mudaram desde então (os outros seguem como estavam)'),
  cursor: z.string().describe('O ?desde= da próxima leitura (um pouco antes desta, para nada se perder entre duas)'),
});
export type Lote = z.infer<typeof lote>;
export const loteResposta = envelopeSucesso(lote);
/** A batch's progress read: whole, or only what changed since the last read's `cursor` (a big batch's live panel). */
export const loteLeitura = z.object({
  desde: z
    .string()
    .datetime({ offset: true, message: 'Data inválida.' })
    .optional()
    .describe('O cursor da leitura anterior: só os itens que mudaram desde então'),
});

/** A recent batch on the list's "Ações em lote" menu: the batch without its items (n de N, state, when). */
export const resumoLote = lote.omit({ itens: true, parcial: true, cursor: true });
export type ResumoLote = z.infer<typeof resumoLote>;
/** How many recent batches the list's menu shows. */
export const LOTES_RECENTES = 10;
export const lotesRecentesResposta = envelopeSucesso(z.array(resumoLote));
