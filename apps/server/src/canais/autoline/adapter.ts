import type { Canal } from '../tipos.ts';
import { consultarPlanos } from './client.ts';
import { meta } from './meta.ts';
import { publicacaoAutoline } from './publicacao.ts';

export const autoline: Canal = {
  meta,
  async configurar(ctx, c) {
    const r = await consultarPlanos(ctx, { email: c.email_autoline ?? '', senha: c.senha_autoline ?? '' });
    if (!r.ok) return r;
    return {
      ok: true,
      valor: {
        segredos: {},
        dados: { user_id_autoline: r.valor.userId, planos: r.valor.planos.length },
        mensagem: 'Autenticado na Autoline.',
      },
    };
  },
  publicacao: publicacaoAutoline,
};
