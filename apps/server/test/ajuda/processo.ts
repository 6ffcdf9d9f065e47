import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A server in a child process on a PostgreSQL database (`node --import tsx src/main.ts`, demo seeded when the
 * database is empty), or on the embedded one under its DATA_DIR when `url` is null. Answers its base address once it
 * listens; `processos` collects it for the cleanup. `nodeArgs`: Node's own flags (bench/leads-webhook.ts: `--cpu-prof`).
 */
export async function iniciarServidor(
  url: string | null,
  processos: ChildProcess[],
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<string> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'intermedio-mp-')); // the caller's own, or a new one
  const { DATABASE_URL: _herdada, ...herdado } = process.env;
  const filho = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...herdado,
      ...(url ? { DATABASE_URL: url } : {}),
      SECRET_KEY: 'k'.repeat(40),
      SEED_DEMO: '1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SANDBOX_INSPECAO: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processos.push(filho);
  let saida = '';
  return new Promise((ok, falha) => {
    const tempo = setTimeout(() => falha(new Error(`servidor não subiu: ${saida}`)), 90_000);
    const ler = (d: Buffer) => {
      saida += d;
      const porta = /no ar em http:\/\/127\.0\.0\.1:(\d+)/.exec(saida)?.[1];
      if (porta) {
        clearTimeout(tempo);
        ok(`http://127.0.0.1:${porta}`);
      }
    };
    filho.stdout?.on('data', ler);
    filho.stderr?.on('data', ler);
  });
}

/** Signs in over HTTP; answers the session cookie and CSRF token. */
export async function entrarHttp(base: string, email: string) {
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
  const corpo = (await r.json()) as { data: { csrf: string } };
  return { cookie, csrf: corpo.data.csrf };
}
