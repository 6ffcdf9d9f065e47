import { CANAIS_LEAD, ESTADOS_LEAD, FUSO_HORARIO, type Lead } from '@intermedio/contracts';
import { formatarTelefone } from './contato';

/** The inbox's filters, kept in the address (`?estado=novo` from the dashboard). Period: São Paulo days, inclusive. */
export type FiltrosLeads = { canal?: string; estado?: string; veiculo?: string; de?: string; ate?: string };
export const CAMPOS_FILTRO = ['canal', 'estado', 'veiculo', 'de', 'ate'] as const;

const diaSp = new Intl.DateTimeFormat('en-CA', { timeZone: FUSO_HORARIO });
/** The São Paulo day (aaaa-mm-dd) an instant falls on. */
export const diaEmSaoPaulo = (iso: string) => diaSp.format(new Date(iso));

/** Sentinel of the vehicle filter: leads whose advert is unknown ("anúncio não encontrado"). */
export const SEM_VEICULO = 'sem-veiculo';

export function lerFiltros(params: URLSearchParams): FiltrosLeads {
  const f: FiltrosLeads = {};
  const canal = params.get('canal');
  if (canal && (CANAIS_LEAD as readonly string[]).includes(canal)) f.canal = canal;
  const estado = params.get('estado');
  if (estado && (ESTADOS_LEAD as readonly string[]).includes(estado)) f.estado = estado;
  for (const campo of ['veiculo', 'de', 'ate'] as const) {
    const v = params.get(campo);
    if (v) f[campo] = v;
  }
  return f;
}

/** The leads that pass every filter (search is the table's own box). */
export function filtrarLeads(leads: readonly Lead[], f: FiltrosLeads): Lead[] {
  return leads.filter((l) => {
    if (f.canal && l.canal !== f.canal) return false;
    if (f.estado && l.estado !== f.estado) return false;
    if (f.veiculo && (f.veiculo === SEM_VEICULO ? l.veiculo_id !== null : l.veiculo_id !== f.veiculo)) return false;
    if (f.de || f.ate) {
      const dia = diaEmSaoPaulo(l.recebido_em);
      if (f.de && dia < f.de) return false;
      if (f.ate && dia > f.ate) return false;
    }
    return true;
  });
}

/** What the table's search box matches: name, e-mail, phone (digits) and message. */
export const textoBusca = (l: Lead) => [l.nome, l.email, l.telefone, formatarTelefone(l.telefone), l.mensagem].filter(Boolean).join(' ');
