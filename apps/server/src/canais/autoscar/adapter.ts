import type { Canal } from '../tipos.ts';
import { vincularRevenda } from './client.ts';
import { meta } from './meta.ts';
import { publicacaoAutoscar } from './publicacao.ts';

export const autoscar: Canal = {
  meta,
  async configurar(ctx, c) {
    const r = await vincularRevenda(ctx, c.id_autoscar ?? '');
    if (!r.ok) return r;
    return {
      ok: true,
      valor: { segredos: {}, dados: { nome_autoscar: r.valor.nomeFantasia }, mensagem: `Vinculada à Autoscar: ${r.valor.nomeFantasia}.` },
    };
  },
  publicacao: publicacaoAutoscar,
};
