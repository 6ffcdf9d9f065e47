import { z } from 'zod';

/**
 * Social Graph lookups made by the browser (spec 1 §7, version 20.0), with the user's access token as bearer.
 * `graphUrl` comes from GET /api/integracao/social/config (same-origin sandbox by default).
 */
export class ErroGraph extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ErroGraph';
  }
}

async function consultar<T>(graphUrl: string, caminho: string, token: string, esquema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  let resposta: Response;
  try {
    resposta = await fetch(`${graphUrl.replace(/\/+$/, '')}/${caminho}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      signal,
    });
  } catch (erro) {
    if (erro instanceof DOMException && erro.name === 'AbortError') throw erro;
    throw new ErroGraph(0, 'Sem resposta da rede social.');
  }
  let corpo: unknown = null;
  try {
    corpo = await resposta.json();
  } catch {
    // An answer without JSON is a failure below.
  }
  const erro = (corpo as { error?: { message?: unknown } } | null)?.error;
  if (!resposta.ok || erro)
    throw new ErroGraph(resposta.status, typeof erro?.message === 'string' ? erro.message : `HTTP ${resposta.status}`);
  const r = esquema.safeParse(corpo);
  if (!r.success) throw new ErroGraph(resposta.status, 'Resposta inesperada da rede social.');
  return r.data;
}

/** Graph ids are strings; a number is accepted too. */
const idGraph = z.union([z.string(), z.number()]).transform(String);

const pagina = z.object({ id: idGraph, name: z.string(), access_token: z.string() });
export type PaginaSocial = z.infer<typeof pagina>;

/** GET {graph}/me/accounts → the Facebook pages the user manages, each with its page access token. */
export async function listarPaginas(graphUrl: string, token: string, signal?: AbortSignal): Promise<PaginaSocial[]> {
  const r = await consultar(graphUrl, 'me/accounts', token, z.object({ data: z.array(pagina) }), signal);
  return r.data;
}

/** GET {graph}/{pageId}?fields=instagram_business_account → the linked Instagram account id, or null when none. */
export async function contaInstagramDaPagina(
  graphUrl: string,
  idPagina: string,
  token: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const r = await consultar(
    graphUrl,
    `${encodeURIComponent(idPagina)}?fields=instagram_business_account`,
    token,
    z.object({ id: idGraph, instagram_business_account: z.object({ id: idGraph }).nullish() }),
    signal,
  );
  return r.instagram_business_account?.id ?? null;
}

export type ContaInstagram = { id: string; name: string };

/** GET {graph}/{igId}?fields=id,name → the Instagram account's id and name. */
export async function dadosContaInstagram(graphUrl: string, idConta: string, token: string, signal?: AbortSignal): Promise<ContaInstagram> {
  const r = await consultar(
    graphUrl,
    `${encodeURIComponent(idConta)}?fields=id,name`,
    token,
    z.object({ id: idGraph, name: z.string().nullish(), username: z.string().nullish() }),
    signal,
  );
  return { id: r.id, name: r.name ?? r.username ?? r.id };
}
