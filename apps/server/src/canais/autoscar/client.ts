import { chamarCanal, tipoPorStatus } from '../http.ts';
import { type ContextoCanal, falha, ok, type Resultado } from '../tipos.ts';

/**
 * Autoscar has no public write API (channels.md §8): this is the REST/JSON contract we designed, documented in
 * docs/autoscar.md and played by packages/sandbox/src/autoscar.ts. Every call carries the integrator key in
 * `x-api-key`; errors are `{codigo, mensagem, erros?: [{campo, mensagem}]}`. Correcting the contract means
 * changing this folder and the sandbox only.
 */
export type ErroAutoscar = { codigo?: string; mensagem?: string; erros?: { campo?: string; mensagem?: string }[] };

/** The fields of an advert body as the screen names them, for Autoscar's field errors. */
const ROTULOS: Record<string, string> = {
  modelId: 'Versão',
  fuelType: 'Combustível',
  color: 'Cor',
  bodyStyle: 'Tipo de veículo',
  transmission: 'Transmissão',
  city: 'Cidade',
  state: 'UF',
  plate: 'Placa',
  ports: 'Portas',
  matchType: 'Tipo de partida',
  coolingType: 'Tipo de refrigeração',
  marches: 'Marchas',
  motor: 'Cilindrada',
  description: 'Descrição',
  photos: 'Fotos',
  mileage: 'Quilometragem',
  price: 'Preço',
  optionals: 'Opcionais',
};
const semPonto = (t: string) => t.trim().replace(/\.$/, '');

/** Autoscar's error body as one Portuguese sentence: each field error as "'Rótulo': mensagem", joined by "; ". */
export function mensagemAutoscar(corpo: ErroAutoscar, status: number): string {
  const erros = (corpo.erros ?? []).map((e) => `'${ROTULOS[e.campo ?? ''] ?? e.campo}': ${semPonto(e.mensagem ?? '')}`);
  return erros.length ? erros.join('; ') : semPonto(corpo.mensagem ?? `HTTP ${status}`);
}

export type RespostaAutoscar = { status: number; corpo: unknown };

/** One call to Autoscar: network failures and 5xx are transient; other errors are typed by status and code. */
export async function chamarAutoscar(
  ctx: ContextoCanal,
  metodo: 'GET' | 'POST' | 'PUT' | 'DELETE',
  caminho: string,
  corpo?: unknown,
  aceitar: readonly number[] = [],
): Promise<Resultado<RespostaAutoscar>> {
  const r = await chamarCanal(
    `${ctx.base}/integracao/v1${caminho}`,
    {
      method: metodo,
      headers: {
        'x-api-key': ctx.app.clientSecret,
        accept: 'application/json',
        ...(corpo === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
    },
    ctx.timeoutMs,
  );
  if (!r.ok) return r;
  const { status } = r.valor;
  const json = r.valor.json();
  if ((status >= 200 && status < 300) || aceitar.includes(status)) return ok({ status, corpo: json });
  const e = (json ?? {}) as ErroAutoscar;
  const mensagem = mensagemAutoscar(e, status);
  if (status === 401) return falha('auth', 'chave de integração recusada pela Autoscar', e.codigo);
  if (e.codigo === 'REVENDA_NAO_ENCONTRADA') return falha('validation', mensagem, e.codigo);
  if (status === 409) return falha('rejected', mensagem, e.codigo);
  return falha(tipoPorStatus(status), mensagem, e.codigo);
}

/** `POST /revendas/{id}/vinculo` answers `{id, nomeFantasia, ativo}`; 404 unknown dealer, 401 bad key, 409 inactive. */
export async function vincularRevenda(ctx: ContextoCanal, idAutoscar: string): Promise<Resultado<{ nomeFantasia: string }>> {
  const r = await chamarAutoscar(ctx, 'POST', `/revendas/${encodeURIComponent(idAutoscar)}/vinculo`);
  if (!r.ok) return r;
  return ok({ nomeFantasia: String((r.valor.corpo as { nomeFantasia?: string } | null)?.nomeFantasia ?? '') });
}
