import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { APP_SANDBOX, aleatorio, aplicarChaves, PUBLICO } from './comum.ts';

type Corpo = Record<string, string | undefined>;

/**
 * What an OAuth2 server of the sandbox remembers (per server instance): the codes its consent page issued (with
 * their redirect_uri and PKCE challenge) and every code and refresh token already spent, both single use.
 */
export type EstadoOAuth = { emitidos: Map<string, { redirectUri: string; desafio?: string }>; gastos: Set<string> };
export const novoEstadoOAuth = (): EstadoOAuth => ({ emitidos: new Map(), gastos: new Set() });

const recusa = (error: string, error_description: string) => ({ error, error_description });

/**
 * Access tokens per prefix: the ones issued, the ones expired on demand (`POST /sandbox/{canal}/_expirar`, an access
 * token refused before its time, as when the channel revokes it or the clocks drift) and how many refresh grants
 * were answered (a test sees a renewal that ran twice).
 */
const tokensDe = new Map<string, { emitidos: Set<string>; expirados: Set<string>; renovacoes: number }>();
const tokens = (prefixo: string) => {
  const t = tokensDe.get(prefixo) ?? { emitidos: new Set<string>(), expirados: new Set<string>(), renovacoes: 0 };
  tokensDe.set(prefixo, t);
  return t;
};

/** `POST /_expirar`: every access token issued so far with this prefix is refused from now on; `GET /_tokens`: counts. */
export function expiracaoOAuth(app: FastifyInstance, prefixo: string) {
  app.post('/_expirar', PUBLICO, async () => {
    const t = tokens(prefixo);
    for (const e of t.emitidos) t.expirados.add(e);
    t.emitidos.clear();
    return { expirados: t.expirados.size, renovacoes: t.renovacoes };
  });
  app.get('/_tokens', PUBLICO, async () => ({ renovacoes: tokens(prefixo).renovacoes, expirados: tokens(prefixo).expirados.size }));
}
const s256 = (v: string) => createHash('sha256').update(v).digest('base64url');

/**
 * A token endpoint as OAuth2 servers answer (OLX, Mercado Livre, Keycloak realms of iCarros and Mobiauto,
 * Na Pista): form body; client credentials in the body or in Basic auth; grants authorization_code, password,
 * refresh_token. Codes and refresh tokens are single use; a code containing "expirado" has expired; a code the
 * consent page issued must come back with its redirect_uri and, when it had a challenge, the PKCE verifier.
 * Codes typed by hand (any text) are accepted once, so the manual flow keeps working.
 */
export function tokenOAuth(
  app: FastifyInstance,
  caminho: string,
  op: { prefixo: string; estado: EstadoOAuth; refresh?: boolean; extra?: (c: Corpo) => Record<string, unknown>; semCliente?: boolean },
) {
  app.post(caminho, PUBLICO, async (req, reply) => {
    const c = (req.body ?? {}) as Corpo;
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [idBasic, segredoBasic] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    const clienteOk =
      op.semCliente ||
      ((c.client_id ?? idBasic) === APP_SANDBOX.clientId && (c.client_secret ?? segredoBasic) === APP_SANDBOX.clientSecret);
    const credencial = c.grant_type === 'password' ? c.username : c.grant_type === 'refresh_token' ? c.refresh_token : c.code;
    const desfecho = await aplicarChaves(req, credencial);
    if (desfecho === 'falhar') return reply.code(500).send(recusa('server_error', 'Erro interno.'));
    if (!clienteOk) return reply.code(401).send(recusa('invalid_client', 'Client authentication failed'));
    const negar = (texto: string) => reply.code(c.grant_type === 'password' ? 401 : 400).send(recusa('invalid_grant', texto));
    if (c.grant_type === 'password') {
      if (desfecho === 'recusar' || !c.username || !c.password) return negar('Invalid user credentials');
    } else if (c.grant_type === 'refresh_token') {
      const rt = c.refresh_token ?? '';
      if (!op.refresh || desfecho === 'recusar' || !rt.startsWith(`${op.prefixo}-R-`) || op.estado.gastos.has(rt))
        return negar('Invalid refresh token');
      op.estado.gastos.add(rt);
    } else if (c.grant_type === 'authorization_code' && c.code) {
      const code = c.code;
      const emitido = op.estado.emitidos.get(code);
      if (desfecho === 'recusar' || op.estado.gastos.has(code) || code.toLowerCase().includes('expirado'))
        return negar('Invalid or expired authorization code');
      if (emitido && emitido.redirectUri !== c.redirect_uri) return negar('redirect_uri does not match');
      if (emitido?.desafio && s256(c.code_verifier ?? '') !== emitido.desafio) return negar('Invalid code_verifier');
      op.estado.gastos.add(code);
      op.estado.emitidos.delete(code);
    } else {
      return reply.code(400).send(recusa('unsupported_grant_type', 'Unsupported grant type'));
    }
    const access_token = `${op.prefixo}-${aleatorio()}${aleatorio()}`;
    tokens(op.prefixo).emitidos.add(access_token);
    if (c.grant_type === 'refresh_token') tokens(op.prefixo).renovacoes++;
    return {
      access_token,
      token_type: 'bearer',
      expires_in: 21600,
      ...(op.refresh ? { refresh_token: `${op.prefixo}-R-${aleatorio()}${aleatorio()}` } : {}),
      ...(op.extra?.(c) ?? {}),
    };
  });
}

const escapar = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A channel's consent page (authorization-code flow): a plain form (no script: the panel's CSP allows none inline).
 * Autorizar sends the browser back to redirect_uri with `?code=…&state=…`; Cancelar with `?error=access_denied`.
 * Only redirect addresses on the server that serves the page are "registered".
 */
export function consentimentoOAuth(app: FastifyInstance, caminho: string, op: { rotulo: string; estado: EstadoOAuth }) {
  app.get(caminho, PUBLICO, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const ocultos = ['redirect_uri', 'state', 'client_id', 'code_challenge', 'code_challenge_method', 'scope']
      .map((k) => `<input type="hidden" name="${k}" value="${escapar(q[k] ?? '')}">`)
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapar(op.rotulo)} (sandbox)</title></head>
<body style="font-family:sans-serif;margin:1.5rem"><h1 style="font-size:1.2rem">${escapar(op.rotulo)} (sandbox do Intermédio)</h1>
<p>O Intermédio pede acesso à sua conta${q.scope ? `: ${escapar(q.scope)}` : ''}.</p>
<form method="get" action="${escapar(caminho.split('/').pop() ?? '')}/decidir">${ocultos}
<p><button type="submit" name="decisao" value="autorizar">Autorizar</button> <button type="submit" name="decisao" value="cancelar">Cancelar</button></p></form></body></html>`;
  });

  app.get(`${caminho}/decidir`, PUBLICO, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const destino = q.redirect_uri ?? '';
    const origem = `${req.protocol}://${req.headers.host}`;
    if (!destino.startsWith(`${origem}/`) || q.client_id !== APP_SANDBOX.clientId)
      return reply.code(400).type('text/plain; charset=utf-8').send('redirect_uri não registrado para este cliente');
    const volta = new URL(destino);
    if (q.state) volta.searchParams.set('state', q.state);
    if (q.decisao !== 'autorizar') {
      volta.searchParams.set('error', 'access_denied');
      return reply.redirect(volta.toString());
    }
    const code = `SBX-${aleatorio()}${aleatorio()}`;
    op.estado.emitidos.set(code, { redirectUri: destino, desafio: q.code_challenge || undefined });
    volta.searchParams.set('code', code);
    return reply.redirect(volta.toString());
  });
}

/** Accepts a Bearer token this sandbox issued (any token with the channel's prefix) unless it was expired on demand. */
export const bearerValido = (authorization: string | undefined, prefixo: string) =>
  (authorization ?? '').startsWith(`Bearer ${prefixo}-`) && !tokens(prefixo).expirados.has((authorization ?? '').slice('Bearer '.length));
