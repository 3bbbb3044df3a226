import { existsSync } from 'node:fs';
import { verifyDatabase } from '../../store/verify.js';
import { CliUsageError, type CommandIo } from '../io.js';

/**
 * `felt verify --db PATH [--expect-head HASH]`: checks a table's database, read-only — the hash chain row
 * by row, the head, the triggers, and a replay of every operation with every chip accounted for and every
 * pot re-decided. Exit 0 with a summary, or 1 naming the first bad row.
 */
export async function runVerify(args: readonly string[], io: CommandIo): Promise<number> {
  let db: string | null = null;
  let expectHead: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--db') db = args[++index] ?? null;
    else if (arg === '--expect-head') {
      expectHead = args[++index];
      if (expectHead === undefined || !/^[0-9a-f]{64}$/.test(expectHead)) throw new CliUsageError(`--expect-head needs a head hash (64 hex digits), got '${String(expectHead)}'`);
    }
    else throw new CliUsageError(`unknown option ${String(arg)}`);
  }
  if (db === null) throw new CliUsageError('--db PATH is required');
  if (!existsSync(db)) throw new CliUsageError(`${db} does not exist`);
  const result = verifyDatabase(db, expectHead);
  if (result.ok) {
    const anchor = result.anchorRow === null ? '' : `; the expected head is row ${result.anchorRow}`;
    io.out(`${db}: ${result.rows} operations in an unbroken chain, ${result.hands} hands replayed, every chip accounted for and every pot to the best hand shown; head ${result.head}${anchor}\n`);
    return 0;
  }
  io.out(`${db}: row ${result.row} is bad: ${result.problem}\n`);
  return 1;
}
