import { z } from 'zod';
import { email, noMaximo, telefone, textoObrigatorio } from './campos.ts';
import { envelopeSucesso, versaoEntrada } from './comum.ts';
import { MENSAGENS } from './mensagens.ts';

export const MENSAGENS_USUARIO = {
  emailJaCadastrado: 'Esta conta de e-mail já está cadastrada no sistema.',
  emailInvalido: 'Este endereço de e-mail não é válido.',
  senhaFraca: 'Esta senha é considerada fraca, tente novamente com uma senha mais segura.',
  erroGravar: 'Erro ao gravar usuário',
  gravado: 'Usuário gravado com sucesso!',
  removido: 'Usuário removido com sucesso!',
  falhaRemover: 'Falha ao remover usuário!',
  linkEnviado: (e: string) => `Link para alteração de senha enviado a ${e}`,
  erroLink: (e: string) => `Erro ao enviar link para alteração de senha do e-mail ${e}`,
  linkInvalido: 'Este link para alteração de senha é inválido ou expirou. Peça um novo link.',
  senhaAlterada: 'Senha alterada com sucesso! Entre com a nova senha.',
  /** The same answer whether or not the e-mail belongs to a panel user (nothing to learn by trying addresses). */
  esqueciEnviado: 'Se este e-mail pertencer a um usuário ativo do painel, enviaremos a ele um link para alterar a senha.',
  esqueciLimite: 'Muitos pedidos de alteração de senha. Aguarde alguns minutos e tente novamente.',
} as const;

/** Role options of a reseller user (spec 1 §5): Usuário (client) or Gestor; default client. */
export const PAPEIS_REVENDA = ['client', 'gestor'] as const;
export const ROTULO_PAPEL: Record<(typeof PAPEIS_REVENDA)[number] | 'admin', string> = {
  client: 'Usuário',
  gestor: 'Gestor',
  admin: 'Administrador',
};

const SENHAS_COMUNS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'senha123',
  'senha1234',
  'qwerty123',
  'abc12345',
  'abcd1234',
  'mudar123',
  'admin123',
  'brasil123',
  'iloveyou',
  '11111111',
  '00000000',
]);

/**
 * Weak password: fewer than 8 characters, a well-known password, one repeated character, only digits or
 * only letters, or containing the e-mail's name part.
 */
export function senhaFraca(senha: string, emailDoUsuario?: string): boolean {
  const s = senha.toLowerCase();
  const nome = emailDoUsuario?.split('@')[0]?.toLowerCase() ?? '';
  return (
    senha.length < 8 ||
    SENHAS_COMUNS.has(s) ||
    /^(.)\1*$/.test(senha) ||
    /^\d+$/.test(senha) ||
    /^[a-zA-Z]+$/.test(senha) ||
    (nome.length >= 4 && s.includes(nome))
  );
}

const senhaComConfirmacao = z
  .object({
    senha: z.string(MENSAGENS.preenchimentoObrigatorio).min(1, MENSAGENS.preenchimentoObrigatorio).max(200, noMaximo(200)),
    confirmacao: z.string(MENSAGENS.preenchimentoObrigatorio).min(1, MENSAGENS.preenchimentoObrigatorio),
  })
  .refine((v) => v.senha === v.confirmacao, { path: ['confirmacao'], message: MENSAGENS.senhasNaoCoincidem });

/** New user of a reseller (spec 1 §5). */
export const usuarioNovo = z
  .object({
    nome: textoObrigatorio(),
    email: email(MENSAGENS_USUARIO.emailInvalido),
    senha: z.string(MENSAGENS.preenchimentoObrigatorio).min(1, MENSAGENS.preenchimentoObrigatorio).max(200, noMaximo(200)),
    confirmacao: z.string(MENSAGENS.preenchimentoObrigatorio).min(1, MENSAGENS.preenchimentoObrigatorio),
    role: z.enum(PAPEIS_REVENDA).default('client'),
    telefone1: telefone,
    telefone2: telefone,
  })
  .refine((v) => v.senha === v.confirmacao, { path: ['confirmacao'], message: MENSAGENS.senhasNaoCoincidem })
  .refine((v) => v.senha !== v.confirmacao || !senhaFraca(v.senha, v.email), { path: ['senha'], message: MENSAGENS_USUARIO.senhaFraca });
export type UsuarioNovo = z.input<typeof usuarioNovo>;

/** Change user: the e-mail is locked (not accepted). */
export const usuarioAlteracao = z.object({
  nome: textoObrigatorio(),
  role: z.enum(PAPEIS_REVENDA),
  telefone1: telefone,
  telefone2: telefone,
  versao: versaoEntrada,
});
export type UsuarioAlteracao = z.input<typeof usuarioAlteracao>;

export const usuario = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'gestor', 'client']),
  revenda: z.string().nullable(),
  ativo: z.number(),
  telefone1: z.string().nullable(),
  telefone2: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Usuario = z.infer<typeof usuario>;
export const usuarioResposta = envelopeSucesso(usuario);
export const usuarioListaResposta = envelopeSucesso(z.array(usuario));

/** "Esqueci minha senha" on the sign-in screen. */
export const esqueciSenhaEntrada = z.object({ email: email() });

/** Choosing a new password from the reset link. */
export const novaSenhaEntrada = senhaComConfirmacao.and(z.object({ token: z.string().min(10).max(200) }));
