import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, moderacao, usuarios, veiculos, vendidos } from '../src/db/schema/index.ts';
import { type Ambiente, cabecalhos, criarAmbiente } from './ajuda/ambiente.ts';

let amb: Ambiente;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(() => amb.encerrar());

const veiculo = (revenda_id: string, veremovido: number) => ({
  revenda_id,
  vetipoveiculo: 'carro' as const,
  vefipe_marca: 'Fiat',
  vefipe_name: 'Argo Drive 1.0',
  ve_modelo: 'Argo',
  ve_versao: 'Drive 1.0',
  veano_fabricacao: 2022,
  vefipe_ano_modelo: 2023,
  vevalor: '79900.00',
  veremovido,
});
const midia = { imagem: [{ fileUrl: '/a.jpg', fileName: 'a.jpg' }] };

describe('dashboards', () => {
  it('admin tiles are the sizes of the five moderation queues', async () => {
    const base = { revenda_id: amb.ids.revendaA, revenda: 'Auto Demo Veículos' };
    await amb.banco.db.insert(moderacao).values([
      { ...base, fila: 'incluidos' },
      { ...base, fila: 'incluidos' },
      { ...base, fila: 'removidos' },
      { ...base, fila: 'banners' },
    ]);
    const r = await amb.app.inject({ method: 'GET', url: '/api/dashboard/contadores', headers: cabecalhos(await amb.entrar('admin')) });
    expect(r.json()).toEqual({ status: 'success', data: { incluidos: 2, vendidos: 0, alterados: 0, removidos: 1, banners: 1 } });
  });

  it("dealer tiles count only the reseller's own stock, history, sold items, banners and users", async () => {
    const { revendaA, revendaB } = amb.ids;
    // The demo stock of reseller A (issue 8: 11 active, 1 removed), then two active and one removed more.
    const demo = await amb.banco.db.select().from(veiculos);
    expect(demo.filter((v) => v.revenda_id === revendaA && v.veremovido === 0)).toHaveLength(11);
    expect(demo.filter((v) => v.revenda_id === revendaA && v.veremovido === 1)).toHaveLength(1);
    await amb.banco.db.insert(veiculos).values([veiculo(revendaA, 0), veiculo(revendaA, 0), veiculo(revendaA, 1), veiculo(revendaB, 0)]);
    await amb.banco.db.insert(vendidos).values({ revenda_id: revendaA, peblocotextovendidos: 'Vendido!', ...midia });
    await amb.banco.db.insert(banners).values([
      { revenda_id: revendaA, peblocotextobanners: 'Oferta', ...midia },
      { revenda_id: revendaB, peblocotextobanners: 'Oferta', ...midia },
    ]);
    const r = await amb.app.inject({
      method: 'GET',
      url: `/api/revendas/${revendaA}/dashboard`,
      headers: cabecalhos(await amb.entrar('gestorA')),
    });
    const nUsuariosA = (await amb.banco.db.select().from(usuarios)).filter((u) => u.revenda_id === revendaA).length;
    expect(nUsuariosA).toBe(3);
    expect(r.json().data).toEqual({ veiculos: 13, vendidos: 1, usuarios: 3, historico: 2, banners: 1 });
  });

  it('answers 400 to a reseller id that is not a uuid (admin)', async () => {
    const r = await amb.app.inject({ method: 'GET', url: '/api/revendas/abc/dashboard', headers: cabecalhos(await amb.entrar('admin')) });
    expect(r.statusCode).toBe(400);
    expect(r.json().status).toBe('error');
  });
});
