import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/cliente.ts';
import { fipeManual } from '../../db/schema/index.ts';

const colunas = {
  id: fipeManual.id,
  tipo: fipeManual.tipo,
  marca_api: fipeManual.marca_api,
  modelo_api: fipeManual.modelo_api,
  versao_api: fipeManual.versao_api,
  anomod: fipeManual.anomod,
  created_at: fipeManual.created_at,
};
export type FipeManualRegistro = {
  id: string;
  tipo: number;
  marca_api: string;
  modelo_api: string;
  versao_api: string;
  anomod: string;
  created_at: Date;
};

/** The manual FIPE vehicle table (fipe_manual). */
export const fipeManualRepository = {
  listar: (db: Executor): Promise<FipeManualRegistro[]> => db.select(colunas).from(fipeManual),

  listarDoTipo: (db: Executor, tipo: number): Promise<FipeManualRegistro[]> =>
    db.select(colunas).from(fipeManual).where(eq(fipeManual.tipo, tipo)),

  async criar(
    db: Executor,
    dados: { tipo: number; marca_api: string; modelo_api: string; versao_api: string; anomod: string; created_id: string },
  ): Promise<FipeManualRegistro> {
    const [v] = await db.insert(fipeManual).values(dados).returning(colunas);
    if (!v) throw new Error('insert sem retorno');
    return v;
  },

  async remover(db: Executor, id: string): Promise<boolean> {
    const r = await db.delete(fipeManual).where(eq(fipeManual.id, id)).returning({ id: fipeManual.id });
    return r.length > 0;
  },
};
