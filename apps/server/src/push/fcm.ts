import { createSign } from 'node:crypto';
import { chamarCanal, formulario } from '../canais/http.ts';
import type { ContaServico } from './config.ts';

/** One device's outcome: sent, refused for good (`removerToken`: the app was uninstalled), or failed. */
export type ResultadoDispositivo = { token: string; ok: boolean; removerToken: boolean; erro?: string };
export type Mensagem = { titulo: string; corpo: string; link?: string | null };

const ESCOPO = 'https://www.googleapis.com/auth/firebase.messaging';
const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** The service account's signed JWT assertion (RS256), valid one hour. */
function assercao(conta: ContaServico, agora = Math.floor(Date.now() / 1000)) {
  const cabecalho = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const corpo = b64url(JSON.stringify({ iss: conta.clientEmail, scope: ESCOPO, aud: conta.tokenUri, iat: agora, exp: agora + 3600 }));
  const assinatura = createSign('RSA-SHA256').update(`${cabecalho}.${corpo}`).sign(conta.privateKey);
  return `${cabecalho}.${corpo}.${b64url(assinatura)}`;
}

/**
 * Firebase Cloud Messaging HTTP v1 (channels.md §12: the legacy server-key API was shut down): an OAuth2 access
 * token from the service account (JWT bearer grant, cached until a minute before it expires), then one
 * `messages:send` per device token. A 404 UNREGISTERED (or 400 naming the token invalid) means the token is dead.
 */
export function criarClienteFcm(op: { conta: () => ContaServico; base: () => string; timeoutMs: number }) {
  let cache: { token: string; ate: number; email: string } | null = null;

  async function tokenDeAcesso(): Promise<string> {
    const conta = op.conta();
    if (cache && cache.email === conta.clientEmail && cache.ate > Date.now()) return cache.token;
    const r = await chamarCanal(
      conta.tokenUri,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: formulario({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: assercao(conta) }),
      },
      op.timeoutMs,
    );
    if (!r.ok) throw new Error(`FCM: autorização falhou (${r.erro.mensagem})`);
    const corpo = (r.valor.json() ?? {}) as { access_token?: string; expires_in?: number; error_description?: string; error?: string };
    if (r.valor.status !== 200 || !corpo.access_token)
      throw new Error(`FCM: autorização recusada (${corpo.error_description ?? corpo.error ?? `HTTP ${r.valor.status}`})`);
    cache = { token: corpo.access_token, ate: Date.now() + ((corpo.expires_in ?? 3600) - 60) * 1000, email: conta.clientEmail };
    return cache.token;
  }

  async function enviarUm(acesso: string, token: string, m: Mensagem): Promise<ResultadoDispositivo> {
    const conta = op.conta();
    const r = await chamarCanal(
      `${op.base()}/v1/projects/${encodeURIComponent(conta.projectId)}/messages:send`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${acesso}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: { token, notification: { title: m.titulo, body: m.corpo }, ...(m.link ? { data: { link: m.link } } : {}) },
        }),
      },
      op.timeoutMs,
    );
    if (!r.ok) return { token, ok: false, removerToken: false, erro: r.erro.mensagem };
    if (r.valor.status === 200) return { token, ok: true, removerToken: false };
    const e = (r.valor.json() as { error?: { status?: string; message?: string; details?: { errorCode?: string }[] } } | null)?.error;
    const codigo = e?.details?.find((d) => d.errorCode)?.errorCode ?? e?.status ?? `HTTP ${r.valor.status}`;
    const morto = codigo === 'UNREGISTERED' || (codigo === 'INVALID_ARGUMENT' && /registration token/i.test(e?.message ?? ''));
    return { token, ok: false, removerToken: morto, erro: codigo };
  }

  return {
    /** Sends to every token (one request each); answers each device's result in the tokens' order. */
    async enviar(tokens: string[], m: Mensagem): Promise<ResultadoDispositivo[]> {
      if (!tokens.length) return [];
      const acesso = await tokenDeAcesso();
      const resultados: ResultadoDispositivo[] = [];
      // A few at a time: FCM takes one token per request.
      for (let i = 0; i < tokens.length; i += 10) {
        resultados.push(...(await Promise.all(tokens.slice(i, i + 10).map((t) => enviarUm(acesso, t, m)))));
      }
      return resultados;
    },
  };
}
export type ClienteFcm = ReturnType<typeof criarClienteFcm>;
