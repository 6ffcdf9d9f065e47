import { describe, expect, it } from 'vitest';
import { casarOpcao, ordenarOpcoes, versoesCandidatas } from './mapeamento.ts';

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
});
