import {
  CAMPOS_IMPORTACAO,
  type Importacao,
  MENSAGENS_IMPORTACAO,
  type PreviaImportacao,
  ROTULO_CAMPO_IMPORTACAO,
} from '@intermedio/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importacoes, moderacao, veiculos } from '../src/db/schema/index.ts';
import { LIMITE_TENTATIVAS_LINHA } from '../src/modules/importacao/importacao.execucao.ts';
import { TAREFA_IMPORTACAO } from '../src/modules/importacao/importacao.service.ts';
import { veiculosRepository } from '../src/modules/veiculos/veiculos.repository.ts';
import { type Ambiente, type Credencial, cabecalhos, criarAmbiente, ouvir, semTarefasEmSegundoPlano } from './ajuda/ambiente.ts';
import { chamarComo } from './ajuda/veiculos.ts';

/**
 * Stock import (issue 27 item 1): CSV, XLSX and XML sources through the routes, the preview's rules, the job run by
 * the test (`amb.tarefas.executar`), a second import of the same file, a run that dies mid-way and is run again.
 */
let amb: Ambiente;
let base: string;
let gestor: Credencial | null;
let gestorB: Credencial | null;
let chamar: ReturnType<typeof chamarComo>;
let placaExistente: string;

beforeAll(async () => {
  amb = await criarAmbiente();
  base = await ouvir(amb);
  await semTarefasEmSegundoPlano(amb);
  gestor = await amb.entrar('gestorA');
  gestorB = await amb.entrar('gestorB');
  chamar = chamarComo(amb);
  const [v] = await amb.banco.db.select().from(veiculos).where(eq(veiculos.id, amb.ids.veiculoA));
  placaExistente = v?.veiplaca ?? '';
  expect(placaExistente).toMatch(/^[A-Z]{3}/);
});
afterAll(() => amb.encerrar());

const url = (sufixo = '', revenda = amb.ids.revendaA) => `/api/revendas/${revenda}/importacoes${sufixo}`;

async function enviar(dados: Buffer, nome: string, c: Credencial | null = gestor, revenda = amb.ids.revendaA) {
  const form = new FormData();
  form.append('arquivo', new Blob([new Uint8Array(dados)]), nome);
  const r = await fetch(base + url('/arquivo', revenda), { method: 'POST', body: form, headers: cabecalhos(c) as Record<string, string> });
  return { status: r.status, corpo: (await r.json()) as { data: Importacao } };
}
const previa = async (id: string, mapeamento: object) => {
  const r = await chamar('POST', url(`/${id}/previa`), gestor, { mapeamento });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as PreviaImportacao;
};
const confirmar = (id: string, mapeamento: object, escolhas: Record<string, string> = {}) =>
  chamar('POST', url(`/${id}/confirmar`), gestor, { mapeamento, escolhas });
const contar = async () =>
  (await amb.banco.db.select({ id: veiculos.id }).from(veiculos).where(eq(veiculos.revenda_id, amb.ids.revendaA))).length;

/** A spreadsheet as Brazilian Excel saves it: ";" and Windows-1252 (Latin-1) without BOM. */
const CSV_LINHAS = [
  'Marca;Modelo;Versão;Ano Fab;Ano Modelo;Combustível;Câmbio;Cor;Portas;Carroceria;Placa;KM;Preço;Opcionais;Fotos',
  'Fiat;Argo;Drive 1.0;2022;2023;Flex;Manual;Branca;4;Hatch;QWE1A23;35.000;R$ 72.900,00;Ar condicionado;',
  'Fiat;Argo;Drive;2022;2023;Flex;Automático;Preto;4;Hatch;QWE1A24;10000;R$ 89.900,00;;',
  'Fiat;Argo;Drive 1.0;2022;2023;Flex;Manual;Prata;4;Hatch;XX12;20000;R$ 70.000,00;;',
  'Fiat;Argo;Drive 1.0;2022;2023;Flex;Manual;Prata;4;Hatch;QWE1A23;20000;R$ 70.000,00;;',
  `Fiat;Argo;Drive 1.0;2022;2023;Flex;Manual;Azul;4;Hatch;${'%PLACA%'};50000;R$ 65.000,00;Teto solar de outro mundo;`,
];
const csvLatin1 = (linhas: string[]) => Buffer.from(`${linhas.join('\r\n')}\r\n`, 'latin1');

describe('CSV import', () => {
  let imp: Importacao;
  let mapa: Importacao['mapeamento'];

  it('reads a Latin-1 ";" file and guesses the mapping from accented, abbreviated headers', async () => {
    const linhas = CSV_LINHAS.map((l) => l.replace('%PLACA%', placaExistente));
    const r = await enviar(csvLatin1(linhas), 'estoque.csv');
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    imp = r.corpo.data;
    expect(imp.origem).toBe('csv');
    expect(imp.estado).toBe('rascunho');
    expect(imp.total_linhas).toBe(5);
    expect(imp.colunas[2]).toBe('Versão');
    expect(imp.amostra[0]?.Preço).toBe('R$ 72.900,00');
    mapa = imp.mapeamento;
    expect(mapa).toMatchObject({
      marca: 'Marca',
      versao: 'Versão',
      ano_fabricacao: 'Ano Fab',
      ano_modelo: 'Ano Modelo',
      combustivel: 'Combustível',
      cambio: 'Câmbio',
      km: 'KM',
      valor: 'Preço',
      placa: 'Placa',
      opcionais: 'Opcionais',
      fotos: 'Fotos',
    });
  });

  it('previews with the form rules and messages, FIPE matches and duplicates', async () => {
    const p = await previa(imp.id, mapa);
    const [l1, l2, l3, l4, l5] = p.linhas;
    // Row 1: converted labels ("Branca", "35.000", "R$ 72.900,00"), one FIPE version → criar.
    expect(l1).toMatchObject({ numero: 1, acao: 'criar', placa: 'QWE1A23', valor: '72900.00', erros: [] });
    expect(l1?.fipe.estado).toBe('encontrado');
    expect(l1?.fipe.escolhido?.versao).toBe('Drive 1.0 6V Flex 5p Mec.');
    // Row 2: "Drive" fits several FIPE versions → listed for a choice.
    expect(l2?.fipe.estado).toBe('ambiguo');
    expect(l2?.fipe.opcoes.length).toBeGreaterThan(1);
    expect(l2?.acao).toBe('ignorar');
    // Row 3: the plate with the form's message, on the plate field.
    expect(l3?.erros).toContainEqual({ campo: 'placa', mensagem: 'Preenchimento obrigatório' });
    // Row 4: same plate as row 1 of this file.
    expect(l4?.acao).toBe('ignorar');
    expect(l4?.erros[0]).toEqual({ campo: 'placa', mensagem: 'Mesma placa ou código da linha 1 deste arquivo.' });
    // Row 5: the reseller's vehicle with that plate → atualizar; unknown optional → warning only.
    expect(l5?.acao).toBe('atualizar');
    expect(l5?.duplicado?.id).toBe(amb.ids.veiculoA);
    expect(l5?.avisos).toContain('Opcional não encontrado no catálogo: Teto solar de outro mundo.');
    expect(p.resumo).toEqual({ criar: 1, atualizar: 1, ignorar: 3, ambiguas: 1 });
  });

  it('refuses a mapping to a column the file lacks, or without a required field (4xx with the message)', async () => {
    const r = await chamar('POST', url(`/${imp.id}/previa`), gestor, { mapeamento: { ...mapa, km: 'Quilômetros' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().data).toBe('Coluna inexistente no arquivo: Quilômetros.');
    const r2 = await chamar('POST', url(`/${imp.id}/previa`), gestor, { mapeamento: { ...mapa, valor: null } });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().data).toBe('Escolha a coluna de "Valor".');
  });

  it('confirms with a version chosen, runs the job: vehicles created as the form does, the duplicate updated', async () => {
    const p = await previa(imp.id, mapa);
    const escolha = p.linhas[1]?.fipe.opcoes.find((o) => o.versao.startsWith('Drive 1.3'))?.codigo ?? '';
    const antes = await contar();
    const r = await confirmar(imp.id, mapa, { 2: escolha });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.estado).toBe('importando');
    expect(r.json().data.progresso).toMatchObject({ total: 3, feitas: 0 });
    const deNovo = await confirmar(imp.id, mapa);
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json().data).toBe('Esta importação já foi confirmada.');

    await amb.tarefas.executar(TAREFA_IMPORTACAO);
    const fim = (await chamar('GET', url(`/${imp.id}`), gestor)).json().data as Importacao;
    expect(fim.estado).toBe('concluida');
    expect(fim.progresso).toEqual({ total: 3, feitas: 3, criados: 2, atualizados: 1, ignorados: 2, fotos_falhas: 0 });
    expect(await contar()).toBe(antes + 2);

    const [criado] = await amb.banco.db
      .select()
      .from(veiculos)
      .where(and(eq(veiculos.revenda_id, amb.ids.revendaA), eq(veiculos.veiplaca, 'QWE1A23')));
    expect(criado).toMatchObject({
      vecor: 'Branco',
      vecambio: 'M',
      vequilometragem: '35000',
      vevalor: '72900.00',
      ve_versao: 'Drive 1.0 6V Flex 5p Mec.',
    });
    expect(criado?.opcionais.map((o) => o.descricao)).toEqual(['Ar-condicionado']); // the catalogue's name, matched without the hyphen
    const [escolhido] = await amb.banco.db.select().from(veiculos).where(eq(veiculos.veiplaca, 'QWE1A24'));
    expect(escolhido?.ve_versao.startsWith('Drive 1.3')).toBe(true);
    const incluidos = await amb.banco.db
      .select()
      .from(moderacao)
      .where(and(eq(moderacao.fila, 'incluidos'), eq(moderacao.veiculo_id, criado?.id ?? '')));
    expect(incluidos).toHaveLength(1);
    const [atualizado] = await amb.banco.db.select().from(veiculos).where(eq(veiculos.id, amb.ids.veiculoA));
    expect(atualizado).toMatchObject({ vecor: 'Azul', vevalor: '65000.00', vealterado: 1 });

    const linhas = (await chamar('GET', url(`/${imp.id}/linhas`), gestor)).json().data;
    expect(linhas.map((l: { resultado: string }) => l.resultado)).toEqual(['criado', 'criado', 'ignorado', 'ignorado', 'atualizado']);
    expect(linhas[2].motivo).toBe('Placa: Preenchimento obrigatório');

    const rel = await chamar('GET', url(`/${imp.id}/relatorio`), gestor);
    expect(rel.statusCode).toBe(200);
    expect(rel.headers['content-type']).toContain('text/csv');
    expect(rel.body.startsWith('\ufeffLinha;Veículo;Resultado;Motivo;Fotos com falha\r\n')).toBe(true);
    expect(rel.body).toContain('3;Fiat Argo Drive 1.0 2023;Ignorado;Placa: Preenchimento obrigatório;');
  });

  it('the same file imported twice updates and never duplicates; the mapping is remembered', async () => {
    const linhas = CSV_LINHAS.map((l) => l.replace('%PLACA%', placaExistente));
    const mudado = { ...mapa, observacao: 'Opcionais', opcionais: null };
    await previa(imp.id, mudado).catch(() => {}); // confirmed import: previews still answer, and remember
    const r = await enviar(csvLatin1(linhas), 'estoque.csv');
    expect(r.corpo.data.mapeamento).toMatchObject({ observacao: 'Opcionais', opcionais: null });
    const segunda = r.corpo.data;
    const p = await previa(segunda.id, mapa);
    expect(p.resumo).toMatchObject({ criar: 0, atualizar: 2 });
    const antes = await contar();
    expect((await confirmar(segunda.id, mapa)).statusCode).toBe(200);
    await amb.tarefas.executar(TAREFA_IMPORTACAO);
    await amb.tarefas.executar(TAREFA_IMPORTACAO);
    expect(await contar()).toBe(antes);
    const fim = (await chamar('GET', url(`/${segunda.id}`), gestor)).json().data as Importacao;
    expect(fim.progresso).toMatchObject({ total: 2, feitas: 2, criados: 0, atualizados: 2 });
  });

  it("lists the reseller's imports, newest first; another reseller's gestor is refused", async () => {
    const lista = (await chamar('GET', url(), gestor)).json().data as Importacao[];
    expect(lista.length).toBeGreaterThanOrEqual(2);
    expect((lista[0]?.created_at ?? '') >= (lista[1]?.created_at ?? '')).toBe(true);
    expect((await chamar('GET', url(`/${imp.id}`), gestorB)).statusCode).toBe(403);
    expect((await chamar('GET', url(`/${imp.id}`, amb.ids.revendaB), gestorB)).statusCode).toBe(404);
    expect((await enviar(csvLatin1(CSV_LINHAS), 'x.csv', gestorB)).status).toBe(403);
  });
});

describe('XLSX and XML sources', () => {
  it('XLSX: first sheet, header on the first non-empty row', async () => {
    const livro = new ExcelJS.Workbook();
    const folha = livro.addWorksheet('Estoque');
    folha.addRow([]);
    folha.addRow([
      'Marca',
      'Modelo',
      'Versao',
      'Ano Fabricação',
      'Ano Modelo',
      'Cambio',
      'Cor',
      'Portas',
      'Carroceria',
      'Placa',
      'Quilometragem',
      'Valor',
      'Código',
    ]);
    folha.addRow(['Fiat', 'Argo', 'Drive 1.0', 2021, 2022, 'Manual', 'Vermelha', 4, 'Hatch', 'XLS1A11', 40000, 69900.5, 'X-1']);
    folha.addRow(['Fiat', 'Argo', 'Drive 1.0', 2021, 2022, 'Manual', 'Vermelha', 4, 'Hatch', '', '', 69900, 'X-1']);
    const r = await enviar(Buffer.from(await livro.xlsx.writeBuffer()), 'estoque.xlsx');
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    const imp = r.corpo.data;
    expect(imp.origem).toBe('xlsx');
    expect(imp.mapeamento).toMatchObject({
      ano_fabricacao: 'Ano Fabricação',
      km: 'Quilometragem',
      valor: 'Valor',
      codigo_interno: 'Código',
    });
    const p = await previa(imp.id, imp.mapeamento);
    expect(p.linhas[0]).toMatchObject({ acao: 'criar', valor: '69900.50', codigo_interno: 'X-1' });
    // Same code as row 1; and a used car without plate and km, with the form's messages.
    expect(p.linhas[1]?.erros).toEqual([
      { campo: 'codigo_interno', mensagem: 'Mesma placa ou código da linha 1 deste arquivo.' },
      { campo: 'placa', mensagem: 'Preenchimento obrigatório' },
      { campo: 'km', mensagem: 'Preenchimento obrigatório' },
    ]);
  });

  it('XML "estoque" feed: one <veiculo> per car, optionals joined by ";", photos by a space', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<estoque><veiculos>
  <veiculo><id>881</id><marca>FIAT</marca><modelo>ARGO</modelo><versao>DRIVE 1.0</versao><anofabricacao>2020</anofabricacao>
    <anomodelo>2021</anomodelo><km>52000</km><preco>61900.00</preco><cor>Branco</cor><combustivel>Flex</combustivel>
    <cambio>Manual</cambio><portas>4</portas><carroceria>Hatch</carroceria><placa>XML1B22</placa>
    <opcionais><opcional>Ar condicionado</opcional><opcional>Direção hidráulica</opcional></opcionais>
    <fotos><foto>https://fotos.exemplo.com.br/1.jpg</foto><foto>https://fotos.exemplo.com.br/2.jpg</foto></fotos></veiculo>
  <veiculo><id>882</id><marca>FIAT</marca><modelo>ARGO</modelo><versao>DRIVE 1.0</versao><anofabricacao>2020</anofabricacao>
    <anomodelo>2021</anomodelo><km>1000</km><preco>62000</preco><cor>Preta</cor><cambio>Manual</cambio><portas>4</portas>
    <carroceria>Hatch</carroceria><placa>XML1B23</placa><opcionais>Ar condicionado, Vidros elétricos</opcionais>
    <fotos><foto>https://fotos.exemplo.com.br/3.jpg</foto></fotos></veiculo>
</veiculos></estoque>`;
    const r = await enviar(Buffer.from(xml), 'feed.xml');
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    const imp = r.corpo.data;
    expect(imp.origem).toBe('xml');
    expect(imp.total_linhas).toBe(2);
    expect(imp.amostra[0]).toMatchObject({
      fotos: 'https://fotos.exemplo.com.br/1.jpg https://fotos.exemplo.com.br/2.jpg',
      opcionais: 'Ar condicionado;Direção hidráulica',
    });
    expect(imp.amostra[1]?.opcionais).toBe('Ar condicionado;Vidros elétricos');
    expect(imp.mapeamento).toMatchObject({
      marca: 'marca',
      ano_fabricacao: 'anofabricacao',
      ano_modelo: 'anomodelo',
      valor: 'preco',
      codigo_interno: 'id',
      fotos: 'fotos',
    });
    const m = { ...imp.mapeamento };
    const p = await previa(imp.id, m);
    expect(p.linhas[0]).toMatchObject({ acao: 'criar', fotos: 2 });
    expect(p.linhas[0]?.fipe.estado).toBe('encontrado');
  });

  it('JSON feed: the list of cars found under its key, photo objects and optional lists flattened', async () => {
    const json = {
      loja: { nome: 'Outra Loja' },
      veiculos: [
        {
          marca: 'Fiat',
          modelo: 'Argo',
          versao: 'Drive 1.0',
          ano_fabricacao: 2021,
          ano_modelo: 2022,
          valor: 'R$ 70.500,00',
          km: 30000,
          cor: 'Branco',
          cambio: 'M',
          portas: 4,
          carroceria: 'Hatch',
          placa: 'JSO-1A23',
          opcionais: ['Ar condicionado', 'Alarme'],
          imagens: [{ url: 'https://fotos.exemplo.com.br/a.jpg' }, { url: 'https://fotos.exemplo.com.br/b.jpg' }],
        },
      ],
    };
    const r = await enviar(Buffer.from(JSON.stringify(json)), 'estoque.json');
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    const imp = r.corpo.data;
    expect(imp.origem).toBe('json');
    expect(imp.amostra[0]).toMatchObject({
      placa: 'JSO-1A23',
      opcionais: 'Ar condicionado;Alarme',
      imagens: 'https://fotos.exemplo.com.br/a.jpg https://fotos.exemplo.com.br/b.jpg',
    });
    expect(imp.mapeamento).toMatchObject({ fotos: 'imagens', ano_fabricacao: 'ano_fabricacao', valor: 'valor' });
    const p = await previa(imp.id, imp.mapeamento);
    expect(p.linhas[0]).toMatchObject({ acao: 'criar', placa: 'JSO1A23', valor: '70500.00', fotos: 2 });
  });

  it('a feed URL on an internal address is refused before any connection (no test-only loopback here)', async () => {
    const r = await chamar('POST', url('/url'), gestor, { url: 'http://127.0.0.1:9/estoque.xml' });
    expect(r.statusCode).toBe(422);
    expect(r.json().data).toBe('Não foi possível ler o endereço: Endereço não permitido: aponta para uma rede interna.');
    const ftp = await chamar('POST', url('/url'), gestor, { url: 'ftp://estoque.test/feed.xml' });
    expect(ftp.statusCode).toBe(400);
  });

  it('refuses a file that is no spreadsheet, and one without vehicle rows', async () => {
    const vazio = await enviar(Buffer.from('Marca;Modelo\r\n'), 'vazio.csv');
    expect(vazio.status).toBe(422);
    expect(vazio.corpo.data as unknown).toBe('A planilha não tem nenhuma linha de veículo.');
    const ruim = await enviar(Buffer.from('PK\u0003\u0004lixo'), 'ruim.xlsx');
    expect(ruim.status).toBe(422);
    expect(ruim.corpo.data as unknown).toBe('Arquivo inválido: envie uma planilha CSV ou XLSX.');
  });
});

describe('the job', () => {
  it('killed mid-way and run again: every row done once, none twice', async () => {
    const linhas = ['Marca;Modelo;Versão;Ano Fab;Ano Modelo;Câmbio;Cor;Portas;Carroceria;Placa;KM;Valor'];
    for (let i = 0; i < 5; i++) linhas.push(`Fiat;Argo;Drive 1.0;2022;2023;Manual;Cinza;4;Hatch;KIL1A2${i};100${i};50000`);
    const imp = (await enviar(csvLatin1(linhas), 'queda.csv')).corpo.data;
    expect((await confirmar(imp.id, imp.mapeamento)).statusCode).toBe(200);
    const antes = await contar();
    // The third insert fails as a crash would: that row's transaction is undone, the run stops.
    const original = veiculosRepository.inserir;
    let n = 0;
    const espiao = vi.spyOn(veiculosRepository, 'inserir').mockImplementation(async (...a) => {
      if (++n === 3) throw new Error('processo morto');
      return original(...a);
    });
    await amb.tarefas.executar(TAREFA_IMPORTACAO);
    espiao.mockRestore();
    expect(await contar()).toBe(antes + 2);
    const meio = (await chamar('GET', url(`/${imp.id}`), gestor)).json().data as Importacao;
    expect(meio).toMatchObject({ estado: 'importando', progresso: { feitas: 2, criados: 2 } });
    // Another worker's hold is respected.
    await amb.banco.db
      .update(importacoes)
      .set({ lease_ate: new Date(Date.now() + 60_000) })
      .where(eq(importacoes.id, imp.id));
    await amb.tarefas.executar(TAREFA_IMPORTACAO);
    expect(await contar()).toBe(antes + 2);
    await amb.banco.db.update(importacoes).set({ lease_ate: null }).where(eq(importacoes.id, imp.id));
    await amb.tarefas.executar(TAREFA_IMPORTACAO);
    await amb.tarefas.executar(TAREFA_IMPORTACAO);
    expect(await contar()).toBe(antes + 5);
    const placas = await amb.banco.db.select({ p: veiculos.veiplaca }).from(veiculos).where(eq(veiculos.vecor, 'Cinza'));
    expect(placas.filter((x) => x.p?.startsWith('KIL')).length).toBe(5);
    const fim = (await chamar('GET', url(`/${imp.id}`), gestor)).json().data as Importacao;
    expect(fim).toMatchObject({ estado: 'concluida', progresso: { total: 5, feitas: 5, criados: 5 } });
  });
});

describe('a row that always fails', () => {
  it('is given up with its reason after 3 runs, and the import goes on to the end', async () => {
    const linhas = ['Marca;Modelo;Versão;Ano Fab;Ano Modelo;Câmbio;Cor;Portas;Carroceria;Placa;KM;Valor'];
    for (let i = 0; i < 3; i++) linhas.push(`Fiat;Argo;Drive 1.0;2022;2023;Manual;Verde;4;Hatch;VEN1A2${i};100${i};50000`);
    const imp = (await enviar(csvLatin1(linhas), 'veneno.csv')).corpo.data;
    expect((await confirmar(imp.id, imp.mapeamento)).statusCode).toBe(200);
    const antes = await contar();
    // The second row's insert fails every time (an unexpected error, not a refusal of the form).
    const original = veiculosRepository.inserir;
    const espiao = vi.spyOn(veiculosRepository, 'inserir').mockImplementation(async (db, idRevenda, dados, usuarioId) => {
      if (dados.veiplaca === 'VEN1A21') throw new Error('falha inesperada');
      return original(db, idRevenda, dados, usuarioId);
    });
    try {
      for (let n = 0; n < LIMITE_TENTATIVAS_LINHA; n++) await amb.tarefas.executar(TAREFA_IMPORTACAO);
      // Stuck on it so far: the first row only, the import still running.
      expect(await contar()).toBe(antes + 1);
      expect((await chamar('GET', url(`/${imp.id}`), gestor)).json().data).toMatchObject({ estado: 'importando' });
      await amb.tarefas.executar(TAREFA_IMPORTACAO);
    } finally {
      espiao.mockRestore();
    }
    expect(await contar()).toBe(antes + 2);
    const fim = (await chamar('GET', url(`/${imp.id}`), gestor)).json().data as Importacao;
    expect(fim).toMatchObject({ estado: 'concluida', progresso: { total: 3, feitas: 3, criados: 2, ignorados: 1 } });
    const rel = await chamar('GET', url(`/${imp.id}/relatorio`), gestor);
    expect(rel.body).toContain(MENSAGENS_IMPORTACAO.linhaDesistida(LIMITE_TENTATIVAS_LINHA));
  });
});

describe('template', () => {
  it('CSV and XLSX with the panel columns and an example row', async () => {
    const csv = await chamar('GET', url('/modelo?formato=csv'), gestor);
    expect(csv.statusCode).toBe(200);
    const [titulos, exemplo] = csv.body.replace(/^\ufeff/, '').split('\r\n');
    expect(titulos).toBe(CAMPOS_IMPORTACAO.map((c) => ROTULO_CAMPO_IMPORTACAO[c]).join(';'));
    expect(exemplo).toContain('Fiat;Argo;');
    const xlsx = await chamar('GET', url('/modelo?formato=xlsx'), gestor);
    expect(xlsx.statusCode).toBe(200);
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(livro.worksheets[0]?.getRow(1).getCell(1).text).toBe('Tipo');
    expect(livro.worksheets[0]?.getRow(2).getCell(2).text).toBe('Fiat');
    const ruim = await chamar('GET', url('/modelo?formato=pdf'), gestor);
    expect(ruim.statusCode).toBe(400);
  });

  it('the template itself imports: its example row previews as criar', async () => {
    const csv = await chamar('GET', url('/modelo?formato=csv'), gestor);
    const imp = (await enviar(Buffer.from(csv.rawPayload), 'modelo.csv')).corpo.data;
    expect(imp.mapeamento).toMatchObject(Object.fromEntries(CAMPOS_IMPORTACAO.map((c) => [c, ROTULO_CAMPO_IMPORTACAO[c]])));
    const p = await previa(imp.id, imp.mapeamento);
    expect(p.linhas[0]?.erros).toEqual([]);
  });
});
