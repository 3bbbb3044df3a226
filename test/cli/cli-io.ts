import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSim } from '../../src/cli/commands/sim.js';
import type { CommandIo } from '../../src/cli/io.js';

/** A command's io with these standard input lines, and what the command wrote: `out`, `err`, each whole. */
export function cliIo(input: readonly string[] = []): CommandIo & { readonly written: { out: string; err: string } } {
  const written = { out: '', err: '' };
  return {
    written,
    out: (text) => void (written.out += text),
    err: (text) => void (written.err += text),
    lines: async function* () {
      yield* input;
    },
  };
}

/** A new scratch folder. */
export function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'felt-cli-'));
}

/** A table database (in a scratch folder) holding a simulated session of `hands` hands, seed `seed`. */
export async function simulatedTable(hands: number, seed = 9): Promise<string> {
  const db = join(scratch(), 'table.db');
  const io = cliIo();
  if ((await runSim(['--hands', String(hands), '--seed', String(seed), '--db', db, '--json'], io)) !== 0) throw new Error(`felt sim failed: ${io.written.err}`);
  return db;
}

/** A built checkout's dist/, as far as browser mode looks at it, in `folder`. */
export function builtDist(folder: string): string {
  const dist = join(folder, 'dist');
  mkdirSync(join(dist, 'renderer'), { recursive: true });
  writeFileSync(join(dist, 'felt.js'), '');
  writeFileSync(join(dist, 'renderer', 'index.html'), '<div id="root"></div>');
  return dist;
}
