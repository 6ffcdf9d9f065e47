import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revendaLocaisAnuncio } from '../src/db/schema/index.ts';
import { type Ambiente, cabecalhos, criarAmbiente } from './ajuda/ambiente.ts';

let amb: Ambiente;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(() => amb.encerrar());

const url = (idRevenda: string) => `/api/revendas/${idRevenda}/locais-anuncio`;

describe("the reseller's ad locations offered on the vehicle form", () => {
  it('lists them by ordenacao descending then descricao, for the reseller own users and the admin', async () => {
    const { revendaA } = amb.ids;
    await amb.banco.db.delete(revendaLocaisAnuncio).where(eq(revendaLocaisAnuncio.revenda_id, revendaA));
    const idLocal = '00000000-0000-4000-8000-0000000000aa';
    await amb.banco.db.insert(revendaLocaisAnuncio).values([
      { revenda_id: revendaA, id_local: idLocal, descricao: 'Vitrine', ordenacao: 1 },
      { revenda_id: revendaA, id_local: idLocal, descricao: 'Destaque', ordenacao: 9 },
      { revenda_id: revendaA, id_local: idLocal, descricao: 'Anúncio', ordenacao: 1 },
    ]);
    for (const papel of ['gestorA', 'admin'] as const) {
      const r = await amb.app.inject({ method: 'GET', url: url(revendaA), headers: cabecalhos(await amb.entrar(papel)) });
      expect(r.statusCode, r.body).toBe(200);
      const locais = r.json().data as { descricao: string; idLocal: string }[];
      expect(locais.map((l) => l.descricao)).toEqual(['Destaque', 'Anúncio', 'Vitrine']);
      expect(locais[0]?.idLocal).toBe(idLocal);
    }
  });

  it("refuses another reseller's gestor and visitors", async () => {
    const gestorB = await amb.entrar('gestorB');
    expect((await amb.app.inject({ method: 'GET', url: url(amb.ids.revendaA), headers: cabecalhos(gestorB) })).statusCode).toBe(403);
    expect((await amb.app.inject({ method: 'GET', url: url(amb.ids.revendaA) })).statusCode).toBe(401);
  });
});
