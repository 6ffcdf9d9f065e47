import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fipeCache, revendaIntegracoes, veiculoImagens, veiculoIntegracoes, veiculos, veiculoVendas } from '../src/db/schema/index.ts';
import { type Ambiente, cabecalhos, criarAmbiente } from './ajuda/ambiente.ts';

let amb: Ambiente;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(() => amb.encerrar());

const DIA = 86_400_000;
const diasAtras = (n: number) => new Date(Date.now() - n * DIA);
/** Monday of the São Paulo week (UTC-3, no DST) of an instant, as YYYY-MM-DD. */
function segunda(d: Date) {
  const sp = new Date(d.getTime() - 3 * 3_600_000);
  const dia = new Date(Date.UTC(sp.getUTCFullYear(), sp.getUTCMonth(), sp.getUTCDate()));
  dia.setUTCDate(dia.getUTCDate() - ((dia.getUTCDay() + 6) % 7));
  return dia.toISOString().slice(0, 10);
}

describe('dealer dashboard widgets (issue 25 item 1)', () => {
  it('counts stock, 30-day sales, age bands, adverts by state, weekly sales and the attention list by hand', async () => {
    const { revendaB } = amb.ids;
    const db = amb.banco.db;
    // Reseller B starts empty: every figure below is hand-computed from these rows only.
    await db.delete(veiculos).where(eq(veiculos.revenda_id, revendaB));
    const carro = (created_at: Date, extra: Partial<typeof veiculos.$inferInsert> = {}) => ({
      revenda_id: revendaB,
      vetipoveiculo: 'carro' as const,
      vefipe_marca: 'Fiat',
      vefipe_name: 'Argo Drive 1.0',
      ve_modelo: 'Argo',
      ve_versao: 'Drive 1.0',
      veano_fabricacao: 2022,
      vefipe_ano_modelo: 2023,
      vevalor: '79900.00',
      created_at,
      ...extra,
    });
    const [v1, v2, v3, v4, v5, v6, v7] = await db
      .insert(veiculos)
      .values([
        carro(diasAtras(0)), // 0–30, photo, webmotors published
        carro(diasAtras(45)), // 31–60, no photo, no channel
        carro(diasAtras(100)), // 90+, olx published but outdated
        carro(diasAtras(70)), // 61–90, webmotors failed, olx pending, icarros change in flight
        carro(diasAtras(20), { vevendido: 1 }), // sold 10 days ago, webmotors still published
        carro(diasAtras(60), { vevendido: 1 }), // sold 40 days ago
        carro(diasAtras(5), { veremovido: 1 }), // removed: counted nowhere (its failed olx advert neither)
      ])
      .returning({ id: veiculos.id });
    if (!v1 || !v2 || !v3 || !v4 || !v5 || !v6 || !v7) throw new Error('insert');
    const foto = (veiculo_id: string) => ({ veiculo_id, revenda_id: revendaB, posicao: 0, file_name: 'a.jpg', file_url: '/a.jpg' });
    await db.insert(veiculoImagens).values([foto(v1.id), foto(v3.id), foto(v4.id), foto(v5.id), foto(v6.id), foto(v7.id)]);
    const anuncio = (veiculo_id: string, canal: string, extra: Partial<typeof veiculoIntegracoes.$inferInsert> = {}) => ({
      veiculo_id,
      canal,
      revenda_id: revendaB,
      ...extra,
    });
    await db
      .insert(veiculoIntegracoes)
      .values([
        anuncio(v1.id, 'webmotors'),
        anuncio(v3.id, 'olx', { desatualizado: true }),
        anuncio(v4.id, 'webmotors', { estado: 'falhou' }),
        anuncio(v4.id, 'olx', { estado: 'pendente' }),
        anuncio(v4.id, 'icarros', { operacao: 'alterar' }),
        anuncio(v5.id, 'webmotors'),
        anuncio(v7.id, 'olx', { estado: 'falhou' }),
      ]);
    const vendaRecente = diasAtras(10);
    const vendaAntiga = diasAtras(40);
    await db.insert(veiculoVendas).values([
      { veiculo_id: v5.id, revenda_id: revendaB, vendido_em: vendaRecente },
      { veiculo_id: v6.id, revenda_id: revendaB, vendido_em: vendaAntiga },
    ]);
    await db.delete(revendaIntegracoes).where(eq(revendaIntegracoes.revenda_id, revendaB));
    await db.insert(revendaIntegracoes).values([
      { revenda_id: revendaB, canal: 'webmotors', descricao: 'Webmotors', status: true, renovar_em: new Date(Date.now() + 3 * DIA) },
      { revenda_id: revendaB, canal: 'olx', descricao: 'OLX', status: true, renovar_em: new Date(Date.now() + 30 * DIA) },
      { revenda_id: revendaB, canal: 'icarros', descricao: 'iCarros', status: false, renovar_em: new Date(Date.now() + DIA) },
    ]);

    const r = await amb.app.inject({
      method: 'GET',
      url: `/api/revendas/${revendaB}/dashboard/painel`,
      headers: cabecalhos(await amb.entrar('gestorB')),
    });
    expect(r.statusCode).toBe(200);
    const d = r.json().data;
    expect(d.a_venda).toBe(4);
    expect(d.vendidos_30_dias).toBe(1);
    expect(d.idade_estoque).toEqual([
      { faixa: '0–30', quantidade: 1 },
      { faixa: '31–60', quantidade: 1 },
      { faixa: '61–90', quantidade: 1 },
      { faixa: '90+', quantidade: 1 },
    ]);
    expect(d.anuncios_por_canal).toEqual([
      { canal: 'icarros', publicado: 0, desatualizado: 0, falhou: 0, pendente: 1 },
      { canal: 'olx', publicado: 0, desatualizado: 1, falhou: 0, pendente: 1 },
      { canal: 'webmotors', publicado: 2, desatualizado: 0, falhou: 1, pendente: 0 },
    ]);
    expect(d.vendas_por_semana).toHaveLength(12);
    expect(d.vendas_por_semana[11].semana).toBe(segunda(new Date()));
    const porSemana = Object.fromEntries(d.vendas_por_semana.map((s: { semana: string; quantidade: number }) => [s.semana, s.quantidade]));
    const esperado: Record<string, number> = {};
    for (const v of [vendaRecente, vendaAntiga]) esperado[segunda(v)] = (esperado[segunda(v)] ?? 0) + 1;
    for (const [semana, n] of Object.entries(esperado)) expect(porSemana[semana]).toBe(n);
    expect(d.vendas_por_semana.reduce((t: number, s: { quantidade: number }) => t + s.quantidade, 0)).toBe(2);
    const lista = `/revenda/${revendaB}/veiculos/listar`;
    expect(d.atencao).toEqual([
      // Each item opens the list showing exactly those cars (issue 25: "links to the screen that fixes it").
      { tipo: 'anuncios_falhos', quantidade: 1, canal: null, link: `${lista}?anuncios=falhou` },
      { tipo: 'anuncios_desatualizados', quantidade: 1, canal: null, link: `${lista}?anuncios=desatualizado` },
      { tipo: 'sem_fotos', quantidade: 1, canal: null, link: `${lista}?anuncios=sem_fotos` },
      { tipo: 'sem_canal', quantidade: 1, canal: null, link: `${lista}?anuncios=sem` },
      { tipo: 'estoque_90_dias', quantidade: 1, canal: null, link: `${lista}?filtro=estoque_90` },
      { tipo: 'preco_acima_fipe', quantidade: 0, canal: null, link: `${lista}?filtro=acima_fipe` },
      { tipo: 'token_vencendo', quantidade: 1, canal: 'webmotors', link: `/revenda/${revendaB}/configurar-webmotors` },
    ]);
  });

  it('counts the cars priced more than 10 % above the cached FIPE price of their code and model year', async () => {
    const { revendaB } = amb.ids;
    const db = amb.banco.db;
    await db.delete(veiculos).where(eq(veiculos.revenda_id, revendaB));
    const carro = (
      vefipe_codigo: string | null,
      vefipe_ano_modelo: number,
      vevalor: string,
      extra: Partial<typeof veiculos.$inferInsert> = {},
    ) => ({
      revenda_id: revendaB,
      vetipoveiculo: 'carro' as const,
      vefipe_marca: 'Fiat',
      vefipe_name: 'Argo Drive 1.0',
      ve_modelo: 'Argo',
      ve_versao: 'Drive 1.0',
      veano_fabricacao: 2022,
      vefipe_codigo,
      vefipe_ano_modelo,
      vevalor,
      ...extra,
    });
    const [acima] = await db
      .insert(veiculos)
      .values([
        carro('901004-9', 2023, '99000.01'), // 90.000,00 × 1,1 = 99.000,00: above → counted
        carro('901004-9', 2023, '99000.00'), // exactly 10 % above: not more than → not counted
        carro('905340-6', 2022, '100000.00'), // newest reference 95.000,00 (× 1,1 = 104.500): not counted (the older 50.000 would)
        carro(null, 2023, '999999.00'), // no FIPE code: no price to compare
        carro('901004-9', 2021, '999999.00'), // no cached price for that model year
        carro('909999-0', 2023, '999999.00'), // a code never looked up
        carro('901004-9', 2023, '200000.00', { vevendido: 1 }), // sold: not stock
        carro('901004-9', 2023, '200000.00', { veremovido: 1 }), // removed: not stock
      ])
      .returning({ id: veiculos.id });
    const detalhe = (codeFipe: string, modelYear: number, price: string, referenceMonth: string) => ({
      brand: 'Fiat',
      codeFipe,
      fuel: 'Flex',
      fuelAcronym: 'F',
      model: 'Argo Drive 1.0',
      modelYear,
      price,
      referenceMonth,
    });
    await db.delete(fipeCache);
    await db.insert(fipeCache).values([
      {
        chave: 't|321|/cars/brands/21/models/1/years/2023-1',
        referencia: '321',
        resposta: detalhe('901004-9', 2023, 'R$ 90.000,00', 'novembro de 2026'),
      },
      {
        chave: 't|321|/cars/brands/21/models/2/years/2022-1',
        referencia: '321',
        resposta: detalhe('905340-6', 2022, 'R$ 95.000,00', 'novembro de 2026'),
      },
      {
        chave: 't|99|/cars/brands/21/models/2/years/2022-1',
        referencia: '99',
        resposta: detalhe('905340-6', 2022, 'R$ 50.000,00', 'maio de 2018'),
      },
      { chave: 't|321|/cars/brands', referencia: '321', resposta: [{ code: '21', name: 'Fiat' }] },
    ]);
    const r = await amb.app.inject({
      method: 'GET',
      url: `/api/revendas/${revendaB}/dashboard/painel`,
      headers: cabecalhos(await amb.entrar('gestorB')),
    });
    expect(r.statusCode).toBe(200);
    const item = r.json().data.atencao.find((a: { tipo: string }) => a.tipo === 'preco_acima_fipe');
    expect(item).toEqual({
      tipo: 'preco_acima_fipe',
      quantidade: 1,
      canal: null,
      link: `/revenda/${revendaB}/veiculos/listar?filtro=acima_fipe`,
    });
    // The list's filter behind the item's link: the same vehicles.
    const ids = await amb.app.inject({
      method: 'GET',
      url: `/api/revendas/${revendaB}/dashboard/acima-fipe`,
      headers: cabecalhos(await amb.entrar('gestorB')),
    });
    expect(ids.statusCode).toBe(200);
    expect(ids.json().data).toEqual([acima?.id]);
  });

  it("a gestor cannot read another reseller's dashboard; the admin can", async () => {
    const url = `/api/revendas/${amb.ids.revendaB}/dashboard/painel`;
    const gestorA = await amb.app.inject({ method: 'GET', url, headers: cabecalhos(await amb.entrar('gestorA')) });
    expect(gestorA.statusCode).toBe(403);
    const admin = await amb.app.inject({ method: 'GET', url, headers: cabecalhos(await amb.entrar('admin')) });
    expect(admin.statusCode).toBe(200);
  });
});
