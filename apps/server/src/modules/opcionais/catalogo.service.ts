import { compararItensCatalogo, type ItemCatalogo, type MensagensCatalogo } from '@intermedio/contracts';
import type { UsuarioDaSessao } from '../../auth/sessoes.repository.ts';
import type { Db } from '../../db/cliente.ts';
import { conflitoVersao, ErroHttp, naoEncontrado } from '../../lib/http.ts';
import { type CatalogoRepository, criarCatalogoRepository, type ItemCatalogoRegistro, type TabelaCatalogo } from './catalogo.repository.ts';

export const paraItemCatalogo = (r: ItemCatalogoRegistro): ItemCatalogo => ({
  ...r,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

type Dados = { descricao: string; ordenacao: number };

/** Rules of one shared catalogue: spec order, who created / changed (from the session), spec messages on failure. */
export function criarCatalogoService(db: Db, tabela: TabelaCatalogo, mensagens: MensagensCatalogo) {
  const repo: CatalogoRepository = criarCatalogoRepository(tabela);
  const buscar = async (id: string) => {
    const item = await repo.buscar(db, id);
    if (!item) throw naoEncontrado(mensagens.naoEncontrado);
    return item;
  };
  /** A database failure becomes the spec's message (500); a missing row stays a 404. */
  const comFalha = async <T>(mensagem: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof ErroHttp) throw e;
      throw new ErroHttp(500, mensagem);
    }
  };

  return {
    /** Ordered by ordenacao descending, then descricao ascending in pt-BR (whatever the database collation). */
    listar: async () => (await repo.listar(db)).sort(compararItensCatalogo),
    buscar,
    criar: (dados: Dados, quem: UsuarioDaSessao) => comFalha(mensagens.falhaIncluir, () => repo.criar(db, { ...dados, quem: quem.id })),
    alterar: (id: string, dados: Dados & { versao: string }, quem: UsuarioDaSessao) =>
      comFalha(mensagens.falhaAlterar, async () => {
        await buscar(id);
        const item = await repo.alterar(db, id, { ...dados, quem: quem.id });
        if (!item) throw (await repo.buscar(db, id)) ? conflitoVersao() : naoEncontrado(mensagens.naoEncontrado);
        return item;
      }),
    remover: (id: string) =>
      comFalha(mensagens.falhaRemover, async () => {
        await buscar(id);
        if (!(await repo.remover(db, id))) throw naoEncontrado(mensagens.naoEncontrado);
      }),
  };
}
export type CatalogoService = ReturnType<typeof criarCatalogoService>;
