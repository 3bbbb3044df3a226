/**
 * Benchmark options: `--hands N`, `--rounds N`, `--seed N`, on/off switches such as `--no-peer`, and
 * `--cpu N`, the CPU a run was pinned to (bench/cpu-choice.ts), null when it was not.
 */
export type BenchOptions = { hands: number; rounds: number; seed: number; cpu: number | null; switches: Set<string> };

export function parseBenchOptions(argv: readonly string[], defaults: { hands: number; rounds: number; seed: number }, switches: readonly string[] = []): BenchOptions {
  const options: BenchOptions = { ...defaults, cpu: null, switches: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i] as string;
    if (switches.includes(name)) {
      options.switches.add(name);
      continue;
    }
    const value = Number(argv[++i]);
    if (name === '--cpu') {
      if (!Number.isInteger(value) || value < 0) throw new Error('--cpu needs a CPU number (0, 1, …)');
      options.cpu = value;
      continue;
    }
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a positive integer`);
    if (name === '--hands') options.hands = value;
    else if (name === '--rounds') options.rounds = value;
    else if (name === '--seed') options.seed = value;
    else throw new Error(`unknown option ${name}`);
  }
  return options;
}
