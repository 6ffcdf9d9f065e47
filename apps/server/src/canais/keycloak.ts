import { chamarCanal, pedirToken, tipoPorStatus } from './http.ts';
import { type Configuracao, type ContextoCanal, falha, ok, type Resultado } from './tipos.ts';

/**
 * Keycloak password grant, then the dealers the token may act for: iCarros and Mobiauto both sit on a
 * Keycloak realm (channels.md §4, §5); only the realm and the dealers path differ.
 */
export async function entrarKeycloak(
  ctx: ContextoCanal,
  realm: string,
  caminhoRevendas: string,
  usuario: string,
  senha: string,
): Promise<Resultado<{ token: Record<string, unknown> & { access_token: string }; idRevendaCanal: string }>> {
  const token = await pedirToken(
    `${ctx.base}/auth/realms/${realm}/protocol/openid-connect/token`,
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

/** The configuration both Keycloak channels keep: the refresh token (secret) and the dealer id at the channel. */
export async function configurarKeycloak(
  ctx: ContextoCanal,
  realm: string,
  caminhoRevendas: string,
  usuario: string,
  senha: string,
  mensagem: string,
): Promise<Resultado<Configuracao>> {
  const r = await entrarKeycloak(ctx, realm, caminhoRevendas, usuario, senha);
  if (!r.ok) return r;
  return ok({
    segredos: { refresh_token: String(r.valor.token.refresh_token ?? '') },
    dados: { dealer_id: r.valor.idRevendaCanal },
    mensagem,
  });
}
