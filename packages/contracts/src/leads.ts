import { z } from 'zod';
import { envelopeSucesso, idParam, idsEntrada, MAXIMO_LINHAS_AO_VIVO } from './comum.ts';
import { CANAIS } from './constantes.ts';

/**
 * Leads from the channels (issue 26): a buyer's contact received by webhook (OLX, Mercado Livre) or polling (iCarros,
 * Mobiauto; Webmotors has no known lead contract, docs/leads.md), stored once per (channel, channel's lead id). API and flows: docs/leads.md.
 */
export const CANAIS_LEAD = ['olx', 'mercadolivre', 'icarros', 'mobiauto', 'webmotors'] as const;
export type CanalLead = (typeof CANAIS_LEAD)[number];

export const ESTADOS_LEAD = ['novo', 'em_atendimento', 'respondido', 'convertido', 'perdido'] as const;
export type EstadoLead = (typeof ESTADOS_LEAD)[number];
export const ROTULO_ESTADO_LEAD: Record<EstadoLead, string> = {
  novo: 'Novo',
  em_atendimento: 'Em atendimento',
  respondido: 'Respondido',
  convertido: 'Convertido (vendido)',
  perdido: 'Perdido',
};

export const MENSAGENS_LEAD = {
  naoEncontrado: 'Lead não encontrado.',
  anuncioNaoEncontrado: 'anúncio não encontrado',
  excluido: 'Lead excluído. Os dados pessoais foram apagados.',
  semConversa: 'Este lead não tem conversa para responder: só as perguntas do Mercado Livre podem ser respondidas aqui.',
  respostaVazia: 'Escreva a resposta.',
  respostaLonga: 'A resposta pode ter no máximo 2000 caracteres.',
  respostaEmAndamento: 'A resposta anterior ainda está sendo enviada. Aguarde um instante.',
  jaRespondida: 'Esta pergunta já foi respondida.',
  webhookInvalido: 'Notificação inválida.',
  webhookDesconhecido: 'Notificação de um anunciante desconhecido.',
  periodoInvalido: 'Período inválido: a data inicial é depois da final.',
  anonimizado: 'Dados removidos (LGPD)',
} as const;

export const estadoLead = z.enum(ESTADOS_LEAD, { message: 'Estado inválido.' });
export const canalLead = z.enum(CANAIS_LEAD, { message: 'Canal inválido.' });

export const mensagemLead = z.object({
  id: z.string(),
  autor: z.enum(['comprador', 'revenda']).describe('Quem escreveu: o comprador no canal, ou a revenda pelo painel'),
  texto: z.string(),
  enviada_em: z.string(),
  estado: z.enum(['recebida', 'enviando', 'enviada', 'falhou']).describe('Respostas: enviando até o canal confirmar'),
  erro: z.string().nullable(),
});
export type MensagemLead = z.infer<typeof mensagemLead>;

export const lead = z.object({
  id: z.string(),
  revenda_id: z.string(),
  canal: z.enum(CANAIS),
  id_externo: z.string().describe('O id do lead no canal (único por canal)'),
  tipo: z.enum(['lead', 'pergunta', 'proposta']).describe('pergunta: uma pergunta do Mercado Livre, com conversa'),
  veiculo_id: z.string().nullable().describe('Null: "anúncio não encontrado"'),
  veiculo: z
    .object({ titulo: z.string(), placa: z.string().nullable(), foto: z.string().nullable() })
    .nullable()
    .describe('Marca e modelo, placa e a primeira foto, para a lista'),
  id_anuncio: z.string().nullable().describe('O id do anúncio como o canal enviou'),
  nome: z.string().nullable(),
  email: z.string().nullable(),
  telefone: z.string().nullable().describe('Só dígitos, com DDD, como o canal enviou'),
  mensagem: z.string().nullable(),
  recebido_em: z.string(),
  estado: estadoLead,
  estado_por: z.string().nullable().describe('Id do usuário que definiu o estado (null: o sistema)'),
  estado_por_nome: z.string().nullable(),
  estado_em: z.string(),
  atribuido_a: z.string().nullable().describe('Usuário a quem o rodízio entregou o lead'),
  atribuido_nome: z.string().nullable(),
  anonimizado: z.boolean(),
  updated_at: z.string(),
});
export type Lead = z.infer<typeof lead>;

export const leadDetalhe = lead.extend({ mensagens: z.array(mensagemLead) });
export type LeadDetalhe = z.infer<typeof leadDetalhe>;

const data = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida: use aaaa-mm-dd.')
  .optional();

/** List filters (São Paulo days for the period). */
const camposFiltroLeads = z.object({
  canal: canalLead.optional(),
  estado: estadoLead.optional(),
  veiculo: idParam.optional(),
  de: data,
  ate: data,
  busca: z.string().trim().max(100, 'Busca muito longa.').optional().describe('Nome, e-mail, telefone ou mensagem'),
  pagina: z.coerce.number().int().min(1, 'Página inválida.').default(1),
  por_pagina: z.coerce.number().int().min(1, 'Tamanho de página inválido.').max(200, 'No máximo 200 por página.').default(50),
});
const periodoValido = (f: { de?: string; ate?: string }) => !f.de || !f.ate || f.de <= f.ate;
export const filtroLeads = camposFiltroLeads.refine(periodoValido, { message: MENSAGENS_LEAD.periodoInvalido, path: ['ate'] });
export type FiltroLeads = z.infer<typeof filtroLeads>;
/** Admin: every reseller, or the one chosen. */
export const filtroLeadsAdmin = camposFiltroLeads
  .extend({ revenda: idParam.optional().describe('Filtra por revenda') })
  .refine(periodoValido, { message: MENSAGENS_LEAD.periodoInvalido, path: ['ate'] });

export const listaLeads = z.object({ itens: z.array(lead), total: z.number().int() });
export type ListaLeads = z.infer<typeof listaLeads>;

export const mudarEstadoLead = z.object({ estado: estadoLead });
export const responderLead = z.object({
  texto: z.string().trim().min(1, MENSAGENS_LEAD.respostaVazia).max(2000, MENSAGENS_LEAD.respostaLonga),
  chave: z
    .string()
    .min(8, 'Chave de idempotência inválida.')
    .max(100, 'Chave de idempotência inválida.')
    .describe('Gerada pela tela a cada resposta digitada: um duplo clique ou um reenvio com a mesma chave não envia duas vezes'),
});

export const leadResposta = envelopeSucesso(leadDetalhe);
export const listaLeadsResposta = envelopeSucesso(listaLeads);

/** Several leads by id (the open inbox's batch read of the rows a burst of events touched). */
export const linhasLeadsEntrada = idsEntrada(MAXIMO_LINHAS_AO_VIVO, {
  falta: 'Informe os leads',
  vazio: 'Informe ao menos um lead',
  demais: `No máximo ${MAXIMO_LINHAS_AO_VIVO} leads por vez`,
});
export const linhasLeadsResposta = envelopeSucesso(z.array(lead));

/** Round-robin of new leads among the reseller's active users (issue 26 item 3). */
export const distribuicaoLeads = z.object({ rodizio: z.boolean({ message: 'Informe se o rodízio está ligado (true ou false).' }) });
export type DistribuicaoLeads = z.infer<typeof distribuicaoLeads>;
export const distribuicaoLeadsResposta = envelopeSucesso(distribuicaoLeads);
