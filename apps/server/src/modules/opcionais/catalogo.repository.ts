import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import type { locaisAnuncio, opcionais } from '../../db/schema/index.ts';
import { naVersao, novaVersao } from '../../db/versao.ts';

/** Either shared catalogue: both tables have the same columns (db/schema/catalogos.ts). */
export type TabelaCatalogo = typeof opcionais | typeof locaisAnuncio;

export type ItemCatalogoRegistro = {
  id: string;
  descricao: string;
  ordenacao: number;
  created_id: string | null;
  updated_id: string | null;
  created_at: Date;
  updated_at: Date;
};

/** SQL of one shared catalogue (opcionais or locais_anuncio). */
export function criarCatalogoRepository(tabela: TabelaCatalogo) {
  const colunas = {
    id: tabela.id,
    descricao: tabela.descricao,
    ordenacao: tabela.ordenacao,
    created_id: tabela.created_id,
    updated_id: tabela.updated_id,
    created_at: tabela.created_at,
    updated_at: tabela.updated_at,
  };
  return {
    listar: (db: Executor): Promise<ItemCatalogoRegistro[]> =>
      db.select(colunas).from(tabela).orderBy(desc(tabela.ordenacao), asc(tabela.descricao)),

    async buscar(db: Executor, id: string): Promise<ItemCatalogoRegistro | undefined> {
      const [item] = await db.select(colunas).from(tabela).where(eq(tabela.id, id));
      return item;
    },

    async criar(db: Executor, dados: { descricao: string; ordenacao: number; quem: string }): Promise<ItemCatalogoRegistro> {
      const [item] = await db
        .insert(tabela)
        .values({ descricao: dados.descricao, ordenacao: dados.ordenacao, created_id: dados.quem, updated_id: dados.quem })
        .returning(colunas);
      if (!item) throw new Error('insert sem retorno');
      return item;
    },

    /** Merge-update of descricao, ordenacao and updated_id (spec 2 §7). */
    /** Only over the version read: undefined when the item is gone or was changed meanwhile. */
    async alterar(db: Executor, id: string, dados: { descricao: string; ordenacao: number; quem: string; versao: string }) {
      const [item] = await db
        .update(tabela)
        .set({ descricao: dados.descricao, ordenacao: dados.ordenacao, updated_id: dados.quem, updated_at: novaVersao(tabela.updated_at) })
        .where(and(eq(tabela.id, id), naVersao(tabela.updated_at, dados.versao)))
        .returning(colunas);
      return item;
    },

    async remover(db: Executor, id: string): Promise<boolean> {
      const r = await db.delete(tabela).where(eq(tabela.id, id)).returning({ id: tabela.id });
      return r.length > 0;
    },
  };
}
export type CatalogoRepository = ReturnType<typeof criarCatalogoRepository>;
