import { lerTag } from '../http.ts';
import type { SessaoCanal } from '../publicacao.ts';
import { type ContextoCanal, falha, type Resultado } from '../tipos.ts';
import { chamarEstoque, loginGuardado, obterHash } from './client.ts';

/** Renewals in flight per session: parallel calls that all met "31" share one login. */
const renovando = new WeakMap<SessaoCanal, Promise<Resultado<string>>>();

async function renovarHash(ctx: ContextoCanal, sessao: SessaoCanal): Promise<Resultado<string>> {
  const r = await obterHash(ctx, loginGuardado(sessao.segredos, sessao.dados), 'Hash da Webmotors renovado.');
  if (!r.ok) return r;
  sessao.segredos = { ...sessao.segredos, ...r.valor.segredos };
  sessao.dados = { ...sessao.dados, ...r.valor.dados };
  // The framework stores it (encrypted), so the next request does not log in again.
  await sessao.renovada?.(r.valor);
  return { ok: true, valor: r.valor.segredos.hash_autenticacao };
}

/**
 * A stock operation with the session's hash. The hash expires (about 1000 min); Webmotors then answers
 * CodigoRetorno 31: log in again with the stored password, keep the new hash and repeat the call once (a call
 * refused for the hash changed nothing at Webmotors, so repeating it is safe).
 */
export async function operar(ctx: ContextoCanal, sessao: SessaoCanal, operacao: string, parametros = ''): Promise<Resultado<string>> {
  const antes = sessao.segredos.hash_autenticacao ?? '';
  const r = await chamarEstoque(ctx, antes, operacao, parametros);
  if (!r.ok || lerTag(r.valor, 'CodigoRetorno') !== '31') return r;
  const atual = sessao.segredos.hash_autenticacao ?? '';
  let hash: Resultado<string> = { ok: true, valor: atual };
  if (atual === antes) {
    const emCurso = renovando.get(sessao) ?? renovarHash(ctx, sessao).finally(() => renovando.delete(sessao));
    renovando.set(sessao, emCurso);
    hash = await emCurso;
  }
  if (!hash.ok) return hash;
  const repetida = await chamarEstoque(ctx, hash.valor, operacao, parametros);
  if (repetida.ok && lerTag(repetida.valor, 'CodigoRetorno') === '31')
    return falha('auth', 'a Webmotors recusou o hash de autenticação renovado');
  return repetida;
}
