import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../src/db/schema/index.ts';
import { type Ambiente, cabecalhos, criarAmbiente } from './ajuda/ambiente.ts';

let amb: Ambiente;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(() => amb.encerrar());

describe('dealer dashboard: "Leads novos" (issue 26 item 3)', () => {
  it("counts the reseller's leads still in state novo, by hand", async () => {
    const { revendaA, revendaB } = amb.ids;
    const db = amb.banco.db;
    await db.delete(leads).where(eq(leads.revenda_id, revendaB));
    const lead = (revenda_id: string, id_externo: string, estado: (typeof leads.$inferInsert)['estado'] = 'novo') => ({
      revenda_id,
      canal: 'olx' as const,
      id_externo,
      nome: 'Comprador',
      recebido_em: new Date(),
      estado,
    });
    await db.insert(leads).values([
      lead(revendaB, 'painel-1'), // novo
      lead(revendaB, 'painel-2'), // novo
      lead(revendaB, 'painel-3', 'em_atendimento'),
      lead(revendaB, 'painel-4', 'convertido'),
      lead(revendaB, 'painel-5', 'perdido'),
      lead(revendaA, 'painel-6'), // another reseller's: not counted
    ]);
    const r = await amb.app.inject({
      method: 'GET',
      url: `/api/revendas/${revendaB}/dashboard/painel`,
      headers: cabecalhos(await amb.entrar('gestorB')),
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.leads_novos).toBe(2);
  });
});
