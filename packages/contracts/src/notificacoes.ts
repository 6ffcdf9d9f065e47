import { z } from 'zod';
import { textoObrigatorio, textoOpcional } from './campos.ts';
import { envelopeSucesso } from './comum.ts';
import { MENSAGENS } from './mensagens.ts';

/** Notifications of a reseller (spec 2 §2, §3, §5, §6; admin only) and the push tokens of the app's users. */
export const ACESSOS_NOTIFICACAO = ['todos', 'gestor'] as const;
export const acessoNotificacao = z.enum(ACESSOS_NOTIFICACAO, MENSAGENS.preenchimentoObrigatorio);
export const ROTULO_ACESSO_NOTIFICACAO: Record<(typeof ACESSOS_NOTIFICACAO)[number], string> = {
  todos: 'Todos',
  gestor: 'Gestor',
};

export const notificacaoEntrada = z.object({
  titulo: textoObrigatorio(200),
  link: textoOpcional(1000).refine((v) => v === null || /^https?:\/\/\S+$/i.test(v), 'Link inválido (use http:// ou https://)'),
  acesso: acessoNotificacao,
});
export type NotificacaoEntrada = z.input<typeof notificacaoEntrada>;

/** State of the last reminder send: runs in the background; the list shows the result when it ends. */
export const ESTADOS_LEMBRETE = ['enviando', 'sucesso', 'erro'] as const;
export const estadoLembrete = z.enum(ESTADOS_LEMBRETE);
export type EstadoLembrete = z.infer<typeof estadoLembrete>;

export const notificacao = z.object({
  id: z.string(),
  revenda: z.string(),
  titulo: z.string(),
  link: z.string().nullable(),
  status: z.number().int(),
  acesso: z.enum(ACESSOS_NOTIFICACAO),
  created_id: z.string().nullable(),
  created_at: z.string(),
  lembrete_estado: estadoLembrete.nullable(),
  lembrete_mensagem: z.string().nullable(),
  lembrete_em: z.string().nullable(),
});
export type Notificacao = z.infer<typeof notificacao>;
export const notificacaoResposta = envelopeSucesso(notificacao);
export const notificacaoListaResposta = envelopeSucesso(z.array(notificacao));

/** `POST /api/usuarios/eu/push-token`: the mobile app registers (or, with an empty token, forgets) its device. */
export const pushTokenEntrada = z.object({
  token: z.string().trim().max(4096, 'Token longo demais').describe('Token FCM do aparelho; vazio apaga o registrado'),
  plataforma: z.enum(['android', 'ios', 'web']).optional(),
});
export type PushTokenEntrada = z.input<typeof pushTokenEntrada>;

export const MENSAGENS_NOTIFICACAO = {
  tituloLembrete: 'Lembrete de notificação',
  confirmarLembrete: 'Confirma o envio de lembrete desta notificação?',
  confirmarExclusao: 'Confirma a exclusão desta notificação?',
  erroEnviar: 'Erro ao enviar notificação',
  semDestinatarios: 'Nenhum usuário habilitado para receber notificações.',
  enviando: 'Enviando lembrete…',
  /** Spec 1 §8 words the complete success "Envio concluído com sucesso."; the count of devices follows it. */
  enviado: (n: number) => `Envio concluído com sucesso. Lembrete enviado a ${n === 1 ? '1 aparelho' : `${n} aparelhos`}.`,
  parcial: (ok: number, total: number) => `Erro ao enviar notificação: ${ok} de ${total} aparelhos receberam.`,
  incluida: 'Notificação incluída com sucesso!',
  removida: 'Notificação removida com sucesso!',
  naoEncontrada: 'Notificação não encontrada.',
  tokenRegistrado: 'Aparelho registrado para notificações.',
  tokenRemovido: 'Aparelho removido das notificações.',
} as const;
