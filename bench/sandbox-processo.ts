/**
 * The channels' sandboxes in a Node process of their own (as issue 24's outside measurement ran them): the product
 * reaches them through CANAL_<ID>_URL, so a channel's answer never waits behind the product's own CPU work, as a
 * real channel's would not. `iniciarSandboxes` spawns this file; run directly it is the child: the stand-ins of
 * `SANDBOX_CANAIS` (comma-separated), inspection routes on (`/_anuncios` counts the adverts), on a free loopback port;
 * `PUT /_latencia {ms}` makes every channel call answer that much later (a real portal's latency).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CanalId } from '@intermedio/contracts';

const ESTE = fileURLToPath(import.meta.url);

export type SandboxesEmProcesso = {
  /** `http://127.0.0.1:port` of the child. */
  origem: string;
  /** The child's process id (its CPU time, bench/cpu.ts). */
  pid: number | undefined;
  /** CANAL_<ID>_URL of each channel, for the product's configuration. */
  env: Record<string, string>;
  /** Every channel call answered `ms` later from now on (a real portal's latency; 0: at once). */
  latencia: (ms: number) => Promise<void>;
  /** Adverts the channel's sandbox holds (its inspection route). */
  anuncios: (canal: CanalId) => Promise<number>;
  parar: () => Promise<void>;
};

export async function iniciarSandboxes(canais: readonly CanalId[]): Promise<SandboxesEmProcesso> {
  const filho = spawn(process.execPath, ['--import', 'tsx', ESTE], {
    cwd: path.dirname(ESTE),
    env: { ...process.env, SANDBOX_CANAIS: canais.join(',') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let saida = '';
  const origem = await new Promise<string>((ok, falha) => {
    const tempo = setTimeout(() => falha(new Error(`sandboxes não subiram: ${saida}`)), 60_000);
    const ler = (d: Buffer) => {
      saida += d;
      const o = /sandboxes em (http:\/\/127\.0\.0\.1:\d+)/.exec(saida)?.[1];
      if (o) {
        clearTimeout(tempo);
        ok(o);
      }
    };
    filho.stdout.on('data', ler);
    filho.stderr.on('data', ler);
    filho.on('exit', (c) => falha(new Error(`sandboxes saíram (${c}): ${saida}`)));
  });
  return {
    origem,
    pid: filho.pid,
    env: Object.fromEntries(canais.map((c) => [`CANAL_${c.toUpperCase()}_URL`, `${origem}/sandbox/${c}`])),
    latencia: async (ms) => {
      await fetch(`${origem}/_latencia`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms }) });
    },
    anuncios: async (canal) =>
      ((await (await fetch(`${origem}/sandbox/${canal}/_anuncios`)).json()) as { anuncios: unknown[] }).anuncios.length,
    parar: () =>
      new Promise<void>((ok) => {
        if (filho.exitCode !== null) return ok();
        filho.once('exit', () => ok());
        filho.kill('SIGTERM');
      }),
  };
}

// The child: the stand-ins only, no product, no database.
if (process.argv[1] && path.resolve(process.argv[1]) === ESTE) {
  const { default: Fastify } = await import('fastify');
  const { sandboxes } = await import('@intermedio/sandbox');
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const canais = (process.env.SANDBOX_CANAIS ?? '').split(',').filter(Boolean) as CanalId[];
  // The calls each operation received (method and path without ids), for BENCH_LOTE_PEDIDOS: what the product asks beyond the send.
  const pedidos = new Map<string, number>();
  app.addHook('onRequest', async (req) => {
    const k = `${req.method} ${req.url.split('?')[0]?.replace(/\/[0-9a-f-]{8,}|\/\d+/g, '/:id')}`;
    pedidos.set(k, (pedidos.get(k) ?? 0) + 1);
  });
  // A real portal answers in tens to hundreds of ms: the channel calls (not the control routes, `_…`) wait this long.
  let latencia = 0;
  app.addHook('onRequest', async (req) => {
    if (latencia > 0 && !req.url.includes('/_')) await new Promise((ok) => setTimeout(ok, latencia));
  });
  app.put<{ Body: { ms?: number } }>('/_latencia', async (req) => {
    latencia = Math.max(0, Number(req.body?.ms ?? 0));
    return { latencia };
  });
  app.get('/_pedidos', async () => Object.fromEntries(pedidos));
  app.delete('/_pedidos', async () => {
    pedidos.clear();
    return {};
  });
  await app.register(sandboxes, { canais, fcm: false, inspecao: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  console.log(`sandboxes em http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
