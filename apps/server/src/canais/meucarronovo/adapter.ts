import type { Canal } from '../tipos.ts';
import { entrar, planoVigente } from './client.ts';
import { meta } from './meta.ts';
import { publicacaoMeuCarroNovo } from './publicacao.ts';

export const meucarronovo: Canal = {
  meta,
  async configurar(ctx, c) {
    const token = await entrar(ctx, c.email_meucarronovo ?? '', c.senha_meucarronovo ?? '');
    if (!token.ok) return token;
    const plano = await planoVigente(ctx, { token: token.valor.access_token });
    if (!plano.ok) return plano;
    return {
      ok: true,
      valor: { segredos: {}, dados: { plano_napista: plano.valor.nome }, mensagem: `Conectado à Na Pista (plano ${plano.valor.nome}).` },
    };
  },
  publicacao: publicacaoMeuCarroNovo,
};
