import { existsSync } from 'node:fs';
import { Store } from '../../store/store.js';
import { verifyLog } from '../../store/verify.js';
import { CliUsageError, type CommandIo } from '../io.js';

/**
 * `felt verify --db PATH [--expect-head HASH]`: checks a table's log — the hash chain row by row, the
 * head, and a replay of every operation with every chip accounted for. Exit 0 with a summary, or 1
 * naming the first bad row.
 */
export async function runVerify(args: readonly string[], io: CommandIo): Promise<number> {
  let db: string | null = null;
  let expectHead: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--db') db = args[++index] ?? null;
    else if (arg === '--expect-head') expectHead = args[++index];
    else throw new CliUsageError(`unknown option ${String(arg)}`);
  }
  if (db === null) throw new CliUsageError('--db PATH is required');
  if (!existsSync(db)) throw new CliUsageError(`${db} does not exist`);
  const store = Store.open(db);
  try {
    const result = verifyLog(store, expectHead);
    if (result.ok) {
      io.out(`${db}: ${result.rows} operations in an unbroken chain, ${result.hands} hands replayed, every chip accounted for; head ${result.head}\n`);
      return 0;
    }
    io.out(`${db}: row ${result.row} is bad: ${result.problem}\n`);
    return 1;
  } finally {
    store.close();
  }
}
