import type { Canal } from '../tipos.ts';
import { trocarCodigo } from './client.ts';
import { meta } from './meta.ts';

export const mercadolivre: Canal = {
  meta,
  async configurar(ctx, c) {
    const r = await trocarCodigo(ctx, c.code_ml ?? '');
    if (!r.ok) return r;
    const expira = new Date(Date.now() + Number(r.valor.expires_in ?? 21600) * 1000).toISOString();
    return {
      ok: true,
      valor: {
        segredos: { access_token: r.valor.access_token, refresh_token: String(r.valor.refresh_token ?? '') },
        dados: { user_id_ml: String(r.valor.user_id ?? ''), token_expira_em: expira },
        mensagem: 'Conta do Mercado Livre conectada.',
      },
    };
  },
};
