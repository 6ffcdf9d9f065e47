import { z } from 'zod';
import { envelopeSucesso, papel } from './comum.ts';

export const loginBody = z.object({
  email: z.string().trim().max(254),
  senha: z.string().max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The copy of the signed-in user kept in browser storage under `usuarioLogado` (spec 1 §3). */
export const usuarioLogado = z.object({
  id: z.string(),
  role: papel,
  revenda: z.string().nullable(),
  nome: z.string(),
});
export type UsuarioLogado = z.infer<typeof usuarioLogado>;

export const sessao = z.object({
  usuario: usuarioLogado,
  csrf: z.string().describe('Enviar no cabeçalho x-csrf-token em toda escrita'),
  solicitacoesUrl: z.string().describe('Link externo de Solicitações com o id do usuário e o hash diário'),
  /** External pages per reseller (Manutenção menu): base addresses from configuration with the daily hash; add id_revenda. */
  linksExternos: z.object({ locAnuncio: z.string(), atualizarDados: z.string() }),
  /** Spec 1 §5: the basico plan is offered on include only to an admin whose empresa is ff. */
  planoBasico: z.boolean(),
});
export type Sessao = z.infer<typeof sessao>;

export const sessaoResposta = envelopeSucesso(sessao);
