/** Benchmark options: `--hands N`, `--rounds N`, `--seed N`, and on/off switches such as `--no-peer`. */
export type BenchOptions = { hands: number; rounds: number; seed: number; switches: Set<string> };

export function parseBenchOptions(argv: readonly string[], defaults: { hands: number; rounds: number; seed: number }, switches: readonly string[] = []): BenchOptions {
  const options: BenchOptions = { ...defaults, switches: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i] as string;
    if (switches.includes(name)) {
      options.switches.add(name);
      continue;
    }
    const value = Number(argv[++i]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a positive integer`);
    if (name === '--hands') options.hands = value;
    else if (name === '--rounds') options.rounds = value;
    else if (name === '--seed') options.seed = value;
    else throw new Error(`unknown option ${name}`);
  }
  return options;
}
