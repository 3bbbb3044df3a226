/**
 * Crash recovery trials: a simulated session persisted with `felt sim --db` is killed with SIGKILL at
 * random moments and resumed with `--resume` until it ends; its final head hash must equal that of the
 * same session run without interruption. Used by the recovery test (30 trials) and `npm run
 * soak:recovery` (1,000).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SeededRandom } from '../src/cards/random.js';

const felt = fileURLToPath(new URL('../bin/felt', import.meta.url));

export type TrialOptions = { readonly hands: number; readonly seed: number; readonly trials: number; readonly killSeed: number };
export type TrialResult = { readonly trial: number; readonly kills: number; readonly logHash: string };

/** Runs `felt sim` on a database, killing it after `killAfter` ms (or never); the JSON summary, or null when killed. */
function runSim(args: readonly string[], killAfter: number | null): Promise<{ logHash: string } | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(felt, ['sim', ...args, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const timer = killAfter === null ? null : setTimeout(() => child.kill('SIGKILL'), killAfter);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (timer !== null) clearTimeout(timer);
      if (signal === 'SIGKILL') return resolve(null);
      if (code !== 0) return reject(new Error(`felt sim ended with ${String(code)}: ${err}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { logHash: string });
    });
  });
}

/** The head hash of the session run straight through. */
export async function uninterruptedHash(hands: number, seed: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'felt-recovery-'));
  try {
    const result = await runSim(['--hands', String(hands), '--seed', String(seed), '--db', join(dir, 'straight.db')], null);
    if (result === null) throw new Error('the uninterrupted session was killed');
    return result.logHash;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One trial: kill at random moments (up to three times), resume until the session ends. */
export async function recoveryTrial(options: TrialOptions, trial: number, random: SeededRandom): Promise<TrialResult> {
  const dir = mkdtempSync(join(tmpdir(), 'felt-recovery-'));
  const args = ['--hands', String(options.hands), '--seed', String(options.seed), '--db', join(dir, 'table.db'), '--resume'];
  try {
    let kills = 0;
    for (;;) {
      // Early kills land in start-up and the schema; later ones mid-hand. A 30-hand session runs in about
      // 600 ms here: a kill drawn from up to a second after the start missed half the time, and the test's
      // count of kills stood at its threshold (28 of 30 once).
      const killAfter = kills < 3 ? 100 + random.nextInt(500) : null;
      const result = await runSim(args, killAfter);
      if (result !== null) return { trial, kills, logHash: result.logHash };
      kills++;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the trials two at a time; returns those whose head differs from the uninterrupted session's. */
export async function recoveryTrials(options: TrialOptions, progress?: (result: TrialResult, expected: string) => void): Promise<{ expected: string; results: TrialResult[]; failures: TrialResult[] }> {
  const expected = await uninterruptedHash(options.hands, options.seed);
  const results: TrialResult[] = [];
  for (let trial = 1; trial <= options.trials; trial += 2) {
    const batch = [trial, trial + 1].filter((number) => number <= options.trials);
    // Each trial its own kill times, from its number: reproducible whatever runs beside it.
    for (const result of await Promise.all(batch.map((number) => recoveryTrial(options, number, new SeededRandom((options.killSeed * 1_000_003 + number) >>> 0))))) {
      results.push(result);
      progress?.(result, expected);
    }
  }
  return { expected, results, failures: results.filter((result) => result.logHash !== expected) };
}
