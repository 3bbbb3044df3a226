import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { canonicalJson } from './canonical-json.js';
import type { FactCursor } from '../reports/facts.js';
import { hasFactTables, storedDerivation } from './fact-tables.js';
import { FACTS_DERIVATION } from '../reports/facts.js';
import { appendOnlyTriggers, appliedMigrations, BASELINE, migrate, MIGRATIONS, PACKED, schemaOf } from './migrations.js';
import { GENESIS_HASH } from './log-rows.js';
import { openToRead, realFile } from './store.js';
import { integrityProblem, isDamage, WHAT_TO_DO, walDamageWords } from './damage.js';
import { packRows, UnpackableLog } from './packed-log.js';
import { checkStretch, factsComplete, GENESIS, type Reading, type StretchEnd, type StretchStart } from './verify-log.js';
import { walDamage, type WalDamage } from './write-ahead-log.js';
import { checkInThreads, type ThreadOptions } from './verify-threads.js';
import { playersProblem } from './verify-players.js';
import { checkpointFile, checkpointOf, readCheckpoint, resumeAt, writeCheckpoint } from './checkpoint.js';

export type Verification =
  | { readonly ok: true; readonly rows: number; readonly hands: number; readonly head: string; readonly anchorRow: number | null }
  | { readonly ok: false; readonly row: number; readonly problem: string };

/**
 * Checks a table's database, opened read-only (it is never changed, nor migrated): the write-ahead log
 * holds no committed transaction SQLite would drop (D49); the schema is the one its migrations make, with
 * the append-only triggers word for word; every row links to the one before through the command id and
 * its canonical payload (an edited, deleted, inserted or moved row breaks the chain there); the head
 * agrees with the last row; the operations replay through the engine with every chip accounted for and
 * every pot paid to the hand the shown cards make best; every snapshot is the table its rows replay to;
 * the report facts are what the log gives; every command kept beside the log is the one its rows record
 * (D50). A file SQLite cannot read is a finding that names where the reading stopped, never an exception.
 * `full` adds SQLite's integrity check of every page of the file (D49), which names the first bad page.
 *
 * Every check that passes leaves a checkpoint beside the database (D82); `fromCheckpoint` (the reports')
 * checks only the rows since the one left before, and what must not have changed up to it — the chain's
 * hash there, the snapshot, the whole blocks of facts — not the rows themselves: a check without it (felt
 * verify's) reads every row from the first.
 *
 * What a chain in the same file cannot show: someone who can write the file may rewrite rows and
 * recompute every hash after them, or cut whole transactions off its end. `expectHead` — a head hash kept
 * elsewhere (a printed `logHash`, a regulator's copy) — must be found in the chain: then everything up to
 * it is as it was.
 */
export function verifyDatabase(path: string, expectHead?: string, { full = false, fromCheckpoint = false, threads }: { readonly full?: boolean; readonly fromCheckpoint?: boolean; readonly threads?: ThreadOptions | undefined } = {}): Verification {
  let wal: WalDamage | null;
  let db: Database.Database;
  try {
    // Read before SQLite reads it: SQLite would take the log up to a damaged frame as all there is.
    wal = walDamage(realFile(path));
    db = openToRead(path);
  } catch (error) {
    if (isDamage(error)) return { ok: false, row: 0, problem: `the database file is damaged: SQLite cannot open it (${error.message}) — ${WHAT_TO_DO}` };
    return { ok: false, row: 0, problem: `cannot open ${path}: ${(error as Error).message}` };
  }
  try {
    if (wal !== null) return { ok: false, row: 0, problem: walFinding(db, path, wal) };
    // One read transaction: a table that runs meanwhile goes on writing, and the check sees the log as it
    // stood at the start, head and all. Its end keeps nothing, so it may fail (SQLite keeps a damage
    // error it met to the end of the transaction): the connection is closed all the same.
    db.exec('BEGIN');
    return verifyReadable(db, expectHead, full, { file: checkpointFile(realFile(path)), use: fromCheckpoint && !full, path, threads });
  } finally {
    db.close();
  }
}

/** A damaged write-ahead log as a finding: what SQLite would drop, and where the log it reads ends. */
function walFinding(db: Database.Database, path: string, wal: WalDamage): string {
  let ends = '';
  try {
    const head = db.prepare('SELECT seq FROM head WHERE id = 1').get() as { seq: number } | undefined;
    if (head !== undefined) ends = ` — the log SQLite reads ends at row ${head.seq}, and is not all the table wrote`;
  } catch {
    // The head cannot be read either: the finding stands without it.
  }
  return `${walDamageWords(path, wal)}${ends}; ${WHAT_TO_DO}`;
}

/** The checks, with SQLite's damage errors turned into a finding; `full`: SQLite's integrity check first. */
function verifyReadable(db: Database.Database, expectHead: string | undefined, full: boolean, checkpoint: CheckpointUse): Verification {
  const integrity = full ? integrityProblem(db) : null;
  const reading: Reading = { what: 'its list of tables', row: null };
  let result: Verification;
  try {
    result = verifyOpened(db, expectHead, reading, checkpoint);
  } catch (error) {
    if (!isDamage(error)) throw error;
    // The rows are read a slice at a time: the last row read whole is found one row at a time from there.
    if (reading.row !== null && reading.what === 'its log') reading.row = readableUpTo(db, reading.row);
    const next = full ? WHAT_TO_DO : `felt verify --full names the damaged pages; ${WHAT_TO_DO}`;
    result =
      reading.row === null
        ? { ok: false, row: 0, problem: `the database file is damaged: SQLite cannot read ${reading.what} (${error.message}) — ${next}` }
        : { ok: false, row: reading.row + 1, problem: `the database file is damaged: SQLite cannot read the log ${reading.row === 0 ? 'from its first row' : `past row ${reading.row}`} (${error.message}) — ${next}` };
  }
  if (integrity === null) return result;
  if (result.ok) return { ok: false, row: 0, problem: `the database file is damaged: ${integrity} — ${WHAT_TO_DO}` };
  return { ok: false, row: result.row, problem: `${result.problem}; ${integrity}` };
}

/** The last row after `from` that SQLite reads, one by one (a damaged page stops it), up to the log's end. */
function readableUpTo(db: Database.Database, from: number): number {
  const read = db.prepare('SELECT payload FROM log WHERE seq = ?').pluck();
  let end: number;
  try {
    end = logEnd(db);
  } catch {
    end = from + 100_000;
  }
  for (let seq = from + 1; seq <= end; seq++) {
    try {
      read.get(seq);
    } catch (error) {
      if (isDamage(error)) return seq - 1;
      throw error;
    }
  }
  return from;
}

function verifyOpened(db: Database.Database, expectHead: string | undefined, reading: Reading, checkpoint: CheckpointUse): Verification {
  const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name));
  for (const name of ['log', 'head', 'command', 'snapshot', 'schema_migrations']) {
    if (!tables.has(name)) return { ok: false, row: 0, problem: `this is not a Felt table's database (no '${name}' table)` };
  }
  reading.what = 'its schema';
  const schema = schemaProblem(db);
  if (schema !== null) return { ok: false, row: 0, problem: schema };
  if (appliedMigrations(db) < PACKED) return verifyUnpacked(db, expectHead, reading);
  return verifyPacked(db, expectHead, reading, checkpoint);
}

/**
 * A table an earlier Felt wrote, its log not packed yet (D81): packed into a database of verify's own — the
 * table itself is only read — as the migration packs it (what cannot be packed is a finding with its row:
 * rows of one command in two places, a command kept where no command's rows end, a row that is no
 * canonical JSON), and that checked. Every hash of the chain is the same in both.
 */
function verifyUnpacked(db: Database.Database, expectHead: string | undefined, reading: Reading): Verification {
  const folder = mkdtempSync(join(tmpdir(), 'felt-verify-'));
  try {
    const packed = new Database(join(folder, 'packed.db'));
    try {
      packed.pragma('journal_mode = OFF');
      packed.pragma('synchronous = OFF');
      packed.pragma('cache_size = -131072');
      migrate(packed);
      reading.what = 'its log';
      try {
        packed.transaction(() => {
          const head = db.prepare('SELECT seq, hash FROM head WHERE id = 1').get() as { seq: number; hash: string } | undefined;
          packed.exec('DELETE FROM head');
          if (head !== undefined) packed.prepare('INSERT INTO head (id, seq, hash) VALUES (1, ?, ?)').run(head.seq, head.hash);
          if (hasFactTables(db)) {
            const block = packed.prepare('INSERT INTO fact_block (kind, block, facts) VALUES (?, ?, ?)');
            for (const row of db.prepare('SELECT kind, block, facts FROM fact_block').raw().all() as [string, number, string][]) block.run(...row);
            const cursor = db.prepare('SELECT cursor FROM fact_cursor WHERE id = 1').pluck().get() as string | undefined;
            if (cursor !== undefined) packed.prepare('INSERT INTO fact_cursor (id, cursor) VALUES (1, ?)').run(cursor);
          }
          packRows(packed, db, '');
        })();
      } catch (error) {
        if (error instanceof UnpackableLog) return { ok: false, row: error.row, problem: error.problem };
        throw error;
      }
      return verifyPacked(packed, expectHead, reading, null);
    } finally {
      packed.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The checkpoint kept beside a database (D82): its file, and whether a check may start from it. */
type CheckpointUse = { readonly file: string; readonly use: boolean; readonly path: string; readonly threads?: ThreadOptions | undefined };

/**
 * The packed log checked in one stretch — from the checkpoint a check that passed left (D82), or from the
 * genesis — and what lies around it; a check that passes leaves its checkpoint. A head kept elsewhere is
 * looked for from the first row.
 */
function verifyPacked(db: Database.Database, expectHead: string | undefined, reading: Reading, checkpoint: CheckpointUse | null): Verification {
  reading.what = 'its report facts';
  const cursor = storedFactCursor(db);
  if (typeof cursor === 'string') return { ok: false, row: 0, problem: cursor };
  const derivation = derivationProblem(db);
  if (typeof derivation === 'string') return { ok: false, row: 0, problem: derivation };
  // Facts an older derivation made are derived again by the next opening, and a report derives its own from
  // the log until then (D93): the log is checked whole, the facts are not compared — never with old code.
  const current = derivation === FACTS_DERIVATION;
  const end = logEnd(db);
  const kept = checkpoint === null || !checkpoint.use || expectHead !== undefined || !current ? null : readCheckpoint(checkpoint.file);
  const resumed = kept === null || kept.row > end ? null : resumeAt(db, kept);
  const from = resumed?.start ?? GENESIS;
  // In stretches at once where the log is long (D83); in one where that does not pass, for its finding.
  const checked = (checkpoint !== null && current && checkInThreads(db, checkpoint.path, from, end, expectHead, reading, checkpoint.threads ?? {})) || checkStretch(db, from, end, expectHead, reading, current);
  if (!('hash' in checked)) return { ok: false, ...checked };
  const handsBefore = resumed?.hands ?? 0;
  const surrounding = around(db, { ...checked, hands: handsBefore + checked.hands }, expectHead, current ? cursor : null, resumed?.start.cursor);
  // The players' names beside the log (D102): each against the digest its first row keeps, each erasure against its row.
  const players = surrounding.ok ? playersProblem(db, checked.row) : null;
  const result: Verification = players === null ? surrounding : { ok: false, ...players };
  if (result.ok && checkpoint !== null && current) {
    const next = checkpointOf(db, checked, handsBefore, resumed?.chains ?? null);
    if (next !== null && next.row > (resumed?.start.row ?? 0)) writeCheckpoint(checkpoint.file, next);
  }
  return result;
}

/**
 * The schema's own checks: the migrations are ones this build knows, in order, and at least the ones every
 * table has had since Felt's first day (`BASELINE`); the append-only triggers are the first migration's,
 * word for word (a trigger that never fires has the right name too), and no other trigger is there (one
 * could drop the rows the table writes while it goes on as if they were kept); every table and index the
 * applied migrations make is there as they made it (a table dropped — the report facts, say, which would
 * show a log cut short — does not pass as a table that never had it, D50).
 */
function schemaProblem(db: Database.Database): string | null {
  let applied: number;
  try {
    applied = appliedMigrations(db);
  } catch (error) {
    return (error as Error).message;
  }
  if (applied < BASELINE) {
    const missing = MIGRATIONS[applied] as (typeof MIGRATIONS)[number];
    return `the database lacks migration '${missing.id}', which every table Felt has opened since 2026-11-29 has: it was removed, with what it made — or the table was written before then and not opened since (open a copy with Felt, which adds it, and verify that)`;
  }
  const expected = appendOnlyTriggers(applied);
  const found = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all() as { name: string; sql: string | null }[];
  for (const name of expected.keys()) {
    if (!found.some((trigger) => trigger.name === name)) return "the log's append-only triggers were removed";
  }
  for (const trigger of found) {
    const sql = expected.get(trigger.name);
    if (sql === undefined) return `a trigger that is not Felt's is on the database ('${trigger.name}')`;
    if (words(trigger.sql ?? '') !== words(sql)) return `the log's append-only trigger '${trigger.name}' was changed`;
  }
  const objects = new Map((db.prepare('SELECT type, name, sql FROM sqlite_master').all() as { type: string; name: string; sql: string | null }[]).map((object) => [object.name, object]));
  for (const made of schemaOf(applied)) {
    const object = objects.get(made.name);
    if (object === undefined || object.type !== made.type) return `the ${made.type} '${made.name}' that migration '${made.migration}' made was removed`;
    if (words(object.sql ?? '') !== words(made.sql ?? '')) return `the ${made.type} '${made.name}' is not as migration '${made.migration}' made it (it was changed)`;
  }
  return null;
}

/** SQL compared word for word: the same statement however it is indented. */
function words(sql: string): string {
  return sql.trim().split(/\s+/).join(' ');
}


/** The last row the log or its commands reach: a check runs to it (rows past the last command, or a command past the last row, are findings). */
export function logEnd(db: Database.Database): number {
  return db.prepare('SELECT max(coalesce((SELECT max(seq) FROM log), 0), coalesce((SELECT max(last) FROM command), 0))').pluck().get() as number;
}

/**
 * The report facts' cursor as kept (canonical JSON), or a problem: Felt derives the facts as it opens a
 * table (in the same opening that adds their tables), so a table with their tables but without them had
 * them removed — with the rows they would give away, maybe.
 */
export function storedFactCursor(db: Database.Database): { readonly cursor: string } | string {
  const cursor = db.prepare('SELECT cursor FROM fact_cursor WHERE id = 1').pluck().get() as string | undefined;
  if (cursor !== undefined) return { cursor };
  const blocks = db.prepare('SELECT count(*) FROM fact_block').pluck().get() as number;
  return blocks === 0
    ? 'the report facts are missing (Felt derives them as it opens a table: they were removed, or that opening was cut off — open the table once and verify again)'
    : 'report facts are kept without their cursor (the cursor row was removed)';
}

/**
 * The version of the derivation the report facts claim (D93), or what is wrong with it: its row removed or
 * not a version, or a version this Felt does not know (a newer one derived them).
 */
function derivationProblem(db: Database.Database): number | string {
  const version = storedDerivation(db);
  if (version === null) return "the report facts' derivation version was removed or changed (the row of table 'fact_derivation' is missing or holds no version)";
  if (version > FACTS_DERIVATION) return `the report facts claim derivation version ${version}, which this version of Felt does not know (was the table written by a newer one?); this Felt derives version ${FACTS_DERIVATION}`;
  return version;
}

/**
 * What lies around a log checked to its end: the head is its last row and hash; the head kept elsewhere was
 * found (and is not the genesis of a log that has rows); the facts end where the log does, none left over;
 * no snapshot is kept past the log's end.
 */
export function around(db: Database.Database, end: StretchEnd, expectHead: string | undefined, cursor: { readonly cursor: string } | null, factsFrom?: StretchStart['cursor']): Verification {
  const head = db.prepare('SELECT seq, hash FROM head WHERE id = 1').get() as { seq: number; hash: string } | undefined;
  if (head === undefined) return { ok: false, row: end.row + 1, problem: "the log's head row was removed" };
  if (head.seq !== end.row || head.hash !== end.hash) {
    return { ok: false, row: end.row + 1, problem: `the log ends at row ${end.row} but its head says row ${head.seq}: rows are missing at the end, or the head was changed` };
  }
  // The genesis begins every chain: kept as a head, it proves nothing about a log that has rows (all of
  // them may have been rewritten). An empty log's head is the genesis, so there it passes: it is the head.
  if (expectHead === GENESIS_HASH && end.row > 0) {
    return { ok: false, row: 0, problem: "the head kept elsewhere is the genesis (64 zeros, an empty log's head): it proves nothing about a log that has rows — give a head this log had once, as felt verify or felt sim printed it" };
  }
  if (expectHead !== undefined && end.anchorRow === null) {
    // No row is bad: the hash is not found (row 0, the log as a whole).
    return { ok: false, row: 0, problem: `the head ${expectHead} kept elsewhere is not in this chain: its history was rewritten or cut before it` };
  }
  // Null: facts an older derivation made, not compared (D93).
  if (cursor !== null && (cursor.cursor !== canonicalJson(end.cursor) || !factsComplete(db, end.cursor.counts, factsFrom?.counts))) {
    return { ok: false, row: end.row, problem: 'the report facts do not end where the log does (facts were added, removed or changed)' };
  }
  const beyond = db.prepare('SELECT seq FROM snapshot WHERE seq > ? OR seq < 1 ORDER BY seq LIMIT 1').pluck().get(end.row) as number | undefined;
  if (beyond !== undefined) return { ok: false, row: beyond, problem: `a snapshot is kept after row ${beyond}, which the log does not have (the log was cut short)` };
  return { ok: true, rows: end.row, hands: end.hands, head: end.hash, anchorRow: end.anchorRow };
}

/** The facts' cursor a stretch ends with, as the next stretch reads it back. */
export function cursorOf(text: string): FactCursor {
  return JSON.parse(text) as FactCursor;
}
