import { escaparXml, lerTag } from '@intermedio/contracts';
import { CABECALHO_ID, contextoAtual } from '../operacao/contexto.ts';
import { type ErroCanal, falha, ok, type Resultado } from './tipos.ts';

/** `cabecalho`: a response header by name (absent on hand-made answers in tests). */
export type RespostaCanal = { status: number; texto: string; json: () => unknown; cabecalho?: (nome: string) => string | null };

/**
 * One HTTP call to a channel with a time limit. Network failures and time-outs are `transient`;
 * the caller maps the channel's own answers (status codes, error bodies) to error kinds.
 * The request id of whatever started it (a request, or the job it queued) goes along as `X-Request-Id`, so a
 * channel's support can find the call in our logs.
 */
export async function chamarCanal(url: string, init: RequestInit, timeoutMs: number): Promise<Resultado<RespostaCanal>> {
  const controle = new AbortController();
  const relogio = setTimeout(() => controle.abort(), timeoutMs);
  const id = contextoAtual()?.idRequisicao;
  const headers = new Headers(init.headers);
  if (id && !headers.has(CABECALHO_ID)) headers.set(CABECALHO_ID, id);
  try {
    const r = await fetch(url, { ...init, headers, signal: controle.signal });
    const texto = await r.text();
    return ok({
      status: r.status,
      texto,
      cabecalho: (nome) => r.headers.get(nome),
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

/** How long the channel asks to wait (`Retry-After`: seconds or an HTTP date), when it says. */
export function esperaPedida(r: RespostaCanal, agora = Date.now()): number | undefined {
  const valor = r.cabecalho?.('retry-after')?.trim();
  if (!valor) return undefined;
  const segundos = /^\d+$/.test(valor) ? Number(valor) : Math.ceil((Date.parse(valor) - agora) / 1000);
  return Number.isFinite(segundos) ? Math.max(0, segundos) : undefined;
}

/**
 * The channel limited our requests (HTTP 429, OLX's import -2) on an operation safe to repeat (an update): passing,
 * nothing was applied, with how long to back off (`Retry-After`, else `padraoSegundos`) for whoever retries it.
 */
export function limiteDeRequisicoes(rotulo: string, esperarSegundos: number, detalhe?: string): ErroCanal {
  return {
    tipo: 'transient',
    mensagem: 'limite de requisições atingido',
    detalhe,
    texto: `${rotulo} limitou as requisições. Tente novamente em alguns minutos.`,
    esperarSegundos,
  };
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
