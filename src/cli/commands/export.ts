import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { appendPrivateLine, writePrivateFile } from '../../api/data-folder.js';
import { handFileName, TableHandHistories } from '../../phh/table-hands.js';
import { readLog } from '../../store/log-reader.js';
import { verifyDatabase } from '../../store/verify.js';
import { counted } from '../counted.js';
import { readArgs } from '../args.js';
import { CliUsageError, type CommandIo } from '../io.js';
import { doesNotVerify, notATableDatabase } from '../table-database.js';

/** `felt export --db PATH --format phh --out DIR`: every hand of a table's log as a PHH file, once the log verifies. */
export async function runExport(args: readonly string[], io: CommandIo): Promise<number> {
  const { values } = readArgs(args, { db: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' } });
  const { db, format, out } = values;
  if (db === undefined || out === undefined) throw new CliUsageError('--db PATH and --out DIR are required');
  if (format === undefined) throw new CliUsageError('--format is required: --format phh (the one format export writes)');
  if (format !== 'phh') throw new CliUsageError(`--format must be phh (the one format export writes), got '${format}'`);
  const unusable = notATableDatabase(db);
  if (unusable !== null) {
    io.err(`felt export: ${unusable}\n`);
    return 1;
  }
  // Hands from a log that does not verify would be histories nobody can stand behind.
  const verified = verifyDatabase(db);
  if (!verified.ok) {
    io.err(`felt export: ${doesNotVerify(db, verified)}; nothing written\n`);
    return 1;
  }
  // The hands hold every hole card dealt, mucked ones too: owner-only, as the table's own files are (a
  // folder made here too; one that was there keeps its mode, it may be shared).
  mkdirSync(out, { recursive: true, mode: 0o700 });
  let written = 0;
  const histories = new TableHandHistories();
  // The hands hold every hole card, folded ones too: who took them, when, and which (every hand of the
  // log's first `rows` rows, the log's head then) is kept beside the table's database before any is
  // written (D66). The log itself is not written: the table may be running, and the file may be evidence
  // nobody may change.
  const record = exportRecordPath(db);
  try {
    appendPrivateLine(record, JSON.stringify({ at: new Date().toISOString(), user: userInfo().username, rows: verified.rows, head: verified.head, out: resolve(out) }));
  } catch (error) {
    io.err(`felt export: the export cannot be recorded: ${(error as Error).message}; nothing written\n`);
    return 1;
  }
  // Read-only, as verify read it, and no further than verify got.
  for (const entry of readLog(db, verified.rows)) {
    const hand = histories.see(entry);
    if (hand === null) continue;
    writePrivateFile(join(out, handFileName(hand.handNumber)), hand.text);
    written++;
  }
  io.out(`Wrote ${counted(written, 'hand')} as PHH to ${out}; the export is recorded in ${record}\n`);
  return 0;
}

/** Where a table's exports are recorded (D66): beside its database, one JSON line each, its user's only. */
export function exportRecordPath(db: string): string {
  return `${db}.exports.jsonl`;
}
