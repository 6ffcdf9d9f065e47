import type { Canal } from '../tipos.ts';
import { entrar } from './client.ts';
import { meta } from './meta.ts';

export const mobiauto: Canal = {
  meta,
  async configurar(ctx, c) {
    const r = await entrar(ctx, c.email_integrador ?? '', c.senha_integrador ?? '');
    if (!r.ok) return r;
    return {
      ok: true,
      valor: {
        segredos: { refresh_token: String(r.valor.token.refresh_token ?? '') },
        dados: { dealer_id: r.valor.idRevendaCanal },
        mensagem: 'Conectado à Mobiauto.',
      },
    };
  },
};
