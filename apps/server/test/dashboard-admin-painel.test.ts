import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderacao, revendas, veiculoIntegracoes, veiculos } from '../src/db/schema/index.ts';
import { type Ambiente, cabecalhos, criarAmbiente } from './ajuda/ambiente.ts';

let amb: Ambiente;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(() => amb.encerrar());

const horasAtras = (n: number) => new Date(Date.now() - n * 3_600_000);

describe('admin dashboard additions (issue 25 item 2)', () => {
  it('resellers by plan, adverts by channel and state, 24 h channel health and the oldest entry of each queue', async () => {
    const db = amb.banco.db;
    const { revendaA, revendaB } = amb.ids;
    await db.delete(veiculoIntegracoes);
    await db.delete(moderacao);
    const ativosA = await db
      .select({ id: veiculos.id })
      .from(veiculos)
      .where(and(eq(veiculos.revenda_id, revendaA), eq(veiculos.veremovido, 0)));
    const [removidoA] = await db
      .select({ id: veiculos.id })
      .from(veiculos)
      .where(and(eq(veiculos.revenda_id, revendaA), eq(veiculos.veremovido, 1)));
    const [vB] = await db
      .insert(veiculos)
      .values({
        revenda_id: revendaB,
        vetipoveiculo: 'carro',
        vefipe_marca: 'Fiat',
        vefipe_name: 'Argo Drive 1.0',
        ve_modelo: 'Argo',
        ve_versao: 'Drive 1.0',
        veano_fabricacao: 2022,
        vefipe_ano_modelo: 2023,
        vevalor: '79900.00',
      })
      .returning({ id: veiculos.id });
    const [a1, a2, a3, a4] = ativosA;
    if (!a1 || !a2 || !a3 || !a4 || !removidoA || !vB) throw new Error('demo data');
    const an = (veiculo_id: string, revenda_id: string, canal: string, extra: Partial<typeof veiculoIntegracoes.$inferInsert>) => ({
      veiculo_id,
      revenda_id,
      canal,
      ...extra,
    });
    await db.insert(veiculoIntegracoes).values([
      an(a1.id, revendaA, 'webmotors', { tentativa_em: horasAtras(1) }),
      an(a2.id, revendaA, 'webmotors', { estado: 'falhou', tentativa_em: horasAtras(2) }),
      an(vB.id, revendaB, 'webmotors', { estado: 'falhou', tentativa_em: horasAtras(3) }),
      an(a3.id, revendaA, 'olx', { estado: 'falhou', tentativa_em: horasAtras(30) }),
      an(a4.id, revendaA, 'olx', { desatualizado: true }),
      // A removed vehicle's advert counts nowhere.
      an(removidoA.id, revendaA, 'olx', { estado: 'falhou', tentativa_em: horasAtras(1) }),
    ]);
    const base = { revenda_id: revendaA, revenda: 'Auto Demo Veículos' };
    await db.insert(moderacao).values([
      { ...base, fila: 'incluidos', created_at: horasAtras(2) },
      { ...base, fila: 'incluidos', created_at: horasAtras(0.1) },
      { ...base, fila: 'removidos', created_at: horasAtras(24) },
    ]);
    const planos: Record<string, number> = {};
    for (const r of await db.select({ plano: revendas.plano }).from(revendas)) planos[r.plano] = (planos[r.plano] ?? 0) + 1;

    const r = await amb.app.inject({ method: 'GET', url: '/api/dashboard/painel', headers: cabecalhos(await amb.entrar('admin')) });
    expect(r.statusCode).toBe(200);
    const d = r.json().data;
    expect(Object.fromEntries(d.revendas_por_plano.map((p: { plano: string; quantidade: number }) => [p.plano, p.quantidade]))).toEqual(
      planos,
    );
    expect(d.anuncios_por_canal).toEqual([
      { canal: 'olx', publicado: 0, desatualizado: 1, falhou: 1, pendente: 0 },
      { canal: 'webmotors', publicado: 1, desatualizado: 0, falhou: 2, pendente: 0 },
    ]);
    expect(d.saude_canais).toEqual([{ canal: 'webmotors', tentativas: 3, falhas: 2, revendas_com_falha: 2 }]);
    const filas = Object.fromEntries(d.filas_mais_antigas.map((f: { fila: string; segundos: number | null }) => [f.fila, f.segundos]));
    expect(Object.keys(filas)).toEqual(['incluidos', 'vendidos', 'alterados', 'removidos', 'banners']);
    expect(filas.incluidos).toBeGreaterThanOrEqual(7200);
    expect(filas.incluidos).toBeLessThan(7300);
    expect(filas.removidos).toBeGreaterThanOrEqual(86_400);
    expect(filas.removidos).toBeLessThan(86_500);
    expect([filas.vendidos, filas.alterados, filas.banners]).toEqual([null, null, null]);
  });
});
