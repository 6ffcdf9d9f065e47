import { describe, expect, it } from 'vitest';
import { casarMarca, casarNoCatalogo, casarOpcao, casarOpcional, ordenarOpcoes, versoesCandidatas } from './mapeamento.ts';
import { ok } from './tipos.ts';

const marcas = [
  { id: '1', nome: 'Chevrolet' },
  { id: '2', nome: 'Citroën' },
  { id: '3', nome: 'volkswagen' },
  { id: '4', nome: 'Fiat' },
];

describe('matching product names to a channel catalogue', () => {
  it('matches ignoring accents, case and the FIPE "GM - " prefix', () => {
    expect(casarOpcao(marcas, 'CITROEN')?.id).toBe('2');
    expect(casarOpcao(marcas, 'GM - Chevrolet')?.id).toBe('1');
    expect(casarOpcao(marcas, 'VW - VolksWagen')?.id).toBe('3');
    expect(casarOpcao(marcas, 'Ferrari')).toBeNull();
  });

  it('takes a partial match only when it is the only one', () => {
    const modelos = [
      { id: 'a', nome: 'Onix' },
      { id: 'b', nome: 'Onix Plus' },
      { id: 'c', nome: 'Cruze' },
    ];
    expect(casarOpcao(modelos, 'Cruze Sport6')?.id).toBe('c');
    expect(casarOpcao(modelos, 'Onix Plus')?.id).toBe('b');
    expect(
      casarOpcao(
        [
          { id: 'x', nome: 'Gol' },
          { id: 'y', nome: 'Gol G5' },
        ],
        'Gol G5 Trend',
      )?.id,
    ).toBe('y');
  });

  it('lists the versions whose words all appear in the product version, for preselection when one', () => {
    const versoes = [
      { id: '1', nome: '1.0 LT' },
      { id: '2', nome: '1.0 LTZ Turbo' },
      { id: '3', nome: '1.4 LTZ' },
    ];
    expect(versoesCandidatas(versoes, '1.0 Turbo LTZ Flex 5p Aut.').map((v) => v.id)).toEqual(['2']);
    expect(versoesCandidatas(versoes, 'Premier').map((v) => v.id)).toEqual([]);
  });

  it('sorts lists alphabetically without regard to case or accents', () => {
    expect(ordenarOpcoes(marcas).map((m) => m.nome)).toEqual(['Chevrolet', 'Citroën', 'Fiat', 'volkswagen']);
  });

  it('matches brands through the aliases table, either side (issue 23 item 10)', () => {
    const canal = [
      { id: 'gm', nome: 'GM - CHEVROLET' },
      { id: 'vw', nome: 'VW - VOLKSWAGEN' },
      { id: 'mb', nome: 'Mercedes' },
      { id: 'lr', nome: 'LAND-ROVER' },
      { id: 'ch', nome: 'Chery' },
      { id: 'ram', nome: 'Dodge RAM' },
      { id: 'dg', nome: 'Dodge' },
      { id: 'hd', nome: 'Harley Davidson' },
    ];
    expect(casarMarca(canal, 'Chevrolet')?.id).toBe('gm');
    expect(casarMarca(canal, 'VolksWagen')?.id).toBe('vw');
    expect(casarMarca(canal, 'Mercedes-Benz')?.id).toBe('mb');
    expect(casarMarca(canal, 'Land Rover')?.id).toBe('lr');
    expect(casarMarca(canal, 'Caoa Chery')?.id).toBe('ch');
    expect(casarMarca(canal, 'RAM')?.id).toBe('ram');
    expect(casarMarca(canal, 'Dodge')?.id).toBe('dg');
    expect(casarMarca(canal, 'Harley-Davidson')?.id).toBe('hd');
    expect(casarMarca([{ id: 'c', nome: 'Citroen' }], 'Citroën')?.id).toBe('c');
    // Aliases are for brands: a model named like a brand alias is not matched by them.
    expect(casarOpcao([{ id: 'x', nome: 'Mercedes' }], 'MB')).toBeNull();
  });

  it('matches optionals through the synonyms table', () => {
    const canal = [
      { id: '1', nome: 'Multimídia' },
      { id: '2', nome: 'Air bag' },
      { id: '3', nome: 'Freio ABS' },
    ];
    expect(casarOpcional(canal, 'Central multimídia')?.id).toBe('1');
    expect(casarOpcional(canal, 'Airbag')?.id).toBe('2');
    expect(casarOpcional(canal, 'Freios ABS')?.id).toBe('3');
    expect(casarOpcional(canal, 'Teto solar')).toBeNull();
  });

  it('walks a catalogue brand → model → version for publishing without a form', async () => {
    const catalogo = {
      marcas: [{ id: 'm1', nome: 'GM - Chevrolet' }],
      modelosDe: async (m: string) => ok(m === 'm1' ? [{ id: 'o1', nome: 'Onix' }] : []),
      versoesDe: async (_: string, o: string) =>
        ok(
          o === 'o1'
            ? [
                { id: 'v1', nome: 'LT 1.0 Turbo Flex 5p Aut.' },
                { id: 'v2', nome: 'LT 1.0 Flex 5p Mec.' },
              ]
            : [],
        ),
    };
    const onix = { marca: 'Chevrolet', modelo: 'Onix', versao: 'LT 1.0 Turbo Flex 5p Aut.' };
    const r = await casarNoCatalogo(onix, catalogo);
    expect(r.ok && r.valor).toMatchObject({ idMarca: 'm1', idModelo: 'o1', idVersao: 'v1' });
    const semVersao = await casarNoCatalogo({ ...onix, versao: 'Premier' }, catalogo);
    expect(semVersao.ok && semVersao.valor.idVersao).toBe('');
    const escolhido = await casarNoCatalogo(onix, catalogo, { escolhidos: { marca: 'm1', modelo: 'o1', versao: 'v2' } });
    expect(escolhido.ok && escolhido.valor.idVersao).toBe('v2');
  });
});
