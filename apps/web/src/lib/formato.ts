import { FUSO_HORARIO } from '@intermedio/contracts';

/**
 * pt-BR formatting (spec 1 §9): R$ 1.234,56; DD/MM/YYYY; DD/MM/YYYY HH:mm in America/Sao_Paulo.
 * Invalid or empty input gives '' so that a table cell simply stays blank.
 */
const moeda = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const inteiro = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const dataHora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_HORARIO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Reads a money value: a number, an API decimal string ("1234.5") or a pt-BR text ("1.234,50"). */
export function lerValor(valor: number | string | null | undefined): number | null {
  if (valor === null || valor === undefined) return null;
  if (typeof valor === 'number') return Number.isFinite(valor) ? valor : null;
  let texto = valor.trim().replace(/^R\$\s*/, '');
  if (!texto) return null;
  if (texto.includes(',')) texto = texto.replaceAll('.', '').replace(',', '.');
  const n = Number(texto);
  return Number.isFinite(n) ? n : null;
}

/** 1234.56 → "R$ 1.234,56" (plain space after R$; negative values as "-R$ 10,00"). */
export function formatarMoeda(valor: number | string | null | undefined): string {
  const n = lerValor(valor);
  if (n === null) return '';
  const texto = `R$ ${moeda.format(Math.abs(n))}`;
  return n < 0 && Math.abs(n) >= 0.005 ? `-${texto}` : texto;
}

/** 12345 → "12.345". */
export function formatarNumero(valor: number | null | undefined): string {
  return valor === null || valor === undefined || !Number.isFinite(valor) ? '' : inteiro.format(valor);
}

const SO_DATA = /^(\d{4})-(\d{2})-(\d{2})$/;

function lerData(valor: string | number | Date | null | undefined): Date | null {
  if (valor === null || valor === undefined || valor === '') return null;
  const d = valor instanceof Date ? valor : new Date(valor);
  return Number.isNaN(d.getTime()) ? null : d;
}

function partes(d: Date) {
  const p: Record<string, string> = {};
  for (const { type, value } of dataHora.formatToParts(d)) p[type] = value;
  return { dia: p.day ?? '', mes: p.month ?? '', ano: p.year ?? '', hora: p.hour ?? '', minuto: p.minute ?? '' };
}

/** An instant or a calendar date ("2026-03-05", kept as is, without time-zone shift) → "05/03/2026". */
export function formatarData(valor: string | number | Date | null | undefined): string {
  if (typeof valor === 'string') {
    const m = SO_DATA.exec(valor);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const d = lerData(valor);
  if (!d) return '';
  const { dia, mes, ano } = partes(d);
  return `${dia}/${mes}/${ano}`;
}

/** An instant → "05/03/2026 14:07" in São Paulo time. */
export function formatarDataHora(valor: string | number | Date | null | undefined): string {
  const d = lerData(valor);
  if (!d) return '';
  const { dia, mes, ano, hora, minuto } = partes(d);
  return `${dia}/${mes}/${ano} ${hora}:${minuto}`;
}

/** Whole days elapsed from `valor` until `agora` (São Paulo calendar days), e.g. stock days or days active. */
export function diasDesde(valor: string | number | Date | null | undefined, agora: Date = new Date()): number | null {
  const d = lerData(typeof valor === 'string' && SO_DATA.test(valor) ? `${valor}T12:00:00-03:00` : valor);
  if (!d) return null;
  const dia = (x: Date) => {
    const { dia, mes, ano } = partes(x);
    return Date.UTC(Number(ano), Number(mes) - 1, Number(dia));
  };
  return Math.round((dia(agora) - dia(d)) / 86_400_000);
}
