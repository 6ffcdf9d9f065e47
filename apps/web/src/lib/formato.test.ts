import { describe, expect, it } from 'vitest';
import { diasDesde, formatarData, formatarDataHora, formatarMoeda, formatarNumero, lerValor } from './formato';

describe('formatarMoeda', () => {
  it('usa R$, ponto nos milhares e vírgula com 2 casas', () => {
    expect(formatarMoeda(1234.56)).toBe('R$ 1.234,56');
    expect(formatarMoeda(1234567.8)).toBe('R$ 1.234.567,80');
    expect(formatarMoeda(0)).toBe('R$ 0,00');
    expect(formatarMoeda(0.005)).toBe('R$ 0,01');
    expect(formatarMoeda(-10)).toBe('-R$ 10,00');
  });
  it('aceita os textos da API e do usuário', () => {
    expect(formatarMoeda('89900.00')).toBe('R$ 89.900,00');
    expect(formatarMoeda('1.234,5')).toBe('R$ 1.234,50');
    expect(formatarMoeda('R$ 2.500,00')).toBe('R$ 2.500,00');
  });
  it('deixa em branco o que não é valor', () => {
    expect(formatarMoeda('')).toBe('');
    expect(formatarMoeda('abc')).toBe('');
    expect(formatarMoeda(null)).toBe('');
    expect(lerValor(Number.NaN)).toBeNull();
  });
});

describe('datas (America/Sao_Paulo)', () => {
  it('formata DD/MM/YYYY no fuso de São Paulo', () => {
    // 02:30 UTC is still the previous day in São Paulo (UTC-3).
    expect(formatarData('2026-03-05T02:30:00Z')).toBe('04/03/2026');
    expect(formatarData('2026-03-05T12:00:00Z')).toBe('05/03/2026');
  });
  it('mantém datas de calendário sem deslocar o dia', () => {
    expect(formatarData('2026-03-05')).toBe('05/03/2026');
  });
  it('formata DD/MM/YYYY HH:mm em 24 horas', () => {
    expect(formatarDataHora('2026-12-31T23:07:00Z')).toBe('31/12/2026 20:07');
    expect(formatarDataHora(new Date('2026-01-01T03:00:00Z'))).toBe('01/01/2026 00:00');
  });
  it('deixa em branco datas inválidas', () => {
    expect(formatarData('ontem')).toBe('');
    expect(formatarDataHora(null)).toBe('');
  });
  it('conta dias de calendário em São Paulo', () => {
    const agora = new Date('2026-03-10T02:00:00Z'); // 09/03 23:00 in São Paulo
    expect(diasDesde('2026-03-01', agora)).toBe(8);
    expect(diasDesde('2026-03-09T12:00:00Z', agora)).toBe(0);
  });
});

describe('formatarNumero', () => {
  it('separa milhares com ponto', () => {
    expect(formatarNumero(12345)).toBe('12.345');
    expect(formatarNumero(undefined)).toBe('');
  });
});
