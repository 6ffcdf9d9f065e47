/**
 * CPU time of the processes a bench runs, from Linux's /proc (utime + stime, clock ticks of 1/100 s): this process
 * (all its threads), a child (the sandboxes) and PostgreSQL's processes. Tells whether a phase was short of cores or
 * bound by one process: the sum over the phase's wall time near the number of cores means every process waited.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (ms) of a process (0 once it is gone); `tarefa`: of one of its threads only. */
export function cpuMs(pid: number | string | undefined, tarefa?: number): number {
  try {
    const campos =
      readFileSync(tarefa ? `/proc/${pid}/task/${tarefa}/stat` : `/proc/${pid}/stat`, 'utf8')
        .split(') ')[1]
        ?.split(' ') ?? [];
    return ((Number(campos[11]) + Number(campos[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** A process's children (the postmaster's: backends and workers). */
export function filhosDe(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const nomeDe = (pid: string) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

export type CpuMarca = { proprio: number; principal: number; filho: number; postgres: Map<string, number>; t: number };

/**
 * A mark: this process (and its main thread alone, the event loop: its JavaScript and PGlite's), the child `filho`,
 * and every process of the machine named postgres (a bench's server).
 */
export function marcarCpu(filho?: number): CpuMarca {
  const postgres = new Map<string, number>();
  for (const pid of readdirSync('/proc')) if (/^\d+$/.test(pid) && nomeDe(pid) === 'postgres') postgres.set(pid, cpuMs(pid));
  return {
    proprio: cpuMs(process.pid),
    principal: cpuMs(process.pid, process.pid),
    filho: filho ? cpuMs(filho) : 0,
    postgres,
    t: performance.now(),
  };
}

/** CPU ms of each process between two marks, and the wall time. */
export function cpuEntre(a: CpuMarca, b: CpuMarca) {
  let postgres = 0;
  for (const [pid, ms] of b.postgres) postgres += ms - (a.postgres.get(pid) ?? 0);
  return {
    paredeMs: b.t - a.t,
    proprioMs: b.proprio - a.proprio,
    principalMs: b.principal - a.principal,
    filhoMs: b.filho - a.filho,
    postgresMs: postgres,
  };
}
