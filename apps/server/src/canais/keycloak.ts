import { chamarCanal, pedirToken, tipoPorStatus } from './http.ts';
import { type Configuracao, type ContextoCanal, falha, ok, type Resultado, renovarAntes } from './tipos.ts';

/**
 * Keycloak password grant, then the dealers the token may act for: iCarros and Mobiauto both sit on a
 * Keycloak realm (channels.md §4, §5); only the realm and the dealers path differ.
 */
export type Realm = { realm: string; caminhoRevendas: string; campoLogin: string; campoSenha: string; rotulo: string };

type Token = Record<string, unknown> & { access_token: string };
const enderecoToken = (ctx: ContextoCanal, realm: string) => `${ctx.base}/auth/realms/${realm}/protocol/openid-connect/token`;

export async function entrarKeycloak(
  ctx: ContextoCanal,
  realm: string,
  caminhoRevendas: string,
  usuario: string,
  senha: string,
): Promise<Resultado<{ token: Token; idRevendaCanal: string }>> {
  const token = await pedirToken(
    enderecoToken(ctx, realm),
    { grant_type: 'password', client_id: ctx.app.clientId, client_secret: ctx.app.clientSecret, username: usuario, password: senha },
    ctx.timeoutMs,
  );
  if (!token.ok) return token;
  const r = await chamarCanal(
    `${ctx.base}${caminhoRevendas}`,
    { headers: { authorization: `Bearer ${token.valor.access_token}` } },
    ctx.timeoutMs,
  );
  if (!r.ok) return r;
  if (r.valor.status !== 200) return falha(tipoPorStatus(r.valor.status), `HTTP ${r.valor.status} ao consultar a revenda`);
  const lista = r.valor.json() as { id?: string | number }[] | null;
  const primeira = Array.isArray(lista) ? lista[0] : undefined;
  if (!primeira?.id) return falha('rejected', 'nenhuma revenda vinculada a este usuário');
  return ok({ token: token.valor, idRevendaCanal: String(primeira.id) });
}

/**
 * What both Keycloak channels keep: the access and refresh tokens (secrets) and the dealer id at the channel.
 * Renewal is due before the first of the two to expire (Keycloak answers `refresh_expires_in`, the session's).
 */
function tokens(t: Token, mensagem: string, dados: Configuracao['dados'] = {}, agora = Date.now()): Configuracao {
  const acesso = Number(t.expires_in ?? 300);
  const sessao = Number(t.refresh_expires_in ?? 0);
  return {
    segredos: { access_token: t.access_token, refresh_token: String(t.refresh_token ?? '') },
    dados: { ...dados, token_expira_em: new Date(agora + acesso * 1000).toISOString() },
    mensagem,
    renovarEm: renovarAntes(sessao > 0 ? Math.min(acesso, sessao) : acesso, agora),
  };
}

export async function configurarKeycloak(ctx: ContextoCanal, r: Realm, usuario: string, senha: string): Promise<Resultado<Configuracao>> {
  const e = await entrarKeycloak(ctx, r.realm, r.caminhoRevendas, usuario, senha);
  if (!e.ok) return e;
  return ok(tokens(e.valor.token, `Conectado ${r.rotulo}.`, { dealer_id: e.valor.idRevendaCanal }));
}

/**
 * Renewal: the refresh token first; when the realm refuses it (session ended), a new login with the stored
 * password, as the configuration did. Only a refused login is a refusal of the channel.
 */
export async function renovarKeycloak(
  ctx: ContextoCanal,
  r: Realm,
  segredos: Record<string, string>,
  dados: Record<string, unknown>,
): Promise<Resultado<Configuracao>> {
  if (segredos.refresh_token) {
    const t = await pedirToken(
      enderecoToken(ctx, r.realm),
      {
        grant_type: 'refresh_token',
        client_id: ctx.app.clientId,
        client_secret: ctx.app.clientSecret,
        refresh_token: segredos.refresh_token,
      },
      ctx.timeoutMs,
    );
    if (t.ok) return ok(tokens(t.valor, 'Token renovado.'));
    if (t.erro.tipo !== 'auth') return t;
  }
  const login = String(dados[r.campoLogin] ?? '');
  const senha = segredos[r.campoSenha] ?? '';
  if (!login || !senha) return falha('auth', 'sessão expirada e sem senha guardada para entrar de novo');
  const t = await pedirToken(
    enderecoToken(ctx, r.realm),
    { grant_type: 'password', client_id: ctx.app.clientId, client_secret: ctx.app.clientSecret, username: login, password: senha },
    ctx.timeoutMs,
  );
  return t.ok ? ok(tokens(t.valor, 'Sessão renovada com a senha guardada.')) : t;
}
