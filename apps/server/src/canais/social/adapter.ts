import type { Canal, MetaCanal } from '../tipos.ts';
import { eu, objeto, revogarPermissoes, tokenLongo } from './graph.ts';

/** Facebook Page and Instagram (Facebook Login flavour) configure the same way; only the linked object differs. */
export function canalSocial(meta: MetaCanal): Canal {
  return {
    meta,
    async configurar(ctx, c) {
      const curto = c.long_lived_token || c.access_token || '';
      const longo = c.long_lived_token ? { ok: true as const, valor: { access_token: curto } } : await tokenLongo(ctx, curto);
      if (!longo.ok) return longo;
      const usuario = await eu(ctx, longo.valor.access_token);
      if (!usuario.ok) return usuario;
      return {
        ok: true,
        valor: {
          segredos: { user_token: longo.valor.access_token },
          dados: { user_id: usuario.valor.id, user_name: usuario.valor.name },
          mensagem: `Acesso autorizado por ${usuario.valor.name}.`,
        },
      };
    },
    async revogar(ctx, segredos) {
      if (!segredos.user_token) return { ok: true, valor: 'Acesso já estava cancelado.' };
      const r = await revogarPermissoes(ctx, segredos.user_token);
      return r.ok ? { ok: true, valor: 'Acesso cancelado.' } : r;
    },
    async configurarPagina(ctx, pagina, segredos) {
      const r = await objeto(ctx, pagina.id, pagina.token || segredos.user_token || '');
      if (!r.ok) return r;
      return {
        ok: true,
        valor: {
          segredos: pagina.token ? { page_token: pagina.token } : ({} as Record<string, string>),
          dados: { page_id: r.valor.id, page_name: pagina.nome || r.valor.name || '' },
          mensagem: `${meta.rotulo} vinculado a ${pagina.nome || r.valor.name}.`,
        },
      };
    },
  };
}
