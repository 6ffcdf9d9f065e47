import { MENSAGENS } from '@intermedio/contracts';
import type { Db } from '../db/cliente.ts';
import { ErroHttp } from '../lib/http.ts';
import { criarSeloDispositivo } from '../seguranca/dispositivo.ts';
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

/**
 * A browser carrying a valid device cookie of the account (seguranca/dispositivo.ts) is counted only in its own
 * bucket instead of the limits above, so a guesser locking the account out does not lock out its owner's browsers.
 */
export const LIMITE_DISPOSITIVO = { limite: 5, janelaMinutos: 15 } as const;
const chaveDispositivo = (dispositivo: string) => `disp:${dispositivo}`;

export type SessaoAtiva = { id: string; csrf: string; usuario: UsuarioDaSessao };

export function criarAuthService(db: Db, op: { sessionTtlHours: number; secretKey: string }) {
  const buscarSessao = sessoesRepository.prepararBusca(db);
  const selo = criarSeloDispositivo(op.secretKey);
  const desde = (janelaMinutos: number) => new Date(Date.now() - janelaMinutos * 60_000);
  return {
    /**
     * Spec 1 §2: only admin and gestor sign in to the panel; every failure gets the same message. `cookieDispositivo`
     * is the browser's device cookie; a new one for the account is answered with the session (issue 23 item 6).
     */
    async entrar(emailInformado: string, senha: string, ip: string, userAgent: string | null, cookieDispositivo?: string) {
      const email = emailInformado.trim().toLowerCase();
      const chaves = chavesLogin(email, ip);
      const usuario = await sessoesRepository.usuarioPorEmail(db, email);
      const dispositivo = usuario ? selo.conferir(cookieDispositivo, usuario) : null;
      // Counted as a failure before the password is checked (count and record in one locked step), so
      // simultaneous attempts cannot all slip under the limit; a success takes its records back.
      const reservadas = await sessoesRepository.reservarTentativa(
        db,
        dispositivo
          ? [{ chave: chaveDispositivo(dispositivo), limite: LIMITE_DISPOSITIVO.limite, desde: desde(LIMITE_DISPOSITIVO.janelaMinutos) }]
          : LIMITES_LOGIN.map((l) => ({ chave: chaves[l.tipo], limite: l.limite, desde: desde(l.janelaMinutos) })),
      );
      if (!reservadas) throw new ErroHttp(429, MENSAGENS.loginBloqueado);
      const senhaOk = await conferirSenha(senha, usuario?.senha_hash ?? HASH_FICTICIO);
      const podeEntrar = usuario && senhaOk && usuario.ativo === 1 && (usuario.role === 'admin' || usuario.role === 'gestor');
      if (!podeEntrar) throw new ErroHttp(401, MENSAGENS.loginFalhou);
      // The owner proved the password: its e-mail's locks go, and this attempt no longer counts for the address.
      // From a known device only that device's records go: the account's lock stays for everyone else.
      await sessoesRepository.liberarTentativas(db, {
        chaves: dispositivo ? [chaveDispositivo(dispositivo)] : [chaves.par, chaves.email],
        ids: reservadas,
      });
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
      return {
        token,
        sessao: { id: hashToken(token), csrf, usuario: dados } satisfies SessaoAtiva,
        dispositivo: selo.emitir(usuario),
      };
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
