import { MENSAGENS_INTEGRACAO } from '@intermedio/contracts';
import type { Resultado } from './tipos.ts';

/**
 * A refused authorization-code exchange (`invalid_grant`): the code was used already or expired (OLX: 10 min,
 * single use). The user must generate a new one; the generic "recusou as credenciais" would not say so.
 */
export function codigoRecusado<T>(r: Resultado<T>): Resultado<T> {
  if (r.ok || r.erro.detalhe !== 'invalid_grant') return r;
  return { ok: false, erro: { ...r.erro, texto: MENSAGENS_INTEGRACAO.codigoUsado } };
}

/** The consent page address of an OAuth2 authorization-code flow (OLX /oauth, Mercado Livre /authorization). */
export function enderecoConsentimento(url: string, campos: Record<string, string>) {
  return `${url}?${new URLSearchParams({ response_type: 'code', ...campos })}`;
}
