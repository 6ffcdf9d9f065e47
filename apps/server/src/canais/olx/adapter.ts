import type { Canal, ContextoCanal } from '../tipos.ts';
import { dadosDoUsuario, trocarCodigo } from './client.ts';
import { meta } from './meta.ts';
import { publicacaoOlx } from './publicacao.ts';

/** The token is kept (OLX documents no expiry and no refresh token); basic_user_info names the account when it can. */
async function conectar(ctx: ContextoCanal, accessToken: string, novo: boolean) {
  const usuario = await dadosDoUsuario(ctx, accessToken);
  if (!usuario.ok) return usuario;
  const conta = usuario.valor?.user_email ?? null;
  const mensagem = conta
    ? `Conta Olx ${conta} ${novo ? 'conectada' : 'confirmada'}.`
    : `${novo ? 'Olx conectada' : 'Conexão com a Olx mantida'}, mas não foi possível confirmar a conta (basic_user_info indisponível).`;
  return {
    ok: true as const,
    valor: { segredos: { access_token: accessToken }, dados: { conta_olx: conta, conta_olx_confirmada: Boolean(conta) }, mensagem },
  };
}

export const olx: Canal = {
  meta,
  async configurar(ctx, c, guardados = {}) {
    // A code is single use: without a new one, the stored token is checked; a stored code is never sent again.
    if (!c.code_olx && guardados.access_token) return conectar(ctx, guardados.access_token, false);
    const token = await trocarCodigo(ctx, c.code_olx ?? '');
    if (!token.ok) return token;
    return conectar(ctx, token.valor.access_token, true);
  },
  publicacao: publicacaoOlx,
};
