import type { Canal } from '../tipos.ts';
import { entrar } from './client.ts';
import { meta } from './meta.ts';

export const icarros: Canal = {
  meta,
  async configurar(ctx, c) {
    const r = await entrar(ctx, c.email_icarros ?? '', c.senha_icarros ?? '');
    if (!r.ok) return r;
    return {
      ok: true,
      valor: {
        segredos: { refresh_token: String(r.valor.token.refresh_token ?? '') },
        dados: { dealer_id: r.valor.idRevendaCanal },
        mensagem: 'Conectado ao iCarros.',
      },
    };
  },
};
