import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export type Sessao = { cookie: string; csrf: string };

/** Signs a demo user in (password demo1234): the session cookie and the CSRF token of its writes. */
export async function entrar(base: string, email: string): Promise<Sessao> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, senha: 'demo1234' }),
  });
  const cookie =
    r.headers
      .getSetCookie()
      .find((c) => c.startsWith('intermedio_sessao='))
      ?.split(';')[0] ?? '';
  return { cookie, csrf: ((await r.json()) as { data: { csrf: string } }).data.csrf };
}

/** Signs the demo admin in. */
export const entrarComoAdmin = (base: string) => entrar(base, 'admin@intermedio.test');

/** One API call; throws unless 200 (a bench never measures a failure). */
export async function chamar<T = Record<string, unknown>>(
  base: string,
  s: Sessao,
  metodo: string,
  url: string,
  corpo?: unknown,
): Promise<T> {
  const r = await fetch(`${base}${url}`, {
    method: metodo,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, ...(corpo ? { 'content-type': 'application/json' } : {}) },
    body: corpo ? JSON.stringify(corpo) : undefined,
  });
  const texto = await r.text();
  if (r.status !== 200) throw new Error(`${metodo} ${url}: ${r.status} ${texto}`);
  return (JSON.parse(texto) as { data: T }).data;
}

/** The p-quantile (nearest rank) of `xs`. */
export const percentil = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)] ?? 0;

/**
 * One GET as a browser makes it over HTTPS (brotli and gzip accepted), timed until its last byte has arrived: the
 * server's whole work (session, SQL, JSON, compression) and the transfer, without the client's own decompression and
 * parsing.
 */
export function receber(url: string, cookie: string): Promise<Recebida> {
  return new Promise((ok, erro) => {
    httpGet(url, { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      const partes: Buffer[] = [];
      res.on('data', (p: Buffer) => partes.push(p));
      res.on('end', () =>
        ok({ status: res.statusCode ?? 0, bytes: Buffer.concat(partes), codificacao: String(res.headers['content-encoding'] ?? '') }),
      );
    }).on('error', erro);
  });
}

export type Recebida = { status: number; bytes: Buffer; codificacao: string };

/** The answer's body as sent before compression. */
export function descomprimir(r: Recebida): Buffer {
  if (r.codificacao === 'br') return brotliDecompressSync(r.bytes);
  if (r.codificacao === 'gzip') return gunzipSync(r.bytes);
  return r.bytes;
}

const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Medians of the API and of its SQL run directly, `vezes` rounds after 3 warm-ups, alternating which goes first so
 * a burst of load on a shared machine hits both alike.
 */
export async function apiContraSql(vezes: number, api: () => Promise<unknown>, direto: () => Promise<unknown>) {
  const medir = async (f: () => Promise<unknown>) => {
    const t = performance.now();
    await f();
    return performance.now() - t;
  };
  for (let i = 0; i < 3; i++) {
    await api();
    await direto();
  }
  const tApi: number[] = [];
  const tSql: number[] = [];
  for (let i = 0; i < vezes; i++) {
    if (i % 2) {
      tApi.push(await medir(api));
      tSql.push(await medir(direto));
    } else {
      tSql.push(await medir(direto));
      tApi.push(await medir(api));
    }
  }
  return { api: mediana(tApi), sql: mediana(tSql) };
}
