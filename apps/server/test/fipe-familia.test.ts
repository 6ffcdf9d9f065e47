import { filtrarSugestoes, normalizarBusca } from '@intermedio/contracts';
import { CATALOGO_FIPE, lerTabela } from '@intermedio/sandbox/fipe/catalogo.ts';
import { codigoFipe, referencias, tabelaSandbox, tamanhoDoCatalogo } from '@intermedio/sandbox/fipe/gerador.ts';
import { describe, expect, it } from 'vitest';
import { codigoDoNome, mesmaMarca, separarModeloVersao } from '../src/modules/fipe/familia.ts';
import { precoDecimal } from '../src/modules/fipe/fipe.client.ts';

describe('model and version from a FIPE name', () => {
  it.each([
    ['Onix Plus LTZ 1.0 Turbo Flex 4p Aut.', 'Onix Plus', 'LTZ 1.0 Turbo Flex 4p Aut.'],
    ['ONIX HATCH LT 1.0 12V Flex 5p Mec.', 'ONIX', 'HATCH LT 1.0 12V Flex 5p Mec.'],
    ['AMAROK High.CD 2.0 16V TDI 4x4 Dies. Aut', 'AMAROK', 'High.CD 2.0 16V TDI 4x4 Dies. Aut'],
    ['T-Cross Highline 250 TSI 1.4 Flex Aut.', 'T-Cross', 'Highline 250 TSI 1.4 Flex Aut.'],
    ['Corolla Cross XRE 2.0 Flex 16V Aut.', 'Corolla Cross', 'XRE 2.0 Flex 16V Aut.'],
    ['CG 160 Titan Flex', 'CG 160', 'Titan Flex'],
    ['CB 300F Twister ABS Flex', 'CB 300F', 'Twister ABS Flex'],
    ['R 1250 GS Adventure', 'R 1250', 'GS Adventure'],
    ['FH 540 6x4 2p (diesel)(E5)', 'FH 540', '6x4 2p (diesel)(E5)'],
    ['Gol 1.0 12V MPI Flex 5p.', 'Gol', '1.0 12V MPI Flex 5p.'],
    ['S10 LTZ 2.8 4x4 CD Diesel Aut.', 'S10', 'LTZ 2.8 4x4 CD Diesel Aut.'],
    ['S10 Z71 2.8 4x4 CD Diesel Aut.', 'S10', 'Z71 2.8 4x4 CD Diesel Aut.'],
    ['Fat Boy 114', 'Fat Boy', '114'],
    ['Grand Siena Attractive 1.4 Flex', 'Grand Siena', 'Attractive 1.4 Flex'],
    ['Uno', 'Uno', ''],
  ])('%s → %s | %s', (nome, modelo, versao) => {
    expect(separarModeloVersao(nome)).toEqual({ modelo, versao });
  });

  it('codes from names ignore case and accents; brands match by either side of " - "', () => {
    expect(codigoDoNome('Onix Plus')).toBe('onix-plus');
    expect(codigoDoNome('Citroën')).toBe('citroen');
    expect(codigoDoNome('Marruá AM 200')).toBe('marrua-am-200');
    expect(mesmaMarca('GM - Chevrolet', 'chevrolet')).toBe(true);
    expect(mesmaMarca('VW - VolksWagen', 'Volkswagen')).toBe(true);
    expect(mesmaMarca('Citroën', 'CITROEN')).toBe(true);
    expect(mesmaMarca('Fiat', 'Ford')).toBe(false);
  });

  it('prices in pt-BR text become decimals', () => {
    expect(precoDecimal('R$ 85.430,00')).toBe('85430.00');
    expect(precoDecimal('R$ 1.036.000,50')).toBe('1036000.50');
    expect(precoDecimal('')).toBeNull();
  });
});

describe('suggestions (spec 2 §5): brand and model by prefix, version by substring', () => {
  const marcas = [{ nome: 'GM - Chevrolet' }, { nome: 'Citroën' }, { nome: 'Fiat' }, { nome: 'Ford' }];
  const modelos = [{ nome: 'Onix' }, { nome: 'Onix Plus' }, { nome: 'Tracker' }];
  const versoes = [{ nome: 'LTZ 1.0 Turbo Flex Aut.' }, { nome: '1.0 12V Flex Mec.' }, { nome: 'Premier 1.0 Turbo Flex Aut.' }];

  it('matches by prefix ignoring case and accents (a FIPE brand also by the part after " - ")', () => {
    expect(filtrarSugestoes(marcas, 'f', 'prefixo').map((m) => m.nome)).toEqual(['Fiat', 'Ford']);
    expect(filtrarSugestoes(marcas, 'CITRO', 'prefixo').map((m) => m.nome)).toEqual(['Citroën']);
    expect(filtrarSugestoes(marcas, 'citroë', 'prefixo').map((m) => m.nome)).toEqual(['Citroën']);
    expect(filtrarSugestoes(marcas, 'chev', 'prefixo').map((m) => m.nome)).toEqual(['GM - Chevrolet']);
    expect(filtrarSugestoes(marcas, 'gm', 'prefixo').map((m) => m.nome)).toEqual(['GM - Chevrolet']);
    expect(filtrarSugestoes(modelos, 'oni', 'prefixo').map((m) => m.nome)).toEqual(['Onix', 'Onix Plus']);
    expect(filtrarSugestoes(modelos, 'plus', 'prefixo')).toEqual([]);
    expect(filtrarSugestoes(modelos, 'rack', 'prefixo')).toEqual([]);
  });

  it('versions match anywhere in the name', () => {
    expect(filtrarSugestoes(versoes, 'turbo', 'contem').map((v) => v.nome)).toEqual([
      'LTZ 1.0 Turbo Flex Aut.',
      'Premier 1.0 Turbo Flex Aut.',
    ]);
    expect(filtrarSugestoes(versoes, 'mec', 'contem').map((v) => v.nome)).toEqual(['1.0 12V Flex Mec.']);
  });

  it('suggests nothing for empty input', () => {
    expect(filtrarSugestoes(marcas, '', 'prefixo')).toEqual([]);
    expect(filtrarSugestoes(versoes, '   ', 'contem')).toEqual([]);
    expect(normalizarBusca('  Ação  Já ')).toBe('acao ja');
  });
});

describe('the sandbox reference catalogue', () => {
  const tabela = tabelaSandbox();

  it('ships the makes most sold in Brazil, a few hundred models, versions and model years 2015–2026', () => {
    const nomes = (tipo: keyof typeof tabela) => tabela[tipo].map((m) => m.nome);
    expect(nomes('cars')).toEqual(
      expect.arrayContaining([
        'Fiat',
        'VW - VolksWagen',
        'GM - Chevrolet',
        'Hyundai',
        'Toyota',
        'Renault',
        'Jeep',
        'Honda',
        'Nissan',
        'Ford',
        'BYD',
        'Caoa Chery',
      ]),
    );
    expect(nomes('motorcycles')).toEqual(expect.arrayContaining(['Honda', 'Yamaha', 'Suzuki', 'BMW', 'Kawasaki', 'Harley-Davidson']));
    expect(nomes('trucks')).toEqual(
      expect.arrayContaining(['Volvo', 'Scania', 'Mercedes-Benz', 'VW - VolksWagen', 'Iveco', 'DAF', 'Ford']),
    );
    const t = tamanhoDoCatalogo();
    const soma = (k: 'marcas' | 'modelos' | 'versoes' | 'precos') => t.cars[k] + t.motorcycles[k] + t.trucks[k];
    expect(soma('modelos')).toBeGreaterThanOrEqual(150);
    expect(soma('versoes')).toBeGreaterThanOrEqual(400);
    const anos = Object.values(tabela).flatMap((ms) => ms.flatMap((m) => m.modelos.flatMap((mo) => mo.anos.map((a) => a.ano))));
    expect(Math.min(...anos)).toBe(2015);
    expect(Math.max(...anos)).toBe(2026);
  });

  it('every FIPE name splits back into the model it was listed under (the lookup groups versions by it)', () => {
    for (const marcas of Object.values(tabela)) {
      for (const marca of marcas) for (const m of marca.modelos) expect(separarModeloVersao(m.nome).modelo, m.nome).toBe(m.familia);
    }
  });

  it('FIPE codes are 001234-5, unique per type; model ids unique; prices fall with age', () => {
    for (const marcas of Object.values(tabela)) {
      const modelos = marcas.flatMap((m) => m.modelos);
      expect(modelos.every((m) => /^\d{6}-\d$/.test(m.codigoFipe))).toBe(true);
      expect(new Set(modelos.map((m) => m.codigoFipe)).size).toBe(modelos.length);
      expect(new Set(modelos.map((m) => m.id)).size).toBe(modelos.length);
      for (const m of modelos) {
        const precos = m.anos.map((a) => a.preco);
        expect(precos, m.nome).toEqual([...precos].sort((a, b) => b - a));
      }
    }
    expect(codigoFipe('001', 4)).toMatch(/^001004-\d$/);
  });

  it('reads its text tables strictly (a malformed line stops the server at start)', () => {
    expect(lerTabela('Marca | 1 | 001\n  Modelo | 2020-2022\n    Versão | 50 | 2021-\n')).toEqual([
      { nome: 'Marca', codigo: '1', prefixo: '001', modelos: [['Modelo', 2020, 2022, [['Versão', 50, 2021, undefined]]]] },
    ]);
    expect(() => lerTabela('Marca | 1 | 001\n  Modelo sem anos\n')).toThrow(/linha inválida/);
    expect(() => lerTabela('Marca | 1 | 001\n  Modelo | 2020-2022\n    Versão | caro\n')).toThrow(/linha inválida/);
    expect(CATALOGO_FIPE.cars.length).toBeGreaterThan(10);
  });

  it('references: monthly codes, newest first, "mês de ano"', () => {
    const r = referencias(new Date('2026-11-22T12:00:00Z'));
    expect(r[0]).toEqual({ code: '339', month: 'novembro de 2026' });
    expect(r[1]).toEqual({ code: '338', month: 'outubro de 2026' });
    expect(referencias(new Date('2024-04-10T12:00:00Z'))[0]).toEqual({ code: '308', month: 'abril de 2024' });
  });
});
