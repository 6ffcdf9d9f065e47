import type { Canal } from '../tipos.ts';
import { consultarPlanos } from './client.ts';
import { meta } from './meta.ts';

export const autoline: Canal = {
  meta,
  async configurar(ctx, c) {
    const r = await consultarPlanos(ctx.base, c.email_autoline ?? '', c.senha_autoline ?? '', ctx.timeoutMs);
    if (!r.ok) return r;
    return {
      ok: true,
      valor: { segredos: {}, dados: { user_id_autoline: r.valor.userId, planos: r.valor.planos }, mensagem: 'Autenticado na Autoline.' },
    };
  },
};
