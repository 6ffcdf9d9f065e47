import { type Canal, type Configuracao, ok, type Resultado, renovarAntes } from '../tipos.ts';
import { renovarToken, trocarCodigo, usuarioAtual } from './client.ts';
import { meta } from './meta.ts';
import { publicacaoMercadoLivre } from './publicacao.ts';

/** The pair the channel answered, kept whole: the next refresh needs this refresh token and no other. */
function par(t: Record<string, unknown> & { access_token: string }, mensagem: string, agora = Date.now()): Configuracao {
  const segundos = Number(t.expires_in ?? 21600);
  return {
    segredos: { access_token: t.access_token, refresh_token: String(t.refresh_token ?? '') },
    dados: {
      ...(t.user_id !== undefined ? { user_id_ml: String(t.user_id) } : {}),
      token_expira_em: new Date(agora + segundos * 1000).toISOString(),
    },
    mensagem,
    renovarEm: renovarAntes(segundos, agora),
  };
}

export const mercadolivre: Canal = {
  meta,
  async configurar(ctx, c, guardados = {}) {
    // A code is single use: without a new one, the stored token is checked (the job keeps it fresh).
    if (!c.code_ml && guardados.access_token) {
      const eu = await usuarioAtual(ctx, guardados.access_token);
      if (!eu.ok) return eu;
      return ok({ segredos: {}, dados: { user_id_ml: eu.valor.id }, mensagem: 'Conexão com o Mercado Livre confirmada.' });
    }
    const r = await trocarCodigo(ctx, c.code_ml ?? '', c.code_verifier || undefined);
    if (!r.ok) return r;
    return ok(par(r.valor, 'Conta do Mercado Livre conectada.'));
  },
  async renovar(ctx, segredos): Promise<Resultado<Configuracao>> {
    if (!segredos.refresh_token) return { ok: false, erro: { tipo: 'auth', mensagem: 'sem refresh token guardado' } };
    const r = await renovarToken(ctx, segredos.refresh_token);
    if (!r.ok) return r;
    return ok(par(r.valor, 'Token do Mercado Livre renovado.'));
  },
  publicacao: publicacaoMercadoLivre,
};
