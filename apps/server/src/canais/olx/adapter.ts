import type { Canal } from '../tipos.ts';
import { dadosDoUsuario, trocarCodigo } from './client.ts';
import { meta } from './meta.ts';

export const olx: Canal = {
  meta,
  async configurar(ctx, c) {
    const token = await trocarCodigo(ctx, c.code_olx ?? '');
    if (!token.ok) return token;
    const usuario = await dadosDoUsuario(ctx, token.valor.access_token);
    if (!usuario.ok) return usuario;
    // OLX documents no expiry and no refresh token: the access token is kept until revoked.
    return {
      ok: true,
      valor: {
        segredos: { access_token: token.valor.access_token },
        dados: { conta_olx: usuario.valor.user_email },
        mensagem: `Conta Olx ${usuario.valor.user_email} conectada.`,
      },
    };
  },
};
