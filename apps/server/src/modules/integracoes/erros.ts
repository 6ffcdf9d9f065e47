import { type CanalId, ROTULO_CANAL, type TipoErroCanal } from '@intermedio/contracts';
import type { ErroCanal } from '../../canais/tipos.ts';
import { ErroHttp } from '../../lib/http.ts';

/** HTTP status and Portuguese text for each kind of channel failure (never 401: that means "no session"). */
const STATUS_ERRO: Record<TipoErroCanal, number> = {
  auth: 422,
  validation: 422,
  rejected: 422,
  quota: 422,
  rate_limit: 429,
  transient: 502,
};

export function explicarErro(canal: CanalId, e: ErroCanal): ErroHttp {
  const r = ROTULO_CANAL[canal];
  const texto: Record<TipoErroCanal, string> = {
    auth: `${r} recusou as credenciais informadas (${e.mensagem}).`,
    validation: `${r} recusou os dados: ${e.mensagem}.`,
    rejected: `${r} recusou a operação: ${e.mensagem}.`,
    quota: `O limite do plano em ${r} foi atingido: ${e.mensagem}.`,
    rate_limit: `${r} limitou as requisições. Tente novamente em alguns minutos.`,
    transient: `${r} não respondeu (${e.mensagem}). Tente novamente em alguns minutos.`,
  };
  return new ErroHttp(STATUS_ERRO[e.tipo], e.texto ?? texto[e.tipo]);
}

/** A failure that says the credentials or the data are wrong (the integration stops), not a passing outage. */
export const ehRecusa = (e: ErroCanal) => e.tipo !== 'transient' && e.tipo !== 'rate_limit';
