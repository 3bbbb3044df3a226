import { existsSync, realpathSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { departuresAsKept } from '../engine/table/departures.js';
import type { TableLogEntry } from '../engine/table/table-operations.js';
import type { TableState } from '../engine/table/table-state.js';
import { canonicalJson } from './canonical-json.js';
import { deriveFacts, FACTS_DERIVATION, type FactCursor, type Facts, type FactSelection } from '../reports/facts.js';
import { FactWriter, readFacts, rederiveFacts, storedCursor, storedDerivation } from './fact-tables.js';
import { migrate } from './migrations.js';
import { FileLock, LockHeld } from './file-lock.js';
import { PersistenceError } from './persistence-error.js';
import { InvariantError } from '../invariant-error.js';
import { damagedFile, isDamage, WHAT_TO_DO, walDamageWords } from './damage.js';
import { walDamage } from './write-ahead-log.js';
import { GENESIS_HASH, linkHash, LogTables, type LogRow } from './log-rows.js';
import { entryRead, mapCommandName, mapEntryName, mapStateNames, Players, type PlayerNames, type PlayerRow, referencesFrom, type SaltSource } from './players.js';
import { randomUUID } from 'node:crypto';
import { rewriteNames } from './move-names.js';
import { pinsDigest } from './names-moved.js';
import { checkpointFile } from './checkpoint.js';

export { GENESIS_HASH, linkHash, type LogRow };

/**
 * The table's durable, append-only, hash-chained operation log in SQLite. Every append is one
 * transaction with `synchronous=FULL` in WAL mode: when `append` returns, the rows are on disk, so the
 * controller publishes nothing the log does not hold.
 */
export class Store {
  private readonly log: LogTables;
  private readonly moveHead: Database.Statement;
  private readonly saveSnapshot: Database.Statement;
  private head: { seq: number; hash: string };
  private readonly facts: FactWriter;
  private readonly players: Players;
  /** Whether the rows name players by reference (a table this Felt began, or one whose names were moved: D113), or by name (an earlier Felt's: D103). */
  private byReference: boolean;
  /** Where the report facts' derivation stands: after the last row. */
  private factCursor: FactCursor;

  private constructor(
    private readonly db: Database.Database,
    private readonly lock: FileLock | null,
    /** The database's path, as the opening was given it: for words about it. */
    readonly path: string,
    progress?: (words: string) => void,
    salts?: SaltSource,
  ) {
    this.log = new LogTables(db);
    this.moveHead = db.prepare('UPDATE head SET seq = ?, hash = ? WHERE id = 1');
    this.saveSnapshot = db.prepare('INSERT OR REPLACE INTO snapshot (seq, hash, state, facts) VALUES (?, ?, ?, ?)');
    this.head = db.prepare('SELECT seq, hash FROM head WHERE id = 1').get() as { seq: number; hash: string };
    this.facts = new FactWriter(db);
    this.players = new Players(db, salts);
    this.byReference = referencesFrom(db) !== null;
    // A log from before the facts, or whose facts an older derivation made, gets them now, once (a while
    // for a long one): from the log, in the opening's transaction (D93).
    const cursor = storedDerivation(db) === FACTS_DERIVATION ? storedCursor(db) : null;
    this.factCursor = cursor ?? rederiveFacts(db, progress);
  }

  /**
   * Opens (or creates) a database: WAL, full sync, the schema migrated, written by this process alone — it
   * holds `<path>.lock` (a second process gets an error, never a fork of the log) while `felt report`,
   * `verify` and `export` may read the table as it runs. `:memory:` for tests. Refused, with what to do
   * (D49): a write-ahead log SQLite would read only in part, dropping committed transactions (read before
   * SQLite reads it); a damaged page among the small tables (SQLite's quick check of each) or wherever the
   * opening reads; a log whose head does not match its last row. The log's and the commands' own pages
   * are `felt verify`'s to read: checking them here would cost the opening time that grows with the log.
   * `progress` hears how far a long migration is (the packed log's, D81: a minute for a year's log).
   * `salts`: where a new player's salt comes from (D102): random, but for a simulation (`simulatedSalts`).
   */
  static open(path: string, { progress, salts }: { readonly progress?: (words: string) => void; readonly salts?: SaltSource } = {}): Store {
    const lock = path === ':memory:' ? null : takeTableLock(path);
    let db: Database.Database;
    try {
      const wal = path === ':memory:' ? null : walDamage(realFile(path));
      if (wal !== null) throw new PersistenceError(`the database ${path} is damaged: ${walDamageWords(path, wal)}. The table does not open on it: run felt verify, ${WHAT_TO_DO}`);
      db = new Database(path);
    } catch (error) {
      lock?.release();
      if (error instanceof PersistenceError) throw error;
      throw new PersistenceError(`cannot open the database ${path}: ${(error as Error).message}`, { cause: error });
    }
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      // What is deleted is overwritten, not left in free space: an erased name leaves the file (D102).
      db.pragma('secure_delete = ON');
      // One transaction, migrations and the report facts they may call for: a reader (verify, report) sees
      // the table as it was before or as it is after, never between.
      let packedNow = false;
      const store = db.transaction(() => {
        const applied = migrate(db, progress);
        const log = new LogTables(db);
        packedNow = applied.some((id) => id.endsWith('packed-log')) && log.lastRow() > 0;
        const head = db.prepare('SELECT seq, hash FROM head WHERE id = 1').get() as { seq: number; hash: string } | undefined;
        const last = log.lastCommand();
        const lastRow = log.lastRow();
        if (head === undefined || head.seq !== last.seq || head.hash !== last.hash || lastRow !== last.seq) {
          throw new PersistenceError(`the log's head does not match its last row (row ${lastRow}) and the command that ends there: the database was changed outside Felt — run felt verify`);
        }
        const damaged = quickCheck(db);
        if (damaged !== null) throw new PersistenceError(`the database ${path} is damaged: SQLite's quick check of its table '${damaged.table}' says: ${damaged.says} — the table does not open on it: run felt verify --full, then ${WHAT_TO_DO}`);
        return new Store(db, lock, path, progress, salts);
      })();
      // The unpacked log's pages, freed by its migration, given back to the disk (once; a copy of the file
      // for a moment, so a full disk leaves them free — and the table as it is).
      if (packedNow) {
        progress?.('giving the unpacked log\'s space back to the disk');
        try {
          db.exec('VACUUM');
        } catch {
          // The pages stay free in the file, to be used again: nothing is lost.
        }
      }
      return store;
    } catch (error) {
      db.close();
      lock?.release();
      if (error instanceof PersistenceError) throw error;
      if (isDamage(error)) throw damagedFile(path, 'what the opening reads', error);
      throw new PersistenceError(`cannot use the database ${path}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** The last row's number and hash (0 and 64 zeros for an empty log). */
  headOfChain(): { seq: number; hash: string } {
    return { ...this.head };
  }

  /** Whether a command with this id has been stored already: a retried command applies once. */
  hasCommand(commandId: string): boolean {
    return this.log.command(commandId) !== null;
  }

  /** The command stored under this id (canonical JSON; empty for rows written before commands were kept), or null. */
  storedCommand(commandId: string): string | null {
    const text = this.log.command(commandId);
    if (text === null || text === '' || !this.byReference) return text;
    return canonicalJson(mapCommandName(JSON.parse(text), this.players.nameOf));
  }

  /**
   * Appends a command's entries in one transaction, with the command itself (as sent) under its id;
   * returns the new head hash.
   */
  append(commandId: string, entries: readonly TableLogEntry[], command: unknown = null, snapshot: TableState | null = null): string {
    // A command is kept under its last row: one that wrote none would be a bug of the engine's.
    if (entries.length === 0) throw new InvariantError(`command '${commandId}' has no operation to write`);
    const before = { head: this.head, cursor: this.factCursor };
    try {
      // The players' names become references in the same transaction as the rows that name them (D102).
      return this.db.transaction(() => this.write(commandId, entries, command, snapshot))();
    } catch (error) {
      // Nothing was written: the head stays, and a player the rolled-back transaction added is not there.
      this.head = before.head;
      this.factCursor = before.cursor;
      this.players.forget();
      throw new PersistenceError(`cannot write the operation log: ${(error as Error).message}`, { cause: error });
    }
  }

  /** An append's writing, inside its transaction: rows, command, facts, head, snapshot; the store's head moved once all is written. */
  private write(commandId: string, entries: readonly TableLogEntry[], command: unknown, snapshot: TableState | null): string {
    const first = this.head.seq + 1;
    const stored = this.byReference ? entries.map((entry, index) => mapEntryName(entry, (name) => this.players.referenceOf(name, first + index))) : entries;
    const payloads = stored.map((entry) => canonicalJson(entry));
    let hash = this.head.hash;
    for (const payload of payloads) hash = linkHash(hash, commandId, payload);
    const seq = this.head.seq + entries.length;
    const facts = deriveFacts(this.factCursor, stored);
    const sent = command === null ? '' : canonicalJson(this.byReference ? mapCommandName(command, (name) => this.players.referenceOf(name, first)) : command);
    this.log.append(first, commandId, payloads, sent, hash);
    this.facts.write(this.factCursor, facts);
    this.moveHead.run(seq, hash);
    // In the same transaction: a snapshot that cannot be written fails the command, never half of it.
    if (snapshot !== null) {
      const kept = this.byReference ? mapStateNames(snapshot, (name) => this.players.referenceOf(name, seq, true)) : snapshot;
      this.saveSnapshot.run(seq, hash, canonicalJson(kept), canonicalJson(facts.cursor));
    }
    this.head = { seq, hash };
    this.factCursor = facts.cursor;
    return hash;
  }

  /**
   * Empties the write-ahead log into the file (a TRUNCATE checkpoint) after a name left it, so the freed pages
   * `secure_delete` overwrote are the only copy; false when a reader held it (its old page stays until the next).
   */
  private emptyWriteAheadLog(): boolean {
    const [busy] = this.db.pragma('wal_checkpoint(TRUNCATE)', { simple: false }) as { busy: number }[];
    return busy?.busy === 0;
  }

  /**
   * Copies the write-ahead log's frames into the database now — a passive checkpoint: it waits for no
   * reader, and what it cannot copy yet stays in the log, as durable there as before. The controller calls
   * it when a hand ends, so that no card's append is the one that crosses SQLite's automatic checkpoint
   * (every 1,000 pages, kept as the backstop) and copies the pages in before the card is shown (D106). A
   * failure changes nothing written: the next append meets it, if it lasts.
   */
  copyWriteAheadLog(): void {
    try {
      this.db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Closed meanwhile, or the disk: nothing of the log depends on this copy.
    }
  }

  /** Every entry after row `after` (all of them by default), in order, players by their names (D102). */
  *entries(after = 0): IterableIterator<TableLogEntry> {
    for (const entry of this.log.entries(after)) yield entryRead(entry, this.players.nameOf);
  }

  /** Every entry after row `after` as the log keeps it: players by reference (D102), as the report facts name them. */
  storedEntries(after = 0): IterableIterator<TableLogEntry> {
    return this.log.entries(after);
  }

  /** Names as the log keeps them (references, D102) to the names to print: the reports' and screens'. */
  get playerNames(): PlayerNames {
    return this.players.resolve;
  }

  /** A name as the log keeps it, for the table: the player's name, or an erased player's reference (players.ts `nameOf`). */
  get nameOf(): (stored: string) => string {
    return this.players.nameOf;
  }

  /** Every player of the side table, in order. */
  playerList(): PlayerRow[] {
    return this.players.all();
  }

  /** Whether the rows name players by reference (D102), or — a table an earlier Felt began, its names not moved yet — by name (D103, D113). */
  get namesByReference(): boolean {
    return this.byReference;
  }

  /**
   * Erases a player's name (D102): the name and salt leave the side table and a `player-erased` row (who,
   * when, which player — never the name) is appended to the chain, in one transaction; the freed bytes are
   * overwritten (`secure_delete`) and the write-ahead log is emptied into the file, so the name is in no page
   * of it. Returns the erasure's row and whether the write-ahead log could be emptied (a reader holding it
   * keeps the old page there until SQLite's next checkpoint).
   */
  erasePlayer(player: number, by: string, at: number): { row: number; walEmptied: boolean } {
    const entry: TableLogEntry = { type: 'player-erased', player, by, at };
    const before = { head: this.head, cursor: this.factCursor };
    let row = 0;
    try {
      this.db.transaction(() => {
        row = this.head.seq + 1;
        const changed = this.db.prepare('UPDATE player SET name = NULL, salt = NULL, erased_row = ?, erased_at = ?, erased_by = ? WHERE id = ? AND name IS NOT NULL').run(row, at, by, player).changes;
        if (changed !== 1) throw new PersistenceError(`player ${player} is not a player whose name the table keeps`);
        this.write(`erase-player-${randomUUID()}`, [entry], { type: 'erase-player', player, by, at }, null);
      })();
    } catch (error) {
      this.head = before.head;
      this.factCursor = before.cursor;
      this.players.forget();
      if (error instanceof PersistenceError) throw error;
      throw new PersistenceError(`cannot erase player ${player}: ${(error as Error).message}`, { cause: error });
    }
    this.players.forget();
    return { row, walEmptied: this.emptyWriteAheadLog() };
  }

  /**
   * Moves the players' names of a table an earlier Felt began out of its rows (D113), in one transaction:
   * every row, `sit` command and snapshot that names a player names their reference (players made in the side
   * table as a new table makes them), the report facts are derived again from the rows, and one chained
   * `names-moved` record (who, when, and the SHA-256 of the pins kept in `names_moved_pin`: for every command
   * whose rows changed, the hash they give now beside the hash kept for it) is appended, its row kept in
   * `names_moved`; from then on the table is like one this Felt began. Freed bytes are overwritten (`secure_delete`) and the write-ahead log is emptied, as an
   * erasure does. Refused (a `PersistenceError`, nothing changed): a table that names players by reference
   * already, a chain that does not hold. `progress` hears how far it is.
   */
  moveNames(by: string, at: number, progress?: (words: string) => void): { readonly row: number; readonly pins: number; readonly players: number; readonly walEmptied: boolean } {
    if (this.byReference) throw new PersistenceError("this table's rows name players by reference already: there are no names to move out of them");
    const before = { head: this.head, cursor: this.factCursor };
    let row = 0;
    let pins = 0;
    try {
      this.db.transaction(() => {
        const pinned = rewriteNames(this.db, this.log, this.players, progress);
        progress?.('deriving the report facts again');
        this.factCursor = rederiveFacts(this.db, progress);
        row = this.head.seq + 1;
        this.db.prepare('INSERT INTO names_moved (id, row) VALUES (1, ?)').run(row);
        const pin = this.db.prepare('INSERT INTO names_moved_pin (last, first, kept, now) VALUES (?, ?, ?, ?)');
        for (const { first, last, kept, now } of pinned) pin.run(last, first, Buffer.from(kept, 'hex'), Buffer.from(now, 'hex'));
        this.db.prepare('INSERT INTO player_references (id, from_row) VALUES (1, 1)').run();
        this.byReference = true;
        this.write(`move-names-${randomUUID()}`, [{ type: 'names-moved', commands: pinned.length, pins: pinsDigest(pinned), by, at }], { type: 'move-names', by, at }, null);
        pins = pinned.length;
      })();
    } catch (error) {
      this.head = before.head;
      this.factCursor = before.cursor;
      this.byReference = false;
      this.players.forget();
      if (error instanceof PersistenceError) throw error;
      throw new PersistenceError(`cannot move the players' names out of the log: ${(error as Error).message}`, { cause: error });
    }
    this.players.forget();
    // The verify checkpoint stood on the snapshots and facts as they were (D82): dropped, the next check is from the first row.
    if (this.path !== ':memory:') rmSync(checkpointFile(realFile(this.path)), { force: true });
    return { row, pins, players: this.players.all().length, walEmptied: this.emptyWriteAheadLog() };
  }

  /** The floor reports' facts (D36): these (all by default), players named as the log keeps them (`playerNames` resolves them). */
  reportFacts(selection?: FactSelection): Facts {
    return readFacts(this.db, selection);
  }

  /** The latest snapshot that belongs to this chain (its hash is the row's at its place), or null; players by their names. */
  latestSnapshot(): { seq: number; state: TableState } | null {
    const [row] = this.chainSnapshots(1);
    return row === undefined ? null : { seq: row.seq, state: mapStateNames(snapshotState(row.state), this.players.nameOf) };
  }

  /** Every snapshot as stored: for verification. */
  snapshots(): IterableIterator<{ seq: number; hash: string; state: string }> {
    return this.db.prepare('SELECT seq, hash, state FROM snapshot ORDER BY seq').iterate() as IterableIterator<{ seq: number; hash: string; state: string }>;
  }

  /** The latest `count` snapshots that belong to this chain (kept where a command ends, with its hash), newest first, as stored. */
  chainSnapshots(count: number): { seq: number; hash: string; state: string }[] {
    return this.db.prepare('SELECT s.seq, s.hash, s.state FROM snapshot s JOIN command c ON c.last = s.seq AND c.hash = unhex(s.hash) ORDER BY s.seq DESC LIMIT ?').all(count) as { seq: number; hash: string; state: string }[];
  }

  /**
   * Every row after row `after` (all of them by default), in order, as the chain sees it: its command id,
   * canonical JSON and hashes (computed as read, checked at every command's end: D81). For the opening's
   * check and for shipping the log; a row changed outside Felt is a `PersistenceError` naming it.
   */
  rows(after = 0): IterableIterator<LogRow> {
    return this.log.rows(after);
  }

  /** The head row as stored. */
  storedHead(): { seq: number; hash: string } {
    return this.db.prepare('SELECT seq, hash FROM head WHERE id = 1').get() as { seq: number; hash: string };
  }

  close(): void {
    this.db.close();
    this.lock?.release();
  }
}

/**
 * The tables SQLite's quick check reads at every opening (D49): small, or growing slowly (the facts by the
 * thousand, a snapshot every 5,000 rows) — under a millisecond for a 5,000-hand log. The log, the commands
 * and their indexes hold a row or more per operation: checked by `felt verify`.
 */
const QUICK_CHECKED = ['head', 'schema_migrations', 'fact_cursor', 'fact_block', 'snapshot'];

/** The first of the quick-checked tables SQLite finds damaged, and what it says, or null (the opening's; bench:store times it). */
export function quickCheck(db: Database.Database): { table: string; says: string } | null {
  for (const table of QUICK_CHECKED) {
    let says: string;
    try {
      says = (db.prepare(`PRAGMA quick_check('${table}')`).raw().all() as [string][]).map(([line]) => line).join('\n');
    } catch (error) {
      // Damage the check cannot read past stops it: that is its finding.
      if (!isDamage(error)) throw error;
      says = error.message;
    }
    if (says !== 'ok') return { table, says: says.split('\n').filter((line) => !line.startsWith('*** in database')).join('; ') };
  }
  return null;
}

/** The file a path names, links followed; for a file not made yet, in its folder's real place. */
export function realFile(path: string): string {
  try {
    return existsSync(path) ? realpathSync(path) : join(realpathSync(dirname(path)), basename(path));
  } catch {
    return path;
  }
}

/**
 * A table's database opened to read, never to change: alongside a running table (WAL lets readers in
 * while it writes), or a copy. SQLite reads a WAL database through a shared-memory file it makes beside
 * it, which it cannot do in a read-only place (a regulator's disc): that is said in words, with what to do.
 */
export function openToRead(path: string): Database.Database {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    // SQLite opens the WAL's files at the first read.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code !== 'SQLITE_CANTOPEN') throw error;
    throw new Error(`${(error as Error).message}: SQLite cannot make its shared-memory file beside ${path} (a read-only place?); copy the database, with its -wal file if there is one, to a folder you can write, and read the copy`, { cause: error });
  }
}

/**
 * The writer's lock on a table's database: one process at a time, or an error that says where it is held.
 * It lies beside the file itself, a symbolic link followed, so that two names for one table take one lock
 * (a hard link is another name SQLite knows no better: two writers then fail at their first append,
 * where the log's row numbers clash, rather than fork it).
 */
function takeTableLock(path: string): FileLock {
  const at = `${realFile(path)}.lock`;
  try {
    return FileLock.take(at, 0);
  } catch (error) {
    if (error instanceof LockHeld) throw new PersistenceError(`the database ${path} is open in another Felt (${at} is held): a table is written by one process at a time`, { cause: error });
    throw new PersistenceError(`cannot open the database ${path}: its lock ${at} cannot be taken (${(error as Error).message})`, { cause: error });
  }
}

/**
 * A stored snapshot as the table it is, brought up to date. Snapshots written before the table kept the
 * hand's operations (`handLog`, for the floor's undo) lack that field; snapshots are taken between hands,
 * where it is empty. Snapshots written before the table dropped departures older than any return window
 * still hold them (D38).
 */
export function snapshotState(stored: string): TableState {
  const state = JSON.parse(stored) as TableState & { handLog?: TableState['handLog'] };
  return upToDate(state.handLog === undefined ? { ...state, handLog: [] } : state);
}

/**
 * Whether a stored snapshot is the table as replayed: byte for byte, or so once both are brought up to
 * date (`snapshotState`; the replayed table too, for a clock that went back between two departures).
 */
export function sameSnapshot(stored: string, state: TableState | undefined): boolean {
  const replayed = canonicalJson(state);
  if (stored === replayed) return true;
  try {
    return canonicalJson(snapshotState(stored)) === canonicalJson(state === undefined ? undefined : upToDate(state));
  } catch {
    return false;
  }
}

/** The table with its departures as the table keeps them now (`departuresAsKept`); the same table if so already. */
export function upToDate(state: TableState): TableState {
  const departures = departuresAsKept(state.departures);
  return departures === state.departures ? state : { ...state, departures };
}
