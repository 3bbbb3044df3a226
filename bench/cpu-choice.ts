import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * The CPU a benchmark runs on. This machine's two virtual CPUs are slowed in turn by other load on their
 * host: the same build runs about 100,000 hands/s on one and 63,000 on the other, poker-ts slows with it,
 * and which CPU is the slow one changes from minute to minute (docs/performance.md, "Ninth pass"). A run
 * that lands on the slow one measures the neighbour, not the engine. So a short calibration runs on each
 * CPU, and the benchmark — both engines, for a fair ratio — runs pinned to the quieter one (`taskset`,
 * util-linux). Null when there is one CPU or no `taskset`: the run is then unpinned.
 */
export function quieterCpu(script: string, calibration: readonly string[], rateOf: (output: string) => number | null): { cpu: number; rates: number[] } | null {
  const cpus = availableParallelism();
  if (cpus < 2 || spawnSync('taskset', ['--version']).status !== 0) return null;
  const rates: number[] = Array.from({ length: cpus }, () => 0);
  // Twice round the CPUs, alternating, the better of each CPU's two: a spell of load on one is not taken for the CPU itself.
  for (let pass = 0; pass < 2; pass++) {
    for (let cpu = 0; cpu < cpus; cpu++) {
      const run = spawnSync('taskset', ['-c', String(cpu), process.execPath, script, ...calibration, '--cpu', String(cpu)], { encoding: 'utf8' });
      const rate = run.status === 0 ? rateOf(run.stdout) : null;
      if (rate === null) throw new Error(`the calibration on CPU ${cpu} failed: ${run.stderr || run.stdout}`);
      rates[cpu] = Math.max(rates[cpu] as number, rate);
    }
  }
  let cpu = 0;
  for (let other = 1; other < cpus; other++) if ((rates[other] as number) > (rates[cpu] as number)) cpu = other;
  return { cpu, rates };
}

/** Runs `script` with `args` pinned to `cpu`, its output as this process's; its exit status. */
export function runPinned(cpu: number, script: string, args: readonly string[]): number {
  return spawnSync('taskset', ['-c', String(cpu), process.execPath, script, ...args, '--cpu', String(cpu)], { stdio: 'inherit' }).status ?? 1;
}
