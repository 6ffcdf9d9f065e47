import { formatarData, formatarDataHora, formatarMoeda } from '@/lib/formato';

type Instante = string | number | Date | null | undefined;

/** R$ 1.234,56 (never wraps). */
export function Moeda({ valor }: { valor: number | string | null | undefined }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatarMoeda(valor)}</span>;
}

/** DD/MM/YYYY, with the machine-readable value in `<time>`. */
export function Data({ valor }: { valor: Instante }) {
  const texto = formatarData(valor);
  return texto ? <time dateTime={paraIso(valor)}>{texto}</time> : null;
}

/** DD/MM/YYYY HH:mm in São Paulo time. */
export function DataHora({ valor }: { valor: Instante }) {
  const texto = formatarDataHora(valor);
  return texto ? <time dateTime={paraIso(valor)}>{texto}</time> : null;
}

function paraIso(valor: Instante): string | undefined {
  if (typeof valor === 'string') return valor;
  if (valor === null || valor === undefined) return undefined;
  const d = new Date(valor);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
