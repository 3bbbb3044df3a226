/**
 * npm run bench:phh — `felt replay --json` over a `.phhs` file of 100,000 hands, in hands/s: a simulated
 * 6-max no-limit cash session (seeded) written as Felt exports its hands, one `[n]` table each (the file is
 * built once in the temporary folder and reused while its options match). Timed: the replay command
 * itself (reading the file a piece at a time, the strict TOML reader, every hand through the engine, a
 * JSON line per hand written to nowhere), with its peak memory beside the file's size, and the same run
 * as a command of its own with its heap held to 32 MB: reading is one pass in bounded memory (D54). No JavaScript program replays PHH to run beside it; for scale, pokerkit (Python)
 * plays about 226 random 6-max hands/s on this machine (issue 24). Peers in the same run, for the reading
 * alone: `smol-toml` (fast, reads numbers as floats) and `toml-eslint-parser` (keeps numbers' text, builds
 * a syntax tree) over the file's first hands, whole text in memory as they need it, against Felt's reader
 * over the same text (D53). Options: --hands N (100,000), --seed N, --rounds N (3; the median is reported).
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as smolParse } from 'smol-toml';
import { parseTOML as eslintParse } from 'toml-eslint-parser';
import { runReplay } from '../src/cli/commands/replay.js';
import type { CommandIo } from '../src/cli/io.js';
import { TableHandHistories } from '../src/phh/table-hands.js';
import { parseHandTables } from '../src/phh/toml.js';
import { simulateSession } from '../src/sim/session.js';
import { parseBenchOptions } from './options.js';

const options = parseBenchOptions(process.argv.slice(2), { hands: 100_000, rounds: 3, seed: 24 });
const folder = join(tmpdir(), 'felt-bench-phh');
mkdirSync(folder, { recursive: true });
const path = join(folder, `session6-${options.hands}-${options.seed}.phhs`);

/** The session's hands as one `.phhs` file, written as they are played (never held whole). */
function build(): void {
  const started = performance.now();
  const building = `${path}.building`;
  const out = openSync(building, 'w');
  const histories = new TableHandHistories();
  let written = 0;
  let pending: string[] = [];
  simulateSession({ hands: options.hands, seed: options.seed, players: 6, structure: 'nl', button: 'dead', mode: 'cash' }, (entries) => {
    for (const entry of entries) {
      const hand = histories.see(entry);
      if (hand === null) continue;
      pending.push(`[${++written}]\n${hand.text}\n`);
    }
    if (pending.length >= 1000) {
      writeSync(out, pending.join(''));
      pending = [];
    }
  });
  writeSync(out, pending.join(''));
  closeSync(out);
  renameSync(building, path);
  console.log(`built ${path}: ${written.toLocaleString('en')} hands, ${(statSync(path).size / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const built = !existsSync(path);
if (built) build();
const megabytes = statSync(path).size / 1e6;

/** Output to nowhere, counting the lines (one per hand) and any that failed. */
function sink(): { io: CommandIo; lines: () => number; failed: () => number } {
  let lines = 0;
  let failed = 0;
  const io: CommandIo = {
    out: (text) => {
      lines++;
      if (!text.includes('"matchesRecorded":true')) failed++;
    },
    err: () => undefined,
    lines: async function* () {},
  };
  return { io, lines: () => lines, failed: () => failed };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const rates: number[] = [];
for (let round = 0; round < options.rounds; round++) {
  const { io, lines, failed } = sink();
  const started = performance.now();
  const status = await runReplay(['--json', path], io, null);
  const seconds = (performance.now() - started) / 1000;
  if (lines() !== options.hands || failed() !== 0 || status !== 0) throw new Error(`round ${round + 1}: ${lines()} lines, ${failed()} not matching, exit ${status}`);
  rates.push(options.hands / seconds);
  console.log(`round ${round + 1}: ${options.hands.toLocaleString('en')} hands in ${seconds.toFixed(2)} s`);
}
const rate = median(rates);
console.log(`felt replay --json, ${megabytes.toFixed(1)} MB, ${options.hands.toLocaleString('en')} hands: ${Math.round(rate).toLocaleString('en')} hands/s (median of ${options.rounds})`);
// The process's peak memory so far: the replay's, unless the file was built in this run (then the build's may be higher).
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1e3).toFixed(0)} MB for a ${megabytes.toFixed(0)} MB file${built ? ' (the file was built in this run: run again for the replay alone)' : ''}`);
// Bounded memory, checked: the same replay as a command of its own, its heap held to 32 MB (the file is larger).
const bounded = spawnSync(process.execPath, ['--max-old-space-size=32', 'bin/felt', 'replay', '--json', path], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
if (bounded.status !== 0) throw new Error(`felt replay in a 32 MB heap: exit ${String(bounded.status)} ${bounded.signal ?? ''} ${bounded.stderr.slice(-500)}`);
console.log(`felt replay --json of the same file as a command with its heap held to 32 MB: done (exit 0)`);
console.log(`for scale (not run here): pokerkit ~226 random 6-max hands/s on this machine — ratio ${(rate / 226).toFixed(0)}×`);

// Reading alone, against the peers, on the file's first hands (they need the whole text in memory).
const text = readFileSync(path, 'utf8');
const prefix = text.slice(0, text.indexOf(`\n[${Math.min(10_001, options.hands)}]\n`) + 1 || text.length);
const prefixHands = Math.min(10_000, options.hands);
function timeRead(name: string, read: () => unknown): number {
  const seconds: number[] = [];
  for (let round = 0; round < Math.max(3, options.rounds); round++) {
    const started = performance.now();
    read();
    seconds.push((performance.now() - started) / 1000);
  }
  const best = median(seconds);
  console.log(`  ${name.padEnd(20)} ${(prefix.length / 1e6 / best).toFixed(1).padStart(6)} MB/s  ${Math.round(prefixHands / best).toLocaleString('en').padStart(9)} hands/s`);
  return best;
}
console.log(`reading alone, the first ${prefixHands.toLocaleString('en')} hands (${(prefix.length / 1e6).toFixed(1)} MB):`);
const felt = timeRead("Felt's reader", () => parseHandTables(prefix));
const smol = timeRead('smol-toml', () => smolParse(prefix));
const eslint = timeRead('toml-eslint-parser', () => eslintParse(prefix));
console.log(`  Felt's reader takes ${(felt / smol).toFixed(2)}× smol-toml's time and ${(felt / eslint).toFixed(2)}× toml-eslint-parser's`);
