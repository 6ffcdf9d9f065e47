import { escaparXml, lerTag } from '@intermedio/contracts';
import { falha, ok, type Resultado } from './tipos.ts';

export type RespostaCanal = { status: number; texto: string; json: () => unknown };

/**
 * One HTTP call to a channel with a time limit. Network failures and time-outs are `transient`;
 * the caller maps the channel's own answers (status codes, error bodies) to error kinds.
 */
export async function chamarCanal(url: string, init: RequestInit, timeoutMs: number): Promise<Resultado<RespostaCanal>> {
  const controle = new AbortController();
  const relogio = setTimeout(() => controle.abort(), timeoutMs);
  try {
    const r = await fetch(url, { ...init, signal: controle.signal });
    const texto = await r.text();
    return ok({
      status: r.status,
      texto,
      json: () => {
        try {
          return JSON.parse(texto) as unknown;
        } catch {
          return null;
        }
      },
    });
  } catch (e) {
    if (controle.signal.aborted) return falha('transient', `tempo esgotado após ${(timeoutMs / 1000).toLocaleString('pt-BR')} s`);
    return falha('transient', 'não foi possível conectar', (e as Error).message);
  } finally {
    clearTimeout(relogio);
  }
}

/** Maps an HTTP status a channel answered to an error kind. */
export function tipoPorStatus(status: number) {
  if (status === 401 || status === 403) return 'auth' as const;
  if (status === 429) return 'rate_limit' as const;
  if (status >= 500) return 'transient' as const;
  if (status === 400 || status === 404 || status === 422) return 'validation' as const;
  return 'rejected' as const;
}

export const formulario = (campos: Record<string, string>) => new URLSearchParams(campos).toString();

/** OAuth2 / OpenID token request (form-encoded), as OLX, Mercado Livre, Keycloak realms and Na Pista use. */
export async function pedirToken(url: string, campos: Record<string, string>, timeoutMs: number, cabecalhos: Record<string, string> = {}) {
  const r = await chamarCanal(
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...cabecalhos },
      body: formulario(campos),
    },
    timeoutMs,
  );
  if (!r.ok) return r;
  const corpo = (r.valor.json() ?? {}) as Record<string, unknown>;
  if (r.valor.status !== 200 || typeof corpo.access_token !== 'string') {
    const motivo = String(corpo.error_description ?? corpo.message ?? corpo.error ?? `HTTP ${r.valor.status}`);
    const tipo = corpo.error === 'invalid_grant' || corpo.error === 'invalid_client' ? 'auth' : tipoPorStatus(r.valor.status);
    return falha(tipo, motivo, typeof corpo.error === 'string' ? corpo.error : undefined);
  }
  return ok(corpo as Record<string, unknown> & { access_token: string });
}

/** A SOAP 1.1 call (Webmotors and Autoline are ASMX services); answers the response XML. */
export async function chamarSoap(url: string, acao: string, corpoXml: string, timeoutMs: number) {
  const envelope = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${corpoXml}</soap:Body></soap:Envelope>`;
  const r = await chamarCanal(
    url,
    { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8', SOAPAction: `"${acao}"` }, body: envelope },
    timeoutMs,
  );
  if (!r.ok) return r;
  const faltaSoap = lerTag(r.valor.texto, 'faultstring');
  // ASMX answers a server-side Fault with HTTP 500: the channel failed, not our data.
  if (r.valor.status >= 500) return falha('transient', faltaSoap ?? `HTTP ${r.valor.status}`);
  if (faltaSoap) return falha('rejected', faltaSoap);
  return ok(r.valor.texto);
}

export { escaparXml, lerTag };
