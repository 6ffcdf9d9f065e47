import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fipeCache, usuarios, veiculoAlteracoes, veiculoIntegracoes, veiculos, veiculoVendas } from '../src/db/schema/index.ts';
import { type Ambiente, type Credencial, criarAmbiente } from './ajuda/ambiente.ts';
import { chamarComo } from './ajuda/veiculos.ts';

/**
 * Exports (issue 25 item 6): each file opened and read back (CSV with papaparse, XLSX with exceljs) against rows
 * computed by hand from the vehicles inserted below into reseller B (emptied first).
 */
let amb: Ambiente;
let admin: Credencial | null;
let gestorB: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let base: string;
const id = { citroen: '', moto: '', vendido: '', removido: '' };

/** Whole São Paulo (UTC-3, no DST) calendar days from `d` to now: the list's "Dias em estoque". */
const diasAteHoje = (d: Date) => {
  const dia = (t: number) => Math.floor((t - 3 * 3_600_000) / 86_400_000);
  return dia(Date.now()) - dia(d.getTime());
};
const INCLUIDO = {
  citroen: new Date('2026-03-05T14:07:00Z'), // 05/03/2026 11:07 in São Paulo
  onix: new Date('2026-01-10T02:30:00Z'), // 09/01/2026 23:30 in São Paulo: the day before in UTC
  vendido: new Date('2026-02-01T15:00:00Z'),
  removido: new Date('2026-02-02T15:00:00Z'),
};
const VENDIDO_EM = new Date('2026-04-10T13:00:00Z'); // 10/04/2026 in São Paulo
const VENDIDO_REMOVIDO_EM = new Date('2026-04-30T02:00:00Z'); // 29/04/2026 23:00 in São Paulo

beforeAll(async () => {
  amb = await criarAmbiente();
  chamar = chamarComo(amb);
  [admin, gestorB] = await Promise.all([amb.entrar('admin'), amb.entrar('gestorB')]);
  const { revendaB } = amb.ids;
  base = `/api/revendas/${revendaB}`;
  const db = amb.banco.db;
  await db.delete(veiculos).where(eq(veiculos.revenda_id, revendaB));
  const carro = (extra: Partial<typeof veiculos.$inferInsert>) => ({
    revenda_id: revendaB,
    vetipoveiculo: 'carro' as const,
    vefipe_marca: 'Fiat',
    vefipe_name: 'Argo Drive 1.0',
    ve_modelo: 'Argo',
    ve_versao: 'Drive 1.0',
    veano_fabricacao: 2022,
    vefipe_ano_modelo: 2023,
    vevalor: '79900.00',
    ...extra,
  });
  const linhas = await db
    .insert(veiculos)
    .values([
      carro({
        vefipe_marca: 'Citroën',
        vefipe_name: 'C4 Cactus Feel 1.6 Automático',
        veano_fabricacao: 2021,
        vefipe_ano_modelo: 2022,
        vevalor: '89900.50',
        veiplaca: 'ABC1D23',
        vecor: 'Prata',
        vecodigo_interno: 'Nº 7',
        vefipe_codigo: '938001-4',
        created_at: INCLUIDO.citroen,
        updated_at: new Date('2026-03-06T18:45:00Z'),
      }),
      carro({
        vetipoveiculo: 'moto',
        vefipe_marca: 'Honda',
        vefipe_name: 'CG 160 Titan',
        vevalor: '15000.00',
        vecodigo_interno: '=1+1',
        vefipe_codigo: '811001-1',
        created_at: INCLUIDO.onix,
        updated_at: INCLUIDO.onix,
      }),
      carro({ vevendido: 1, vevalor: '120000.00', created_at: INCLUIDO.vendido, updated_at: INCLUIDO.vendido }),
      carro({
        vefipe_name: 'Uno Way 1.0',
        vevendido: 1,
        veremovido: 1,
        vevalor: '30500.99',
        created_at: INCLUIDO.removido,
        updated_at: INCLUIDO.removido,
      }),
    ])
    .returning({ id: veiculos.id });
  [id.citroen = '', id.moto = '', id.vendido = '', id.removido = ''] = linhas.map((l) => l.id);
  await db.insert(veiculoIntegracoes).values([
    { veiculo_id: id.citroen, revenda_id: revendaB, canal: 'webmotors' },
    { veiculo_id: id.citroen, revenda_id: revendaB, canal: 'olx', estado: 'falhou' },
    { veiculo_id: id.vendido, revenda_id: revendaB, canal: 'icarros', desatualizado: true },
  ]);
  const [gestor] = await db.select().from(usuarios).where(eq(usuarios.email, 'gestor@motosbasico.test'));
  await db.insert(veiculoVendas).values([
    { veiculo_id: id.vendido, revenda_id: revendaB, vendido_em: VENDIDO_EM, usuario_id: gestor?.id },
    { veiculo_id: id.removido, revenda_id: revendaB, vendido_em: VENDIDO_REMOVIDO_EM },
  ]);
  const detalhe = (codeFipe: string, modelYear: number, price: string) => ({
    codeFipe,
    modelYear,
    price,
    brand: 'x',
    fuel: 'Flex',
    fuelAcronym: 'F',
    model: 'x',
    referenceMonth: 'novembro de 2026',
  });
  await db.insert(fipeCache).values([
    { chave: 'e|321|/cars/x/2022-1', referencia: '321', resposta: detalhe('938001-4', 2022, 'R$ 80.000,00') }, // × 1,1 = 88.000 < 89.900,50
    { chave: 'e|321|/motorcycles/x/2023-1', referencia: '321', resposta: detalhe('811001-1', 2023, 'R$ 14.000,00') }, // × 1,1 = 15.400 > 15.000
  ]);
  await db.insert(veiculoAlteracoes).values([
    {
      veiculo_id: id.citroen,
      revenda_id: revendaB,
      vedataalteracao: new Date('2026-03-06T18:45:00Z'),
      veusuarioalterou: 'José Araújo',
      campos: { vevalor: { antiga: 'R$ 92.000,00', nova: 'R$ 89.900,50' }, vecor: { antiga: 'Branco', nova: 'Prata' } },
    },
    {
      veiculo_id: id.citroen,
      revenda_id: revendaB,
      vedataalteracao: new Date('2026-03-05T14:30:00Z'),
      veusuarioalterou: 'Ana',
      campos: { veobservacao: { antiga: '', nova: 'Único dono' } },
    },
  ]);
});
afterAll(() => amb.encerrar());

async function csv(url: string, c: Credencial | null = gestorB) {
  const r = await chamar('GET', url, c);
  expect(r.statusCode, r.body).toBe(200);
  expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
  const texto = r.rawPayload.toString('utf8');
  expect(texto.charCodeAt(0)).toBe(0xfeff); // BOM: Excel pt-BR reads UTF-8
  const lido = Papa.parse<string[]>(texto.slice(1), { delimiter: ';', skipEmptyLines: true });
  expect(lido.errors).toEqual([]);
  return { linhas: lido.data, cabecalhos: r.headers, texto };
}

async function xlsx(url: string) {
  const r = await chamar('GET', url, gestorB);
  expect(r.statusCode, r.body).toBe(200);
  expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const livro = new ExcelJS.Workbook();
  await livro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
  const folha = livro.worksheets[0];
  if (!folha) throw new Error('sem planilha');
  const linhas: ExcelJS.Row[] = [];
  folha.eachRow((l) => linhas.push(l));
  return { folha, linhas, valores: linhas.map((l) => (l.values as unknown[]).slice(1)), cabecalhos: r.headers };
}

const CAB_ESTOQUE = [
  'Veículo',
  'Tipo',
  'Ano',
  'Placa',
  'Cor',
  'Código interno',
  'Valor',
  'Dias em estoque',
  'Situação',
  'Incluído em',
  'Atualizado em',
  'Anúncios',
];

describe('stock export (the vehicle list with its filters)', () => {
  it('CSV: BOM, ";", pt-BR money and dates; the sold car in, the removed one out; list order (sold last)', async () => {
    const { linhas, cabecalhos } = await csv(`${base}/veiculos/exportar?formato=csv`);
    expect(cabecalhos['content-disposition']).toMatch(/^attachment; filename="Estoque_Motos_Basico_\d{4}-\d{2}-\d{2}\.csv"/);
    expect(linhas).toEqual([
      CAB_ESTOQUE,
      [
        'Citroën C4 Cactus Feel 1.6 Automático',
        'Carro',
        '2021/2022',
        'ABC1D23',
        'Prata',
        'Nº 7',
        '89.900,50',
        String(diasAteHoje(INCLUIDO.citroen)),
        'À venda',
        '05/03/2026',
        '06/03/2026 15:45',
        'Olx: falhou, Webmotors: publicado',
      ],
      // A cell starting a formula is neutralised with a leading apostrophe.
      [
        'Honda CG 160 Titan',
        'Moto',
        '2022/2023',
        '',
        '',
        "'=1+1",
        '15.000,00',
        String(diasAteHoje(INCLUIDO.onix)),
        'À venda',
        '09/01/2026',
        '09/01/2026 23:30',
        '',
      ],
      [
        'Fiat Argo Drive 1.0',
        'Carro',
        '2022/2023',
        '',
        '',
        '',
        '120.000,00',
        String(diasAteHoje(INCLUIDO.vendido)),
        'Vendido',
        '01/02/2026',
        '01/02/2026 12:00',
        'iCarros: desatualizado',
      ],
    ]);
  });

  it('takes the list filters: text (accents ignored), type and the advert chips; bad values are 400 in Portuguese', async () => {
    const porTexto = await csv(`${base}/veiculos/exportar?formato=csv&texto=${encodeURIComponent('citroen automatico')}`);
    expect(porTexto.linhas.map((l) => l[0])).toEqual(['Veículo', 'Citroën C4 Cactus Feel 1.6 Automático']);
    const porTipo = await csv(`${base}/veiculos/exportar?formato=csv&tipo=moto`);
    expect(porTipo.linhas.map((l) => l[0])).toEqual(['Veículo', 'Honda CG 160 Titan']);
    const semAnuncio = await csv(`${base}/veiculos/exportar?formato=csv&filtros=sem`);
    expect(semAnuncio.linhas.map((l) => l[0])).toEqual(['Veículo', 'Honda CG 160 Titan']);
    // The dashboard's "acima da FIPE" link filter (?filtro=acima_fipe) goes to the export too.
    const acimaFipe = await csv(`${base}/veiculos/exportar?formato=csv&filtro=acima_fipe`);
    expect(acimaFipe.linhas.map((l) => l[0])).toEqual(['Veículo', 'Citroën C4 Cactus Feel 1.6 Automático']);
    const falhouEPreco = await csv(`${base}/veiculos/exportar?formato=csv&filtros=falhou&texto=89.900,50`);
    expect(falhouEPreco.linhas.map((l) => l[0])).toEqual(['Veículo', 'Citroën C4 Cactus Feel 1.6 Automático']);

    for (const [q, msg] of [
      ['formato=pdf', 'Formato inválido'],
      ['formato=csv&filtros=sem,xyz', 'Filtro de anúncio inválido: xyz.'],
      ['formato=csv&tipo=aviao', 'Tipo de veículo inválido.'],
      ['formato=csv&filtro=barato', 'Filtro inválido.'],
    ] as const) {
      const r = await chamar('GET', `${base}/veiculos/exportar?${q}`, gestorB);
      expect(r.statusCode, q).toBe(400);
      expect(r.body, q).toContain(msg);
    }
  });

  it('XLSX: money as numbers with the R$ format, dates as dates with dd/mm/aaaa', async () => {
    const { folha, valores, cabecalhos } = await xlsx(`${base}/veiculos/exportar?formato=xlsx&filtros=falhou`);
    expect(cabecalhos['content-disposition']).toMatch(/filename="Estoque_Motos_Basico_\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(folha.name).toBe('Estoque');
    expect(valores).toEqual([
      CAB_ESTOQUE,
      [
        'Citroën C4 Cactus Feel 1.6 Automático',
        'Carro',
        '2021/2022',
        'ABC1D23',
        'Prata',
        'Nº 7',
        89900.5,
        diasAteHoje(INCLUIDO.citroen),
        'À venda',
        new Date(Date.UTC(2026, 2, 5)),
        new Date(Date.UTC(2026, 2, 6, 15, 45)),
        'Olx: falhou, Webmotors: publicado',
      ],
    ]);
    expect(folha.getCell('G2').numFmt).toBe('"R$" #,##0.00');
    expect(folha.getCell('J2').numFmt).toBe('dd/mm/yyyy');
    expect(folha.getCell('K2').numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('the admin exports any reseller', async () => {
    const { linhas } = await csv(`${base}/veiculos/exportar?formato=csv`, admin);
    expect(linhas).toHaveLength(4);
  });
});

const CAB_VENDAS = [
  'Vendido em',
  'Veículo',
  'Tipo',
  'Ano',
  'Placa',
  'Código interno',
  'Valor',
  'Incluído em',
  'Dias em estoque',
  'Vendido por',
  'Removido do estoque',
];

describe('sales export (a period, São Paulo days, both ends included)', () => {
  it('CSV: the sold car and the sold-then-removed one, by São Paulo day', async () => {
    const { linhas, cabecalhos } = await csv(`${base}/vendas/exportar?formato=csv&de=2026-04-10&ate=2026-04-29`);
    expect(cabecalhos['content-disposition']).toContain('filename="Vendas_Motos_Basico_2026-04-10_a_2026-04-29.csv"');
    expect(linhas).toEqual([
      CAB_VENDAS,
      ['10/04/2026', 'Fiat Argo Drive 1.0', 'Carro', '2022/2023', '', '', '120.000,00', '01/02/2026', '68', 'Gestor Motos Básico', 'Não'],
      ['29/04/2026', 'Fiat Uno Way 1.0', 'Carro', '2022/2023', '', '', '30.500,99', '02/02/2026', '86', '', 'Sim'],
    ]);
    // 30/04 02:00 UTC is still 29/04 in São Paulo: a period ending on 28/04 leaves it out, one from 30/04 too.
    expect((await csv(`${base}/vendas/exportar?formato=csv&de=2026-04-11&ate=2026-04-28`)).linhas).toEqual([CAB_VENDAS]);
    expect((await csv(`${base}/vendas/exportar?formato=csv&de=2026-04-30&ate=2026-05-31`)).linhas).toEqual([CAB_VENDAS]);
  });

  it('XLSX: the same rows, typed', async () => {
    const { valores } = await xlsx(`${base}/vendas/exportar?formato=xlsx&de=2026-04-01&ate=2026-04-30`);
    expect(valores[2]).toEqual(
      [
        new Date(Date.UTC(2026, 3, 29)),
        'Fiat Uno Way 1.0',
        'Carro',
        '2022/2023',
        null,
        null,
        30500.99,
        new Date(Date.UTC(2026, 1, 2)),
        86,
        null,
        'Sim',
      ].map((v) => (v === null ? undefined : v)),
    );
  });

  it('a bad period is 400 with a Portuguese message', async () => {
    for (const [q, msg] of [
      ['formato=csv&de=2026-04-30&ate=2026-04-01', 'A data inicial deve ser anterior ou igual à final.'],
      ['formato=csv&de=2026-02-30&ate=2026-04-01', 'Data inicial inválida.'],
      ['formato=csv&de=10/04/2026&ate=2026-04-01', 'Data inicial inválida: use aaaa-mm-dd.'],
      ['formato=csv&de=2026-04-01', 'Informe a data final.'],
    ] as const) {
      const r = await chamar('GET', `${base}/vendas/exportar?${q}`, gestorB);
      expect(r.statusCode, q).toBe(400);
      expect(r.body, q).toContain(msg);
    }
  });
});

describe('change log export (one row per changed field, newest first)', () => {
  it('CSV and XLSX', async () => {
    const url = (f: string) => `${base}/veiculos/${id.citroen}/alteracoes/exportar?formato=${f}`;
    const cab = ['Data', 'Usuário', 'Campo', 'Valor anterior', 'Valor novo'];
    const { linhas, cabecalhos } = await csv(url('csv'));
    expect(cabecalhos['content-disposition']).toContain('filename="Alteracoes_Citroen_C4_Cactus_Feel_1_6_Automatico_2022.csv"');
    expect(linhas).toEqual([
      cab,
      // jsonb keeps a change's fields in its own key order (shorter keys first), as the .txt lists them.
      ['06/03/2026 15:45', 'José Araújo', 'Cor', 'Branco', 'Prata'],
      ['06/03/2026 15:45', 'José Araújo', 'Valor', 'R$ 92.000,00', 'R$ 89.900,50'],
      ['05/03/2026 11:30', 'Ana', 'Observação', '', 'Único dono'],
    ]);
    const { valores } = await xlsx(url('xlsx'));
    expect(valores).toEqual([
      cab,
      [new Date(Date.UTC(2026, 2, 6, 15, 45)), 'José Araújo', 'Cor', 'Branco', 'Prata'],
      [new Date(Date.UTC(2026, 2, 6, 15, 45)), 'José Araújo', 'Valor', 'R$ 92.000,00', 'R$ 89.900,50'],
      [new Date(Date.UTC(2026, 2, 5, 11, 30)), 'Ana', 'Observação', undefined, 'Único dono'],
    ]);
  });

  it('a vehicle of another reseller is 404', async () => {
    const r = await chamar('GET', `${base}/veiculos/${amb.ids.veiculoA}/alteracoes/exportar?formato=csv`, admin);
    expect(r.statusCode).toBe(404);
  });
});
