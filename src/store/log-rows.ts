import type Database from 'better-sqlite3';
import { hash } from 'node:crypto';
import type { TableLogEntry } from '../engine/table/table-operations.js';
import { idOf, packJson, storedId, unpackJson } from './log-format.js';
import { pinAt } from './names-moved.js';
import { PersistenceError } from './persistence-error.js';

/**
 * The log's rows as the database keeps them (D81), read and written here only: every reader of the log —
 * the store, the opening, the reports, the hand archive, verify, the benchmarks — goes through this module.
 *
 * `log (seq, payload)`: the operations, their canonical JSON packed (`log-format.ts`). `command (last, id,
 * command, hash)`: each command under the last row it wrote — its rows are the ones after the command
 * before it, so they are together by construction — with its id (part of its rows' hashes), the command as
 * it was sent, and the chain's hash at its last row. A row's own hash is not kept: it is the same SHA-256 as
 * ever, over the previous hash, the command id and the canonical JSON, computed as the rows are read, and
 * checked wherever a command ends.
 */

/**
 * A row of the log as the chain sees it: its command's id, its canonical JSON, the hash before it and its own.
 * A command's rows the names' move rewrote (D113) hash as they are now, but for the last, which carries the
 * hash kept for the command (the chain goes on from it; a pin beside the log, sealed by the names' move
 * record, holds what the rows give now).
 */
export type LogRow = { seq: number; command_id: string; payload: string; prev_hash: string; hash: string };

export const GENESIS_HASH = '0'.repeat(64);

/** The chain's link: SHA-256 over the previous hash, the command id and the row's canonical payload, a newline between. */
export function linkHash(previous: string, commandId: string, payload: string): string {
  return hash('sha256', `${previous}\n${commandId}\n${payload}`);
}

/** The log's tables as the packed-log migration makes them (migrations.ts): the schema verify compares, word for word. */
export const LOG_TABLES_SQL = `
  CREATE TABLE log (
    seq     INTEGER PRIMARY KEY,  -- 1, 2, 3 … without gaps
    payload TEXT NOT NULL         -- the operation: its canonical JSON, packed (log-format.ts)
  ) STRICT;
  -- Each applied command under its last row: its rows are the ones after the command before it's. Its id
  -- decides whether a command sent again is applied (a retry applies once) and is part of its rows' hashes.
  CREATE TABLE command (
    last    INTEGER PRIMARY KEY,  -- the last row it wrote
    id      ANY NOT NULL UNIQUE,  -- as sent: text, or an id ending in a UUID as bytes (log-format.ts)
    command TEXT NOT NULL,        -- as sent, canonical JSON packed ('' for rows from before commands were kept)
    hash    BLOB NOT NULL         -- the chain's hash at its last row: SHA-256 over the previous hash, the id and the row
  ) STRICT;
  CREATE TRIGGER log_no_update BEFORE UPDATE ON log
    BEGIN SELECT RAISE(ABORT, 'the operation log is append-only: a row cannot be changed'); END;
  CREATE TRIGGER log_no_delete BEFORE DELETE ON log
    BEGIN SELECT RAISE(ABORT, 'the operation log is append-only: a row cannot be deleted'); END;
  CREATE TRIGGER command_no_update BEFORE UPDATE ON command
    BEGIN SELECT RAISE(ABORT, 'the commands beside the log are append-only: a command cannot be changed'); END;
  CREATE TRIGGER command_no_delete BEFORE DELETE ON command
    BEGIN SELECT RAISE(ABORT, 'the commands beside the log are append-only: a command cannot be deleted'); END;
`;

/** A command as kept: its last row, its id (null: kept in no way Felt keeps one), its text (null: not packed text) and its hash. */
export type KeptCommand = { readonly last: number; readonly id: string | null; readonly text: string | null; readonly hash: string | null };

/** A kept command's columns as SQLite gives them, in a raw reading. */
export type CommandColumns = [last: number, id: unknown, command: unknown, hash: unknown];

export function keptCommand([last, id, command, hashed]: CommandColumns): KeptCommand {
  return { last, id: idOf(id), text: typeof command === 'string' ? unpackJson(command) : null, hash: hashed instanceof Uint8Array && hashed.length === 32 ? Buffer.from(hashed).toString('hex') : null };
}

/** Reads and writes the log's rows and the commands kept with them. */
export class LogTables {
  private statements: { readonly insertRow: Database.Statement; readonly insertCommand: Database.Statement; readonly findCommand: Database.Statement } | null = null;

  /** Reads the rows of a packed log or (payloads and entries only) of an earlier Felt's, as it finds them. */
  constructor(private readonly db: Database.Database) {}

  /** The packed log's statements, prepared at their first use (a reader of an earlier Felt's log never uses them). */
  private get prepared(): NonNullable<LogTables['statements']> {
    this.statements ??= {
      insertRow: this.db.prepare('INSERT INTO log (seq, payload) VALUES (?, ?)'),
      insertCommand: this.db.prepare('INSERT INTO command (last, id, command, hash) VALUES (?, ?, ?, ?)'),
      findCommand: this.db.prepare('SELECT command FROM command WHERE id = ?').pluck(),
    };
    return this.statements;
  }

  /**
   * A command's rows (canonical JSON), numbered on from `first`, and the command as sent (canonical JSON,
   * or '' when not kept) with the chain's hash at its last row: call inside the append's transaction.
   */
  append(first: number, commandId: string, payloads: readonly string[], command: string, hashAtEnd: string): void {
    this.appendRows(
      payloads.map((_, index) => first + index),
      commandId,
      payloads,
      command,
      hashAtEnd,
    );
  }

  /** As `append`, the rows' numbers given (the packed log's migration copies them as they are). */
  appendRows(seqs: readonly number[], commandId: string, payloads: readonly string[], command: string, hashAtEnd: string): void {
    if (payloads.length === 0) throw new PersistenceError(`command '${commandId}' writes no row: a command is kept under its last row`);
    const { insertRow, insertCommand } = this.prepared;
    payloads.forEach((payload, index) => insertRow.run(seqs[index], packJson(payload)));
    insertCommand.run(seqs.at(-1), storedId(commandId), packJson(command), Buffer.from(hashAtEnd, 'hex'));
  }

  /** The command kept under this id (canonical JSON; '' when kept without it), or null for an id not used. */
  command(commandId: string): string | null {
    const packed = this.prepared.findCommand.get(storedId(commandId)) as string | undefined;
    if (packed === undefined) return null;
    const text = unpackJson(packed);
    if (text === null) throw changedOutside(`the command kept as '${commandId}' is not as Felt keeps one`);
    return text;
  }

  /** The last command kept: its last row and the chain's hash there (the genesis, row 0, for an empty log). */
  lastCommand(): { seq: number; hash: string } {
    const row = this.db.prepare('SELECT last, id, command, hash FROM command ORDER BY last DESC LIMIT 1').raw().get() as CommandColumns | undefined;
    if (row === undefined) return { seq: 0, hash: GENESIS_HASH };
    const kept = keptCommand(row);
    if (kept.hash === null) throw changedOutside(`the hash kept for the command ending at row ${kept.last} is not a hash`);
    return { seq: kept.last, hash: kept.hash };
  }

  /** The log's last row number (0 for none). */
  lastRow(): number {
    return (this.db.prepare('SELECT max(seq) FROM log').pluck().get() as number | null) ?? 0;
  }

  /** The canonical JSON of every row after `after` up to `upTo`, in order: for readers that replay, not for checking the chain. */
  *payloads(after = 0, upTo = Number.MAX_SAFE_INTEGER): IterableIterator<string> {
    for (const { seq, packed } of this.packedRows(after, upTo)) {
      const payload = unpackJson(packed);
      if (payload === null) throw changedOutside(`row ${seq} of the log is not as Felt writes one`);
      yield payload;
    }
  }

  /** Every entry after row `after` up to `upTo`, in order. */
  *entries(after = 0, upTo = Number.MAX_SAFE_INTEGER): IterableIterator<TableLogEntry> {
    for (const payload of this.payloads(after, upTo)) yield JSON.parse(payload) as TableLogEntry;
  }

  /**
   * Every row after `after` up to `upTo` as the chain sees it, in order, its hash computed: from the hash kept
   * at the end of the command before (or the genesis), and checked at the end of every command read whole.
   * A row missing, a row with no command, a command whose rows do not give its hash: a `PersistenceError`
   * that names them (the database was changed outside Felt; `felt verify` says more).
   */
  *rows(after = 0, upTo = Number.MAX_SAFE_INTEGER): IterableIterator<LogRow> {
    const anchor = this.db.prepare('SELECT last, id, command, hash FROM command WHERE last <= ? ORDER BY last DESC LIMIT 1').raw().get(after) as CommandColumns | undefined;
    let seq = 0;
    let previous = GENESIS_HASH;
    if (anchor !== undefined) {
      const kept = keptCommand(anchor);
      if (kept.hash === null) throw changedOutside(`the hash kept for the command ending at row ${kept.last} is not a hash`);
      seq = kept.last;
      previous = kept.hash;
    }
    const commands = this.commandsAfter(seq);
    let command: KeptCommand | null = null;
    let first = seq + 1;
    for (const row of this.packedRows(seq, upTo)) {
      seq++;
      if (row.seq !== seq) throw changedOutside(`row ${seq} of the log is missing (the next is row ${row.seq})`);
      if (command === null || command.last < seq) {
        const next = commands.next();
        if (next.done === true) throw changedOutside(`row ${seq} of the log belongs to no command kept beside it`);
        command = next.value;
        first = seq;
        if (command.id === null) throw changedOutside(`the command ending at row ${command.last} has an id Felt does not keep that way`);
      }
      const json = unpackJson(row.packed);
      if (json === null) throw changedOutside(`row ${seq} of the log is not as Felt writes one`);
      let rowHash = linkHash(previous, command.id as string, json);
      if (seq === command.last && rowHash !== command.hash) {
        // Rows the names' move rewrote (D113): they give the hash their pin holds, and the chain goes on from the one kept.
        const pin = pinAt(this.db, seq);
        if (pin === undefined || pin.first !== first || pin.now !== rowHash || pin.kept !== command.hash) throw changedOutside(`${rowsWords(first, seq)} not give the hash kept at the end of their command ('${command.id as string}')${pin === undefined ? '' : ", nor the one the names' move pins for them"}`);
        rowHash = command.hash as string;
      }
      if (seq > after) yield { seq, command_id: command.id as string, payload: json, prev_hash: previous, hash: rowHash };
      previous = rowHash;
    }
  }

  /**
   * Every row after `after` as the chain sees it, of a packed log (`rows`: the hashes computed, checked at
   * every command's end) or of a log an earlier Felt wrote and no Felt of today has opened (its columns as
   * stored): for a reader that compares rows with a copy kept elsewhere (the floor's).
   */
  *chainRows(after = 0): IterableIterator<LogRow> {
    if (isPacked(this.db)) {
      yield* this.rows(after);
      return;
    }
    yield* this.db.prepare('SELECT seq, command_id, payload, prev_hash, hash FROM log WHERE seq > ? ORDER BY seq').iterate(after) as IterableIterator<LogRow>;
  }

  /** The kept commands after row `after`, in order, read a slice at a time (no reading stays open between rows). */
  *commandsAfter(after: number): IterableIterator<KeptCommand> {
    const read = this.db.prepare('SELECT last, id, command, hash FROM command WHERE last > ? ORDER BY last LIMIT 1024').raw();
    for (let from = after; ; ) {
      const rows = read.all(from) as CommandColumns[];
      for (const row of rows) yield keptCommand(row);
      if (rows.length < 1024) return;
      from = (rows.at(-1) as CommandColumns)[0];
    }
  }

  /** The rows after `after` up to `upTo` as kept (packed), in order, read a slice at a time. */
  *packedRows(after: number, upTo = Number.MAX_SAFE_INTEGER): IterableIterator<{ seq: number; packed: string }> {
    const read = this.db.prepare('SELECT seq, payload FROM log WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT 4096').raw();
    for (let from = after; ; ) {
      const rows = read.all(from, upTo) as [number, string][];
      for (const [seq, packed] of rows) yield { seq, packed };
      if (rows.length < 4096) return;
      from = (rows.at(-1) as [number, string])[0];
    }
  }
}

/** "row 7 of the log does", "rows 5–9 of the log do": a command's rows, as the subject of a sentence. */
function rowsWords(first: number, last: number): string {
  return first === last ? `row ${last} of the log does` : `rows ${first}–${last} of the log do`;
}

/** Rows or commands that are not as Felt wrote them: what, in words. */
export class ChangedOutsideFelt extends PersistenceError {
  constructor(readonly what: string) {
    super(`${what}: the database was changed outside Felt — run felt verify`);
  }
}

function changedOutside(what: string): ChangedOutsideFelt {
  return new ChangedOutsideFelt(what);
}

/**
 * Whether the log is packed (D81); false for a table an earlier Felt wrote and this one has not opened
 * (read-only readers read it as it is: its rows' canonical JSON reads the same packed or not).
 */
export function isPacked(db: Database.Database): boolean {
  return (db.prepare("SELECT count(*) FROM pragma_table_info('command') WHERE name = 'last'").pluck().get() as number) > 0;
}

/** The snapshots that belong to the log's chain (their hash is the chain's at their row), for a query's FROM: `s` the snapshot. */
export function chainSnapshotsFrom(db: Database.Database): string {
  return isPacked(db) ? 'snapshot s JOIN command c ON c.last = s.seq AND c.hash = unhex(s.hash)' : 'snapshot s JOIN log l ON l.seq = s.seq AND l.hash = s.hash';
}
