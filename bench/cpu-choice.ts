import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The CPU a benchmark runs on. This machine's two virtual CPUs are slowed in turn by other load on their
 * host: the same build runs about 100,000 hands/s on one and 63,000 on the other, poker-ts slows with it,
 * and which CPU is the slow one changes from minute to minute (docs/performance.md, "Ninth pass"). A run
 * that lands on the slow one measures the neighbour, not the engine. So a short calibration runs on each
 * CPU this process may use, and the benchmark — both engines, for a fair ratio — runs pinned to the
 * quieter one (`taskset`, util-linux). Null, with the reason, when there is nothing to choose or pinning
 * does not work here: the run is then unpinned.
 */
export function quieterCpu(script: string, calibration: readonly string[], rateOf: (output: string) => number | null): { cpu: number; rates: Map<number, number> } | { unpinned: string } {
  const cpus = allowedCpus();
  if (cpus.length < 2) return { unpinned: 'one CPU' };
  const rates = new Map<number, number>();
  // Twice round the CPUs, alternating, the better of each CPU's two: a spell of load on one is not taken for the CPU itself.
  for (let pass = 0; pass < 2; pass++) {
    for (const cpu of cpus) {
      const run = spawnSync('taskset', ['-c', String(cpu), process.execPath, script, ...calibration, '--cpu', String(cpu)], { encoding: 'utf8' });
      const rate = run.status === 0 ? rateOf(run.stdout) : null;
      if (rate === null) return { unpinned: `the calibration could not run pinned to CPU ${cpu} (${(run.error?.message ?? run.stderr).trim() || `exit ${String(run.status)}`})` };
      rates.set(cpu, Math.max(rates.get(cpu) ?? 0, rate));
    }
  }
  let best = cpus[0] as number;
  for (const cpu of cpus) if ((rates.get(cpu) as number) > (rates.get(best) as number)) best = cpu;
  return { cpu: best, rates };
}

/** Runs `script` with `args` pinned to `cpu`, its output as this process's; its exit status. */
export function runPinned(cpu: number, script: string, args: readonly string[]): number {
  return spawnSync('taskset', ['-c', String(cpu), process.execPath, script, ...args, '--cpu', String(cpu)], { stdio: 'inherit' }).status ?? 1;
}

/** The CPUs this process may run on (`Cpus_allowed_list`: "0-1", "2,3", "0-3,8"); none where it cannot tell. */
function allowedCpus(): number[] {
  let status: string;
  try {
    status = readFileSync('/proc/self/status', 'utf8');
  } catch {
    return [];
  }
  const list = /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1] ?? '';
  const cpus: number[] = [];
  for (const part of list.split(',')) {
    const [from, to = from] = part.split('-').map(Number);
    if (from === undefined || to === undefined || !Number.isInteger(from) || !Number.isInteger(to)) return [];
    for (let cpu = from; cpu <= to; cpu++) cpus.push(cpu);
  }
  return cpus;
}
