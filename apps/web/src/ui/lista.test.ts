import { describe, expect, it } from 'vitest';
import { filtrarEOrdenar, proximaOrdem } from './lista';

type L = { nome: string; valor: number | null };
const LINHAS: L[] = [
  { nome: 'São Paulo Motors', valor: 300 },
  { nome: 'auto 10', valor: null },
  { nome: 'Auto 2', valor: 100 },
  { nome: 'Ágil Veículos', valor: 200 },
];
const texto = (l: L) => l.nome;

describe('busca e ordenação das listas', () => {
  it('acha cada palavra sem acento nem caixa', () => {
    expect(filtrarEOrdenar(LINHAS, { busca: 'sao  MOTORS', texto, ordem: null }).map((l) => l.nome)).toEqual(['São Paulo Motors']);
    expect(filtrarEOrdenar(LINHAS, { busca: 'agil', texto, ordem: null })).toHaveLength(1);
    expect(filtrarEOrdenar(LINHAS, { busca: '   ', texto, ordem: null })).toBe(LINHAS);
  });

  it('ordena texto pela colação pt-BR com números naturais, e vazios sempre no fim', () => {
    const nomes = filtrarEOrdenar(LINHAS, { busca: '', ordem: { coluna: 'n', direcao: 'asc' }, valor: (l) => l.nome }).map((l) => l.nome);
    expect(nomes).toEqual(['Ágil Veículos', 'Auto 2', 'auto 10', 'São Paulo Motors']);
    const desc = filtrarEOrdenar(LINHAS, { busca: '', ordem: { coluna: 'v', direcao: 'desc' }, valor: (l) => l.valor }).map((l) => l.valor);
    expect(desc).toEqual([300, 200, 100, null]);
  });

  it('o cabeçalho alterna crescente, decrescente e a ordem do servidor', () => {
    expect(proximaOrdem(null, 'a')).toEqual({ coluna: 'a', direcao: 'asc' });
    expect(proximaOrdem({ coluna: 'a', direcao: 'asc' }, 'a')).toEqual({ coluna: 'a', direcao: 'desc' });
    expect(proximaOrdem({ coluna: 'a', direcao: 'desc' }, 'a')).toBeNull();
    expect(proximaOrdem({ coluna: 'a', direcao: 'desc' }, 'b')).toEqual({ coluna: 'b', direcao: 'asc' });
  });
});
