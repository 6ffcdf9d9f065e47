import {
  MENSAGENS_REVENDA,
  MENSAGENS_USUARIO,
  senhaFraca,
  type Usuario,
  type usuarioAlteracao,
  type usuarioNovo,
} from '@intermedio/contracts';
import type { z } from 'zod';
import { sessoesRepository, type UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import { codigoErroPg, type Db } from '../../db/cliente.ts';
import type { Correio } from '../../email/correio.ts';
import { conflitoVersao, ErroHttp, naoEncontrado } from '../../lib/http.ts';
import { gerarHashSenha } from '../../seguranca/senha.ts';
import { gerarToken, hashToken } from '../../seguranca/tokens.ts';
import { revendasRepository } from '../revendas/revendas.repository.ts';
import { type UsuarioRegistro, usuariosRepository } from './usuarios.repository.ts';

export const VALIDADE_LINK_SENHA_MIN = 60;

export const paraUsuario = (u: UsuarioRegistro): Usuario => ({
  id: u.id,
  nome: u.nome,
  email: u.email,
  role: u.role as Usuario['role'],
  revenda: u.revenda_id,
  ativo: u.ativo,
  telefone1: u.telefone1,
  telefone2: u.telefone2,
  created_at: u.created_at.toISOString(),
  updated_at: u.updated_at.toISOString(),
});

const naoEncontradoUsuario = () => naoEncontrado('Usuário não encontrado.');

export function criarUsuariosService(db: Db, op: { correio: Correio; publicUrl: string; log: (m: string) => void }) {
  const buscar = async (idRevenda: string, id: string) => {
    const u = await usuariosRepository.buscarNaRevenda(db, idRevenda, id);
    if (!u) throw naoEncontradoUsuario();
    return u;
  };

  /** A new single-use link (the previous unused ones stop working) mailed to `u`. */
  const enviarLink = async (u: { id: string; nome: string; email: string }) => {
    const token = gerarToken();
    await usuariosRepository.criarRedefinicao(db, u.id, hashToken(token), new Date(Date.now() + VALIDADE_LINK_SENHA_MIN * 60_000));
    await op.correio.enviar({
      para: u.email,
      assunto: 'Intermédio: alteração de senha',
      texto: [
        `Olá, ${u.nome}.`,
        '',
        'Recebemos um pedido para alterar a sua senha do Intermédio. Para escolher uma nova senha, abra o link abaixo:',
        `${op.publicUrl}/redefinir-senha/${token}`,
        '',
        `O link vale por ${VALIDADE_LINK_SENHA_MIN} minutos e pode ser usado uma única vez. Se você não pediu, ignore esta mensagem.`,
      ].join('\n'),
    });
  };

  return {
    listar: (idRevenda: string) => usuariosRepository.listarDaRevenda(db, idRevenda),
    buscar,

    async criar(idRevenda: string, dados: z.output<typeof usuarioNovo>, quem: UsuarioDaSessao) {
      // A reseller that does not exist, or is deleted meanwhile (the foreign key decides): 404, not 500.
      if (!(await revendasRepository.buscar(db, idRevenda))) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      if (senhaFraca(dados.senha, dados.email))
        throw new ErroHttp(400, MENSAGENS_USUARIO.senhaFraca, { senha: MENSAGENS_USUARIO.senhaFraca });
      if (await usuariosRepository.emailExiste(db, dados.email)) {
        throw new ErroHttp(409, MENSAGENS_USUARIO.emailJaCadastrado, { email: MENSAGENS_USUARIO.emailJaCadastrado });
      }
      try {
        return await usuariosRepository.criar(db, {
          nome: dados.nome,
          email: dados.email,
          role: dados.role,
          revenda_id: idRevenda,
          telefone1: dados.telefone1,
          telefone2: dados.telefone2,
          senha_hash: await gerarHashSenha(dados.senha),
          created_id: quem.id,
          updated_id: quem.id,
        });
      } catch (e) {
        const codigo = codigoErroPg(e);
        // Two creations of one e-mail at the same moment: the unique index decides.
        if (codigo === '23505') {
          throw new ErroHttp(409, MENSAGENS_USUARIO.emailJaCadastrado, { email: MENSAGENS_USUARIO.emailJaCadastrado });
        }
        if (codigo === '23503') throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
        throw new ErroHttp(500, MENSAGENS_USUARIO.erroGravar);
      }
    },

    async alterar(idRevenda: string, id: string, { versao, ...dados }: z.output<typeof usuarioAlteracao>, quem: UsuarioDaSessao) {
      await buscar(idRevenda, id);
      if (id === quem.id && dados.role !== quem.role) {
        throw new ErroHttp(400, 'Você não pode mudar o seu próprio perfil de acesso.', { role: 'Perfil do próprio usuário' });
      }
      const u = await usuariosRepository.alterar(db, id, { ...dados, updated_id: quem.id }, versao);
      if (!u) throw (await usuariosRepository.buscarNaRevenda(db, idRevenda, id)) ? conflitoVersao() : naoEncontradoUsuario();
      return u;
    },

    async remover(idRevenda: string, id: string, quem: UsuarioDaSessao) {
      await buscar(idRevenda, id);
      if (id === quem.id) throw new ErroHttp(400, 'Você não pode remover o seu próprio usuário.');
      if (!(await usuariosRepository.remover(db, id))) throw new ErroHttp(500, MENSAGENS_USUARIO.falhaRemover);
    },

    /** Sends a single-use link, valid for VALIDADE_LINK_SENHA_MIN minutes, to the user's e-mail. */
    async enviarLinkSenha(idRevenda: string, id: string) {
      const u = await buscar(idRevenda, id);
      try {
        await enviarLink(u);
      } catch (e) {
        op.log(`Falha ao enviar e-mail de senha para ${u.email}: ${(e as Error).message}`);
        throw new ErroHttp(502, MENSAGENS_USUARIO.erroLink(u.email));
      }
      return { email: u.email, mensagem: MENSAGENS_USUARIO.linkEnviado(u.email) };
    },

    /**
     * "Esqueci minha senha": the same link, only to an active admin or gestor (who can sign in), and always the
     * same answer. The mail goes out after the answer, so the time taken does not tell either. Limited per
     * e-mail and per address, like sign-in, so nobody can flood a mailbox.
     */
    async esqueciSenha(emailInformado: string, ip: string) {
      const email = emailInformado.trim().toLowerCase();
      const desde = (min: number) => new Date(Date.now() - min * 60_000);
      const reservadas = await sessoesRepository.reservarTentativa(db, [
        { chave: `senha:${email}`, limite: 3, desde: desde(60) },
        { chave: `senha-ip:${ip}`, limite: 10, desde: desde(15) },
      ]);
      if (!reservadas) throw new ErroHttp(429, MENSAGENS_USUARIO.esqueciLimite);
      const u = await sessoesRepository.usuarioPorEmail(db, email);
      if (u && u.ativo === 1 && (u.role === 'admin' || u.role === 'gestor'))
        enviarLink(u).catch((e: Error) => op.log(`Falha ao enviar e-mail de senha para ${u.email}: ${e.message}`));
      return { mensagem: MENSAGENS_USUARIO.esqueciEnviado };
    },

    async conferirLink(token: string) {
      const u = await usuariosRepository.usuarioDaRedefinicao(db, hashToken(token));
      if (!u) throw new ErroHttp(400, MENSAGENS_USUARIO.linkInvalido);
      return { email: u.email };
    },

    async redefinirSenha(token: string, senha: string) {
      const u = await usuariosRepository.usuarioDaRedefinicao(db, hashToken(token));
      if (!u) throw new ErroHttp(400, MENSAGENS_USUARIO.linkInvalido);
      if (senhaFraca(senha, u.email)) throw new ErroHttp(400, MENSAGENS_USUARIO.senhaFraca, { senha: MENSAGENS_USUARIO.senhaFraca });
      const ok = await usuariosRepository.concluirRedefinicao(db, hashToken(token), u, await gerarHashSenha(senha));
      if (!ok) throw new ErroHttp(400, MENSAGENS_USUARIO.linkInvalido);
      return { mensagem: MENSAGENS_USUARIO.senhaAlterada };
    },
  };
}
export type UsuariosService = ReturnType<typeof criarUsuariosService>;
