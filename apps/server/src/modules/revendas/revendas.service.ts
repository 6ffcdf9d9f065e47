import { CAMPOS_SO_ADMIN, MENSAGENS_REVENDA, type Revenda, type RevendaValidada } from '@intermedio/contracts';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { Db } from '../../db/cliente.ts';
import { ErroHttp, naoEncontrado } from '../../lib/http.ts';
import type { Armazenamento } from '../../midia/armazenamento.ts';
import { type RevendaRegistro, revendasRepository } from './revendas.repository.ts';

/** What the API answers for a reseller; admin notes are only for admins. */
export function paraRevenda(r: RevendaRegistro, quem: UsuarioDaSessao): Revenda {
  return {
    ...r,
    plano: r.plano as Revenda['plano'],
    peobsadm: quem.role === 'admin' ? r.peobsadm : null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export function criarRevendasService(db: Db, armazenamento: Armazenamento) {
  /** A logo must be a file this server stored (an upload answer), never an arbitrary address. */
  const conferirLogotipo = (url: string | null) => {
    if (url && !armazenamento.chaveDaUrl(url))
      throw new ErroHttp(400, 'Logotipo inválido: envie a imagem pelo formulário.', { logotipo: 'Logotipo inválido' });
  };

  return {
    listar: (basico: boolean) => revendasRepository.listar(db, basico),

    /** One row of a list (live screens patch their copy with it); 404 when the reseller left that list. */
    async linhaDaLista(basico: boolean, id: string) {
      const l = await revendasRepository.linhaDaLista(db, basico, id);
      if (!l) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      return l;
    },

    async buscar(id: string) {
      const r = await revendasRepository.buscar(db, id);
      if (!r) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      return r;
    },

    /** Include (admin). Spec 1 §5: basico is offered on include only to an admin whose empresa is ff. */
    async criar(dados: RevendaValidada, quem: UsuarioDaSessao) {
      if (dados.plano === 'basico' && quem.empresa !== 'ff') {
        throw new ErroHttp(400, MENSAGENS_REVENDA.planoBasicoNegado, { plano: MENSAGENS_REVENDA.planoBasicoNegado });
      }
      conferirLogotipo(dados.logotipo);
      return revendasRepository.criar(db, dados, quem.id);
    },

    /** Change (admin, or the gestor of that reseller: commercial fields stay as they are). */
    async alterar(id: string, dados: RevendaValidada, quem: UsuarioDaSessao) {
      const atual = await this.buscar(id);
      conferirLogotipo(dados.logotipo === atual.logotipo ? null : dados.logotipo);
      const permitido: Partial<RevendaValidada> = { ...dados };
      if (quem.role !== 'admin') for (const campo of CAMPOS_SO_ADMIN) delete permitido[campo];
      const r = await revendasRepository.atualizar(db, id, permitido, quem.id);
      if (!r) throw naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
      return r;
    },

    async remover(id: string) {
      await this.buscar(id);
      try {
        return await revendasRepository.remover(db, id);
      } catch {
        throw new ErroHttp(500, MENSAGENS_REVENDA.falhaRemover);
      }
    },

    async bloquearUsuarios(id: string, ativo: 0 | 1) {
      await this.buscar(id);
      return { usuarios: await revendasRepository.definirAtivoUsuarios(db, id, ativo) };
    },

    async bloquearSite(id: string, ativo: 0 | 1) {
      await this.buscar(id);
      await revendasRepository.definirAtivoSite(db, id, ativo);
    },
  };
}
export type RevendasService = ReturnType<typeof criarRevendasService>;
