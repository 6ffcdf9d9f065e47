import { MENSAGENS } from '@intermedio/contracts';
import type { Db } from '../db/cliente.ts';
import { ErroHttp } from '../lib/http.ts';
import { conferirSenha, HASH_FICTICIO } from '../seguranca/senha.ts';
import { gerarToken, hashToken } from '../seguranca/tokens.ts';
import { sessoesRepository, type UsuarioDaSessao } from './sessoes.repository.ts';

/** Sign-in attempt limit: failures within the window, per e-mail and per address. */
export const LIMITE_TENTATIVAS = { janelaMinutos: 15, porEmail: 5, porIp: 20 };

export type SessaoAtiva = { id: string; csrf: string; usuario: UsuarioDaSessao };

export function criarAuthService(db: Db, op: { sessionTtlHours: number }) {
  return {
    /** Spec 1 §2: only admin and gestor sign in to the panel; every failure gets the same message. */
    async entrar(emailInformado: string, senha: string, ip: string, userAgent: string | null) {
      const email = emailInformado.trim().toLowerCase();
      const chaves = [`email:${email}`, `ip:${ip}`];
      const desde = new Date(Date.now() - LIMITE_TENTATIVAS.janelaMinutos * 60_000);
      const [porEmail, porIp] = await Promise.all(chaves.map((c) => sessoesRepository.contarTentativas(db, c, desde)));
      if ((porEmail ?? 0) >= LIMITE_TENTATIVAS.porEmail || (porIp ?? 0) >= LIMITE_TENTATIVAS.porIp) {
        throw new ErroHttp(429, MENSAGENS.loginBloqueado);
      }
      const usuario = await sessoesRepository.usuarioPorEmail(db, email);
      const senhaOk = await conferirSenha(senha, usuario?.senha_hash ?? HASH_FICTICIO);
      const podeEntrar = usuario && senhaOk && usuario.ativo === 1 && (usuario.role === 'admin' || usuario.role === 'gestor');
      if (!podeEntrar) {
        await sessoesRepository.registrarTentativas(db, chaves);
        throw new ErroHttp(401, MENSAGENS.loginFalhou);
      }
      await sessoesRepository.limparTentativas(db, `email:${email}`);
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

    /** The session behind a cookie token; an inactive user's sessions are removed at once. */
    async sessaoDoToken(token: string): Promise<SessaoAtiva | null> {
      const linha = await sessoesRepository.buscar(db, hashToken(token));
      if (!linha) return null;
      if (linha.usuario.ativo !== 1) {
        await sessoesRepository.removerDoUsuario(db, linha.usuario.id);
        return null;
      }
      return { ...linha.sessao, usuario: linha.usuario };
    },

    async sair(sessaoId: string) {
      await sessoesRepository.remover(db, sessaoId);
    },
  };
}
export type AuthService = ReturnType<typeof criarAuthService>;
