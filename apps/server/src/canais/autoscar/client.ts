import { chamarCanal, tipoPorStatus } from '../http.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';

/**
 * Designed contract (no public API): `POST {base}/integracao/v1/revendas/{id}/vinculo` with the integrator key
 * in `x-api-key` answers `{id, nomeFantasia, ativo}`; 404 unknown dealer, 401 bad key, 409 dealer inactive.
 */
export async function vincularRevenda(ctx: ContextoCanal, idAutoscar: string): Promise<Resultado<{ nomeFantasia: string }>> {
  const r = await chamarCanal(
    `${ctx.base}/integracao/v1/revendas/${encodeURIComponent(idAutoscar)}/vinculo`,
    { method: 'POST', headers: { 'x-api-key': ctx.app.clientSecret, accept: 'application/json' } },
    ctx.timeoutMs,
  );
  if (!r.ok) return r;
  const corpo = (r.valor.json() ?? {}) as { nomeFantasia?: string; mensagem?: string };
  if (r.valor.status === 404) return falha('validation', corpo.mensagem ?? 'revenda não encontrada na Autoscar');
  if (r.valor.status === 409) return falha('rejected', corpo.mensagem ?? 'revenda inativa na Autoscar');
  if (r.valor.status !== 200) return falha(tipoPorStatus(r.valor.status), corpo.mensagem ?? `HTTP ${r.valor.status}`);
  return ok({ nomeFantasia: corpo.nomeFantasia ?? '' });
}
