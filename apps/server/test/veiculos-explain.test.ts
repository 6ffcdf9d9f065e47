import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultaVeiculoRemovido } from '../src/midia/acesso-arquivos.ts';
import { veiculosListaRepository } from '../src/modules/veiculos/veiculos-lista.repository.ts';
import { type Ambiente, criarAmbiente } from './ajuda/ambiente.ts';

/**
 * Issue 18 for the stock list: at seeded scale (2,000 vehicles × 10 photos in one reseller, among 14,000 vehicles) the list is one statement whose plan has no per-row subplan, no sequential scan of the vehicle or photo
 * tables, and no sort (the index gives the order). Runs on PGlite and on PostgreSQL.
 */
let amb: Ambiente;
const banco = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
beforeAll(async () => {
  amb = await criarAmbiente();
  const db = amb.banco.db;
  for (const [revenda, n] of [
    [amb.ids.revendaA, 2000],
    [amb.ids.revendaB, 12000],
  ] as const) {
    await db.execute(sql`
      insert into veiculos (revenda_id, vetipoveiculo, vefipe_marca, vefipe_name, ve_modelo, ve_versao, veano_fabricacao,
        vefipe_ano_modelo, vevalor, vevendido, veremovido, created_at, updated_at)
      select ${revenda}, 'carro', 'Marca ' || (i % 40), 'Modelo ' || i || ' Versão', 'Modelo ' || i, 'Versão', 2020, 2021,
        50000 + i, (i % 9 = 0)::int, (i % 13 = 0)::int, now() - i * interval '1 hour', now() - i * interval '1 minute'
      from generate_series(1, ${n}) i`);
  }
  await db.execute(sql`
    insert into veiculo_imagens (veiculo_id, revenda_id, posicao, file_name, file_url, file_thumb, file_original)
    select v.id, v.revenda_id, p, 'foto' || p || '.jpg', '/arquivos/x' || p, '/arquivos/t' || p, '/arquivos/o' || p
    from veiculos v cross join generate_series(0, 9) p where v.revenda_id = ${amb.ids.revendaA}`);
  // A provider's FIPE cache: the list's "vs FIPE" looks a vehicle's prices up by code, never by reading it all.
  await db.execute(sql`
    insert into fipe_cache (chave, referencia, resposta)
    select 'preco:' || i, '320', jsonb_build_object('codeFipe', '00' || i || '-1', 'modelYear', 2021, 'price', 'R$ 50.000,00')
    from generate_series(1, 5000) i`);
  await db.execute(sql`update veiculos set vefipe_codigo = '00' || (50000 - floor(vevalor)::int + 1) || '-1'`);
  await db.execute(sql`analyze veiculos`);
  await db.execute(sql`analyze veiculo_imagens`);
  await db.execute(sql`analyze fipe_cache`);
}, 120_000);
afterAll(() => amb.encerrar());

/** The plan's text; `semOrdenar` forbids sorting (and bitmap scans, which lose the index order) for this statement only. */
async function plano(consulta: { getSQL(): ReturnType<typeof sql> }, semOrdenar = false) {
  const r = await amb.banco.db.transaction(async (tx) => {
    if (semOrdenar) {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
    }
    return tx.execute(sql`explain ${consulta.getSQL()}`);
  });
  return (r as unknown as { rows: Record<string, string>[] }).rows.map((l) => Object.values(l)[0]).join('\n');
}

describe(`vehicle list plan at 2,000 vehicles × 10 photos (${banco})`, () => {
  it('the list: rows through the list index, first photo by an index lookup, no subplan, no sequential scan', async () => {
    const texto = await plano(veiculosListaRepository.consultaLista(amb.banco.db, amb.ids.revendaA));
    expect(texto).toContain('veiculos_revenda_lista_idx');
    expect(texto).toContain('veiculo_imagens_veiculo_idx');
    expect(texto).not.toMatch(/SubPlan/);
    expect(texto).not.toMatch(/Seq Scan on (veiculos|veiculo_imagens|fipe_cache)/);
    expect(texto).toContain('fipe_cache_codigo_idx');
  });

  it('the index serves the ORDER BY: read in index order the plan needs no sort', async () => {
    // The planner may still prefer a bitmap scan and sort a couple of thousand rows; this proves it need not.
    const texto = await plano(veiculosListaRepository.consultaLista(amb.banco.db, amb.ids.revendaA), true);
    expect(texto).toMatch(/Index Scan using veiculos_revenda_lista_idx/);
    expect(texto).not.toMatch(/\bSort\b|SubPlan/);
  });

  it('the history (a few hundred rows) reaches its rows through the same index, without subplan or sequential scan', async () => {
    const texto = await plano(veiculosListaRepository.consultaHistorico(amb.banco.db, amb.ids.revendaA));
    expect(texto).toContain('veiculos_revenda_lista_idx');
    expect(texto).not.toMatch(/SubPlan|Seq Scan on (veiculos|veiculo_imagens)/);
  });

  it("/arquivos/ finds a photo's vehicle (removed?) by its upload folder through the folder index, no sequential scan", async () => {
    const texto = await plano(consultaVeiculoRemovido(amb.banco.db, `revendas/${amb.ids.revendaA}/veiculo/mwyvqnp5-3f4a50ef07bac65c`));
    expect(texto).toContain('veiculo_imagens_pasta_idx');
    expect(texto).not.toMatch(/SubPlan|Seq Scan on veiculo_imagens/);
  });

  it('the API answers all active rows of the seeded reseller in the list order', async () => {
    const r = await amb.app.inject({
      method: 'GET',
      url: `/api/revendas/${amb.ids.revendaA}/veiculos`,
      headers: { cookie: (await amb.entrar('admin'))?.cookie ?? '' },
    });
    const linhas = r.json().data as { vefipe_marca: string; vevendido: number; updated_at: string; miniatura: string | null }[];
    const semeadas = linhas.filter((l) => l.vefipe_marca.startsWith('Marca '));
    expect(semeadas).toHaveLength(2000 - Math.floor(2000 / 13));
    expect(semeadas.every((l) => l.miniatura === '/arquivos/t0')).toBe(true);
    const chave = (l: { vevendido: number; updated_at: string }) => `${l.vevendido}|${9e15 - Date.parse(l.updated_at)}`;
    expect(linhas.map(chave)).toEqual([...linhas.map(chave)].sort());
  });
});
