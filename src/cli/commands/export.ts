import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Operation } from '../../engine/operations.js';
import { isTableOperation } from '../../engine/table-reduce.js';
import { exportPhh } from '../../phh/export.js';
import { tomlString } from '../../phh/toml.js';
import { Store } from '../../store/store.js';
import { verifyDatabase } from '../../store/verify.js';
import { CliUsageError, type CommandIo } from '../io.js';

/** `felt export --db PATH --format phh --out DIR`: every hand of a table's log as a PHH file, once the log verifies. */
export async function runExport(args: readonly string[], io: CommandIo): Promise<number> {
  let db: string | null = null;
  let format: string | null = null;
  let out: string | null = null;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--db') db = args[++index] ?? null;
    else if (arg === '--format') format = args[++index] ?? null;
    else if (arg === '--out') out = args[++index] ?? null;
    else throw new CliUsageError(`unknown option ${String(arg)}`);
  }
  if (db === null || out === null) throw new CliUsageError('--db PATH and --out DIR are required');
  if (format !== 'phh') throw new CliUsageError(`--format must be phh, got '${String(format)}'`);
  if (!existsSync(db)) throw new CliUsageError(`${db} does not exist`);
  // Hands from a log that does not verify would be histories nobody can stand behind.
  const verified = verifyDatabase(db);
  if (!verified.ok) {
    io.err(`felt export: ${db} does not verify (row ${verified.row}: ${verified.problem}); nothing written\n`);
    return 1;
  }
  mkdirSync(out, { recursive: true });
  const store = Store.open(db);
  let written = 0;
  try {
    let hand: Operation[] = [];
    let handNumber = 0;
    let time: { seat: number; amount: number }[] = [];
    for (const entry of store.entries()) {
      if (entry.type === 'time-collected') time.push({ seat: entry.seat, amount: entry.amount });
      if (entry.type === 'hand-positions') handNumber = entry.handNumber;
      if (isTableOperation(entry)) continue;
      if (entry.type === 'hand-started') hand = [];
      hand.push(entry);
      if (entry.type === 'hand-ended') {
        written++;
        const extra = `_hand_number = ${handNumber}\n_time_collected = ${tomlString(JSON.stringify(time))}\n`;
        writeFileSync(join(out, `hand-${String(written).padStart(6, '0')}.phh`), exportPhh(hand) + extra);
        time = [];
      }
    }
  } finally {
    store.close();
  }
  io.out(`Wrote ${written} hands as PHH to ${out}\n`);
  return 0;
}
