import { z } from 'zod';
import { canal, envelopeSucesso } from './comum.ts';
import { FILAS_VEICULO } from './moderacao.ts';

/** How many events the vehicle's timeline answers at most (the newest). */
export const ATIVIDADE_LIMITE = 200;

export const OPERACOES_ANUNCIO = ['enviar', 'alterar', 'sincronizar', 'excluir'] as const;
export type OperacaoAnuncio = (typeof OPERACOES_ANUNCIO)[number];
export const ESTADOS_OPERACAO = ['pendente', 'publicado', 'removido', 'falhou'] as const;
export type EstadoOperacao = (typeof ESTADOS_OPERACAO)[number];

const quando = z.string().describe('Data e hora (ISO 8601)');
const quem = z.string().nullable().describe('Nome de quem fez; null: automático (tarefa do sistema)');

/**
 * One event of a vehicle's timeline (issue 25 item 5): its inclusion, each change (field: old → new), the sale, each
 * operation on a channel's advert with its result, each moderation validation.
 */
export const eventoAtividade = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('inclusao'), id: z.string(), quando, quem }),
  z.object({
    tipo: z.literal('alteracao'),
    id: z.string(),
    quando,
    quem,
    campos: z.record(z.string(), z.object({ antiga: z.string(), nova: z.string() })),
  }),
  z.object({ tipo: z.literal('venda'), id: z.string(), quando, quem }),
  z.object({
    tipo: z.literal('canal'),
    id: z.string(),
    quando: quando.describe('Início da operação'),
    quem,
    canal,
    operacao: z.enum(OPERACOES_ANUNCIO),
    estado: z.enum(ESTADOS_OPERACAO),
    motivo: z.string().nullable().describe('Motivo da falha, ou por que ainda está pendente'),
    id_anuncio: z.string().nullable(),
    respondido_em: z.string().nullable(),
  }),
  z.object({ tipo: z.literal('moderacao'), id: z.string(), quando, quem, fila: z.enum(FILAS_VEICULO) }),
]);
export type EventoAtividade = z.infer<typeof eventoAtividade>;
export const atividadeVeiculoResposta = envelopeSucesso(z.array(eventoAtividade));

/** The moderation queues as the timeline names them. */
export const ROTULO_FILA_VALIDADA: Record<(typeof FILAS_VEICULO)[number], string> = {
  incluidos: 'Incluídos',
  alterados: 'Alterados',
  removidos: 'Removidos',
};
