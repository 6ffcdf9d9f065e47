/**
 * Memory and start of a NEW install on the embedded database (issue 28 item 7): the server started exactly as
 * `npm start` starts it (apps/server's start script) on an empty DATA_DIR — initdb, migrations, demo seed with its
 * photos — then left idle. Measures the time until the first answer of /api/health, the resident memory (RSS) of
 * the server process after IDLE_S seconds idle (target ≤ 400 MiB) and its peak (VmHWM), plus the CPU time of the
 * start (a 2-core machine shared with other work stretches the wall-clock time, not the CPU).
 * Alone: `node --import tsx bench/memoria-instalacao.ts` replaces its section of bench/resultados.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { substituirSecao } from './secao.ts';
import type { Registrar } from './veiculos.ts';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVIDOR = path.join(RAIZ, 'apps/server');
const IDLE_S = 30;

const status = (pid: number, campo: string) =>
  Number(new RegExp(`${campo}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** User + system CPU seconds of a process (and of its waited-for children: the initdb process). */
function cpu(pid: number): { proprio: number; filhos: number } {
  const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const n = (i: number) => Number(campos[i - 3] ?? 0) / 100; // fields 14-17 of proc(5), counted after "pid (comm)"
  return { proprio: n(14) + n(15), filhos: n(16) + n(17) };
}

export async function medirMemoriaInstalacao(registrar: Registrar): Promise<string[]> {
  // The command of `npm start` (apps/server/package.json), node flags included, run without npm in between.
  const script = (JSON.parse(readFileSync(path.join(SERVIDOR, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const [node, ...args] = script.split(/\s+/);
  if (node !== 'node') throw new Error(`start inesperado: ${script}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'intermedio-bench-instalacao-'));
  const porta = 3990 + Math.floor(Math.random() * 9);
  const t0 = performance.now();
  const filho = spawn(process.execPath, args, {
    cwd: SERVIDOR,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(porta), LOG_LEVEL: 'warn', DATABASE_URL: '', SEED_DEMO: '' },
    stdio: 'ignore',
  });
  const pid = filho.pid ?? 0;
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${porta}/api/health`)).ok) break;
      } catch {}
      if (filho.exitCode !== null) throw new Error('o servidor saiu antes de responder');
      if (performance.now() - t0 > 180_000) throw new Error('servidor não subiu em 180 s');
      await new Promise((ok) => setTimeout(ok, 50));
    }
    const partida = performance.now() - t0;
    const cpuPartida = cpu(pid);
    const amostras: number[] = [];
    for (let s = 0; s < IDLE_S; s += 2) {
      await new Promise((ok) => setTimeout(ok, 2000));
      amostras.push(status(pid, 'VmRSS'));
    }
    const n = 'instalação nova (banco embutido, dados de demonstração)';
    registrar(`${n}: partida até a 1ª resposta`, partida, 'ms', 15_000);
    registrar(`${n}: CPU da partida (servidor + processo do initdb)`, (cpuPartida.proprio + cpuPartida.filhos) * 1000, 'ms', 15_000);
    registrar(`${n}: RSS do servidor ${IDLE_S} s ocioso depois de pronto`, amostras.at(-1) ?? 0, 'MiB', 400);
    registrar(`${n}: maior RSS ocioso nesses ${IDLE_S} s`, Math.max(...amostras), 'MiB', 400);
    registrar(`${n}: pico de RSS do servidor (VmHWM, partida incluída)`, status(pid, 'VmHWM'), 'MiB', 600);
    return [`comando: ${script} (em apps/server); load average ${loadavg()[0]?.toFixed(1)} ao medir`];
  } finally {
    await new Promise((ok) => {
      filho.once('exit', ok);
      filho.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Alone: measure and write this benchmark's section of bench/resultados.md (replaced if there; the others stay).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const linhas: string[] = [];
  const inicio = new Date().toISOString().slice(0, 16);
  let ok = true;
  const notas = await medirMemoriaInstalacao((medida, valor, unidade, meta) => {
    const v = Math.round(valor * 10) / 10;
    ok &&= valor <= meta;
    linhas.push(`| ${medida} | ${v} ${unidade} | ≤ ${meta} ${unidade} | ${valor <= meta ? 'ok' : 'FALHOU'} |`);
  });
  const TITULO = '## Instalação nova (`bench/memoria-instalacao.ts`): memória e partida do banco embutido';
  const secao = [
    TITULO,
    '',
    `Medido em ${inicio}Z na máquina de 2 núcleos (${notas.join('; ')}). Um DATA_DIR vazio: initdb (num processo à parte),`,
    'migrações e dados de demonstração com fotos; depois o servidor fica ocioso. É a primeira partida de quem roda',
    '`npm start` pela primeira vez, e não a memória depois de carga num banco existente (a linha "após 2.000 leituras"',
    'da tabela de cima).',
    '',
    '| medida | valor | meta | |',
    '|---|---|---|---|',
    ...linhas,
  ];
  substituirSecao(TITULO, secao);
  console.log(linhas.join('\n'));
  process.exit(ok ? 0 : 1);
}
