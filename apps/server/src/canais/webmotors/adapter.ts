import { type Canal, type ContextoCanal, ok, renovarAntes } from '../tipos.ts';
import { autenticar } from './client.ts';
import { meta } from './meta.ts';

/** The hash lasts about 1000 minutes (channels.md §3): renewed with the stored password before that. */
const VALIDADE_HASH_S = 1000 * 60;

async function obterHash(ctx: ContextoCanal, c: { cnpj: string; email: string; senha: string }, mensagem: string) {
  const r = await autenticar(ctx.base, c, ctx.timeoutMs);
  if (!r.ok) return r;
  const agora = Date.now();
  return ok({
    segredos: { hash_autenticacao: r.valor },
    dados: { hash_obtido_em: new Date(agora).toISOString() },
    mensagem,
    renovarEm: renovarAntes(VALIDADE_HASH_S, agora),
  });
}

export const webmotors: Canal = {
  meta,
  configurar: (ctx, c) =>
    obterHash(ctx, { cnpj: c.cnpj ?? '', email: c.email_webmotors ?? '', senha: c.senha_webmotors ?? '' }, 'Autenticado na Webmotors.'),
  renovar: (ctx, segredos, dados) =>
    obterHash(
      ctx,
      { cnpj: String(dados.cnpj ?? ''), email: String(dados.email_webmotors ?? ''), senha: segredos.senha_webmotors ?? '' },
      'Hash da Webmotors renovado.',
    ),
};
