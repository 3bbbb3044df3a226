import type Database from 'better-sqlite3';
import type { TableLogEntry } from '../engine/table/table-operations.js';
import { deriveFacts, type FactCursor, FIRST_CURSOR } from '../reports/facts.js';
import { canonicalJson } from './canonical-json.js';
import { LOG_TABLES_SQL, LogTables } from './log-rows.js';
import { PersistenceError } from './persistence-error.js';

/**
 * The packed log's migration (D81): the log's tables of before (every row with its command id, the hash
 * before it and its own; the commands by id) renamed, the packed ones made, every row copied — its canonical
 * JSON packed, its command's id and the hash at the command's last row kept with the command — and the old
 * tables dropped. Every hash stays: the chain is over the same text, and the hash kept at a command's end is
 * the one its last row had; the head is not touched. The snapshots get the report facts' cursor at their
 * row, derived on the way, so that a check can start from any of them.
 *
 * What the packed log cannot hold is refused, with the row, as a change made outside Felt: rows of one
 * command in two places (one command id applied twice), rows without their command kept beside them or a
 * command kept where no command's rows end, a row that is no canonical JSON (a line break in it), a hash
 * that is none. Felt never writes these, so the table does not open on such a log, and verify says why.
 */
export const PACKED_LOG_SQL = `
  DROP TRIGGER log_no_update;
  DROP TRIGGER log_no_delete;
  DROP INDEX log_command;
  ALTER TABLE log RENAME TO log_unpacked;
  ALTER TABLE command RENAME TO command_unpacked;
  ALTER TABLE snapshot RENAME TO snapshot_unpacked;
  -- The commands read in order of their last row: without it, each slice read would sort them all.
  CREATE INDEX command_unpacked_order ON command_unpacked (seq, id);
  ${LOG_TABLES_SQL}
  -- The table as it stood after row seq (canonical JSON), with that row's hash and the report facts' cursor
  -- there: a long log is reopened from its latest snapshot, and checked from any of them. Derived data:
  -- verify checks each against the replay.
  CREATE TABLE snapshot (
    seq   INTEGER PRIMARY KEY,
    hash  TEXT NOT NULL,
    state TEXT NOT NULL,
    facts TEXT NOT NULL   -- the FactCursor after row seq (canonical JSON; 'null' where the log has no such row)
  ) STRICT;
`;

/** A log that cannot be packed: the row, and what is wrong with it. */
export class UnpackableLog extends PersistenceError {
  constructor(
    readonly row: number,
    readonly problem: string,
  ) {
    super(`row ${row} of the log: ${problem} — the database was changed outside Felt; the table does not open on it: run felt verify and call the floor`);
  }
}

/** How many rows between two words of progress. */
const PROGRESS_EVERY = 250_000;

type OldRow = [seq: number, commandId: string, payload: string, hash: string];
type OldCommand = [id: string, command: string, seq: number];

export function packLog(db: Database.Database, progress?: (words: string) => void): void {
  // The commands' ids go into an index in no order (they end in random UUIDs): with SQLite's small page
  // cache, every insert would read its page back from the file. 128 MB of cache while the log is packed.
  const cache = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -131072');
  try {
    packRows(db, db, '_unpacked', progress);
  } finally {
    db.pragma(`cache_size = ${cache}`);
  }
  db.exec('DROP TABLE log_unpacked; DROP TABLE command_unpacked; DROP TABLE snapshot_unpacked;');
}

/**
 * The rows, commands and snapshots of `source`'s unpacked log (its tables `log`, `command` and `snapshot`,
 * their names ending in `suffix`) packed into `target`'s packed tables: the migration's copy, and verify's of
 * a table an earlier Felt wrote (into a database of its own: the table itself is only read).
 */
export function packRows(target: Database.Database, source: Database.Database, suffix: string, progress?: (words: string) => void): void {
  const total = source.prepare(`SELECT count(*) FROM log${suffix}`).pluck().get() as number;
  const tables = new LogTables(target);
  const rows = source.prepare(`SELECT seq, command_id, payload, hash FROM log${suffix} WHERE seq > ? ORDER BY seq LIMIT 4096`).raw();
  // By row and id: two commands kept at one row are read one after the other (the second where no command ends).
  // From another database, read in one go (its own connection reads while this one writes); from this one,
  // a slice at a time (SQLite writes nothing on a connection while a reading is open), along the index the
  // migration makes.
  const kept: Iterator<OldCommand> =
    source === target ? slicedCommands(source, suffix) : (source.prepare(`SELECT id, command, seq FROM command${suffix} ORDER BY seq, id`).raw().iterate() as IterableIterator<OldCommand>);
  const snapshotRows = new Set(source.prepare(`SELECT seq FROM snapshot${suffix}`).pluck().all() as number[]);
  const cursors = new Map<number, FactCursor>();
  let cursor = FIRST_CURSOR;
  const nextKept = (): OldCommand | undefined => kept.next().value as OldCommand | undefined;
  let run: { id: string; seqs: number[]; payloads: string[]; entries: TableLogEntry[]; hash: string } | null = null;
  const finish = (): void => {
    if (run === null) return;
    const last = run.seqs.at(-1) as number;
    const kept = nextKept();
    if (kept === undefined || kept[2] > last || kept[0] !== run.id) throw new UnpackableLog(last, `command '${run.id}' is not kept beside the log where its rows end`);
    if (kept[2] < last) throw new UnpackableLog(kept[2], `command '${kept[0]}' is kept as ending at row ${kept[2]}, where no command's rows end`);
    if (!/^[0-9a-f]{64}$/.test(run.hash)) throw new UnpackableLog(last, 'its hash is not a hash');
    try {
      tables.appendRows(run.seqs, run.id, run.payloads, kept[1], run.hash);
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new UnpackableLog(run.seqs[0] as number, `the rows of command '${run.id}' are not together: one command id was applied twice`);
      if (error instanceof RangeError) throw new UnpackableLog(last, `a row of command '${run.id}' is no canonical JSON (it holds a line break or another control character, which Felt never writes)`);
      throw error;
    }
    // The facts' cursor at each snapshot's row: derived a command at a time, a row at a time where one is kept inside a command.
    if (run.seqs.some((seq) => snapshotRows.has(seq))) {
      run.entries.forEach((entry, index) => {
        cursor = deriveFacts(cursor, [entry]).cursor;
        const seq = run?.seqs[index] as number;
        if (snapshotRows.has(seq)) cursors.set(seq, cursor);
      });
    } else cursor = deriveFacts(cursor, run.entries).cursor;
    run = null;
  };
  let done = 0;
  for (let after = 0; ; ) {
    const slice = rows.all(after) as OldRow[];
    for (const [seq, commandId, payload, hash] of slice) {
      if (run !== null && run.id !== commandId) finish();
      let entry: TableLogEntry;
      try {
        entry = JSON.parse(payload) as TableLogEntry;
      } catch {
        throw new UnpackableLog(seq, 'its payload is not JSON');
      }
      run ??= { id: commandId, seqs: [], payloads: [], entries: [], hash };
      run.seqs.push(seq);
      run.payloads.push(payload);
      run.entries.push(entry);
      run.hash = hash;
      if (++done % PROGRESS_EVERY === 0) progress?.(`packing the log: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} rows`);
    }
    if (slice.length < 4096) break;
    after = (slice.at(-1) as OldRow)[0];
  }
  finish();
  const planted = nextKept();
  kept.return?.();
  if (planted !== undefined) throw new UnpackableLog(planted[2], `command '${planted[0]}' is kept but wrote no row of the log (a command row was added, or the log was cut short)`);
  const saveSnapshot = target.prepare('INSERT INTO snapshot (seq, hash, state, facts) VALUES (?, ?, ?, ?)');
  for (const [seq, hash, state] of source.prepare(`SELECT seq, hash, state FROM snapshot${suffix} ORDER BY seq`).raw().all() as [number, string, string][]) {
    const at = cursors.get(seq);
    saveSnapshot.run(seq, hash, state, at === undefined ? 'null' : canonicalJson(at));
  }
  if (total >= PROGRESS_EVERY) progress?.(`packing the log: all ${total.toLocaleString('en')} rows, every hash as it was`);
}

/** The unpacked commands of this database in order of their last row and id, read a slice at a time. */
function* slicedCommands(db: Database.Database, suffix: string): IterableIterator<OldCommand> {
  const read = db.prepare(`SELECT id, command, seq FROM command${suffix} WHERE (seq, id) > (?, ?) ORDER BY seq, id LIMIT 1024`).raw();
  let after: [number, string] = [0, ''];
  for (;;) {
    const slice = read.all(...after) as OldCommand[];
    yield* slice;
    if (slice.length < 1024) return;
    const last = slice.at(-1) as OldCommand;
    after = [last[2], last[0]];
  }
}
