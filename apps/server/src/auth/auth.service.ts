import { MENSAGENS } from '@intermedio/contracts';
import type { Db } from '../db/cliente.ts';
import { ErroHttp } from '../lib/http.ts';
import { conferirSenha, HASH_FICTICIO } from '../seguranca/senha.ts';
import { gerarToken, hashToken } from '../seguranca/tokens.ts';
import { sessoesRepository, type UsuarioDaSessao } from './sessoes.repository.ts';

/**
 * Sign-in attempt limits (failures within a window). Per e-mail + address: a stranger's failures elsewhere never
 * lock the owner's own address out. Per e-mail across addresses: a slower limit against a spread-out attack. Per
 * address across e-mails: one address trying many accounts.
 */
export const LIMITES_LOGIN = [
  { tipo: 'par', limite: 5, janelaMinutos: 15 },
  { tipo: 'email', limite: 20, janelaMinutos: 60 },
  { tipo: 'ip', limite: 20, janelaMinutos: 15 },
] as const;
export const chavesLogin = (email: string, ip: string) => ({ par: `par:${email}|${ip}`, email: `email:${email}`, ip: `ip:${ip}` });

export type SessaoAtiva = { id: string; csrf: string; usuario: UsuarioDaSessao };

export function criarAuthService(db: Db, op: { sessionTtlHours: number }) {
  const buscarSessao = sessoesRepository.prepararBusca(db);
  return {
    /** Spec 1 §2: only admin and gestor sign in to the panel; every failure gets the same message. */
    async entrar(emailInformado: string, senha: string, ip: string, userAgent: string | null) {
      const email = emailInformado.trim().toLowerCase();
      const chaves = chavesLogin(email, ip);
      // Counted as a failure before the password is checked (count and record in one locked step), so
      // simultaneous attempts cannot all slip under the limit; a success takes its records back.
      const reservadas = await sessoesRepository.reservarTentativa(
        db,
        LIMITES_LOGIN.map((l) => ({ chave: chaves[l.tipo], limite: l.limite, desde: new Date(Date.now() - l.janelaMinutos * 60_000) })),
      );
      if (!reservadas) throw new ErroHttp(429, MENSAGENS.loginBloqueado);
      const usuario = await sessoesRepository.usuarioPorEmail(db, email);
      const senhaOk = await conferirSenha(senha, usuario?.senha_hash ?? HASH_FICTICIO);
      const podeEntrar = usuario && senhaOk && usuario.ativo === 1 && (usuario.role === 'admin' || usuario.role === 'gestor');
      if (!podeEntrar) throw new ErroHttp(401, MENSAGENS.loginFalhou);
      // The owner proved the password: its e-mail's locks go, and this attempt no longer counts for the address.
      await sessoesRepository.liberarTentativas(db, { chaves: [chaves.par, chaves.email], ids: reservadas });
      const token = gerarToken();
      const csrf = gerarToken(24);
      const { senha_hash: _, ...dados } = usuario;
      await sessoesRepository.criar(db, {
        id: hashToken(token),
        usuarioId: usuario.id,
        csrf,
        ip,
        userAgent,
        expira: new Date(Date.now() + op.sessionTtlHours * 3_600_000),
      });
      return { token, sessao: { id: hashToken(token), csrf, usuario: dados } satisfies SessaoAtiva };
    },

    /**
     * The session behind a cookie token, re-checked on every request in one indexed query (session, user and
     * reseller): a user now inactive, now a client, or whose reseller is gone loses every session at once.
     */
    async sessaoDoToken(token: string): Promise<SessaoAtiva | null> {
      const linha = await buscarSessao(hashToken(token));
      if (!linha) return null;
      const { usuario, revendaExiste } = linha;
      const valido = usuario.ativo === 1 && (usuario.role === 'admin' || (usuario.role === 'gestor' && revendaExiste));
      if (!valido) {
        await sessoesRepository.removerDoUsuario(db, usuario.id);
        return null;
      }
      return { ...linha.sessao, usuario };
    },

    async sair(sessaoId: string) {
      await sessoesRepository.remover(db, sessaoId);
    },
  };
}
export type AuthService = ReturnType<typeof criarAuthService>;
