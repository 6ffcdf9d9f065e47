import { CAMPOS_SO_ADMIN, MENSAGENS_REVENDA, type Revenda, type RevendaValidada } from '@intermedio/contracts';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { Db } from '../../db/cliente.ts';
import { conflitoVersao, ErroHttp, naoEncontrado } from '../../lib/http.ts';
import type { Armazenamento } from '../../midia/armazenamento.ts';
import { PASTA_LOGOS_NOVOS } from '../../midia/imagem.ts';
import { urlDaRevenda } from '../../midia/imagens-enviadas.ts';
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

const CAMPOS_IMAGEM = ['logotipo', 'imagem_moldura_veiculo', 'imagem_moldura_vendido'] as const;
const MENSAGEM_IMAGEM_ALHEIA = 'Imagem inválida: envie o arquivo pelo formulário.';

export function criarRevendasService(db: Db, armazenamento: Armazenamento) {
  /**
   * Stored image links (issue 10 item 8) are files of this product's storage that belong to the reseller: its own
   * folder (uploads with the reseller's id), or, for a logo or frame image sent while including, the new-client
   * folder. Empty is allowed; an unchanged value is kept as it is.
   */
  const conferirImagens = (dados: RevendaValidada, atual: RevendaRegistro | null) => {
    const campos: Record<string, string> = {};
    for (const campo of CAMPOS_IMAGEM) {
      const url = dados[campo];
      if (!url || url === atual?.[campo]) continue;
      const daRevenda = atual ? urlDaRevenda(armazenamento, url, atual.id) : false;
      const envioDaInclusao = !atual && armazenamento.chaveDaUrl(url)?.startsWith(`${PASTA_LOGOS_NOVOS}/`);
      if (!daRevenda && !envioDaInclusao) campos[campo] = MENSAGEM_IMAGEM_ALHEIA;
    }
    if (Object.keys(campos).length) throw new ErroHttp(400, MENSAGEM_IMAGEM_ALHEIA, campos);
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
      conferirImagens(dados, null);
      return revendasRepository.criar(db, dados, quem.id);
    },

    /** Change (admin, or the gestor of that reseller: commercial fields stay as they are). */
    async alterar(id: string, { versao, ...dados }: RevendaValidada & { versao: string }, quem: UsuarioDaSessao) {
      const atual = await this.buscar(id);
      conferirImagens(dados, atual);
      const permitido: Partial<RevendaValidada> = { ...dados };
      if (quem.role !== 'admin') for (const campo of CAMPOS_SO_ADMIN) delete permitido[campo];
      const r = await revendasRepository.atualizar(db, id, permitido, quem.id, versao);
      if (!r) throw (await revendasRepository.buscar(db, id)) ? conflitoVersao() : naoEncontrado(MENSAGENS_REVENDA.naoEncontrada);
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
