import type { Canal } from '../tipos.ts';
import { autenticar } from './client.ts';
import { meta } from './meta.ts';

export const webmotors: Canal = {
  meta,
  async configurar(ctx, c) {
    const r = await autenticar(
      ctx.base,
      { cnpj: c.cnpj ?? '', email: c.email_webmotors ?? '', senha: c.senha_webmotors ?? '' },
      ctx.timeoutMs,
    );
    if (!r.ok) return r;
    // The hash lasts about 1000 minutes; it is renewed with the stored password before each stock call.
    return {
      ok: true,
      valor: {
        segredos: { hash_autenticacao: r.valor },
        dados: { hash_obtido_em: new Date().toISOString() },
        mensagem: 'Autenticado na Webmotors.',
      },
    };
  },
};
