import { createHash } from 'node:crypto';
import { renameSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { FACT_KINDS, FACTS_DERIVATION, type FactCursor, type FactKind, HAND_FIELDS } from '../reports/facts.js';
import { canonicalJson } from './canonical-json.js';
import { BLOCK } from './fact-tables.js';
import { snapshotState } from './store.js';
import type { StretchEnd, StretchStart } from './verify-log.js';

/**
 * A verify checkpoint (D82): where a check of a table's log passed, so that the next check (and `felt
 * report`'s) re-checks only the rows since. It is kept beside the database (`<file>.verified`, the file
 * the path names, links followed), written by a check that passed — best effort: where the folder is not
 * writable, every check starts from the first row, as before.
 *
 * It stands at a snapshot the check passed (the table, the chain's hash and the facts' cursor there, all
 * checked against the replay) and holds what the check needs to go on from there, and what must not have
 * changed since: the chain's hash at that row, the snapshot's text (its SHA-256), the report facts in the
 * blocks that were whole then (their SHA-256: facts are appended, a whole block never changes). A check
 * that finds any of these changed, or a checkpoint of another format or facts' derivation, starts from the
 * first row.
 */
export type Checkpoint = {
  readonly format: 1;
  readonly derivation: number;
  /** The row it stands at (a snapshot's) and the chain's hash there. */
  readonly row: number;
  readonly hash: string;
  /** SHA-256 of the snapshot's text as it was checked. */
  readonly state: string;
  /** The facts' cursor there (canonical JSON), and SHA-256 of the facts in the blocks whole up to it. */
  readonly cursor: string;
  readonly facts: string;
  /** Whether a command before it kept its words; the hands settled up to it. */
  readonly keptBefore: boolean;
  readonly hands: number;
};

/** Where a database's checkpoint is kept. */
export function checkpointFile(realPath: string): string {
  return `${realPath}.verified`;
}

/** The checkpoint kept for a database, or null: none, unreadable, or not one this build writes. */
export function readCheckpoint(file: string): Checkpoint | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const kept = parsed as Record<string, unknown>;
  const text = (key: string): boolean => typeof kept[key] === 'string';
  const count = (key: string): boolean => Number.isSafeInteger(kept[key]) && (kept[key] as number) >= 0;
  if (kept.format !== 1 || kept.derivation !== FACTS_DERIVATION || !count('row') || !count('hands') || typeof kept.keptBefore !== 'boolean') return null;
  if (!text('hash') || !text('state') || !text('cursor') || !text('facts')) return null;
  return kept as unknown as Checkpoint;
}

/**
 * Where a check may start from a checkpoint in this database: the snapshot at its row, with the hash, text
 * and facts' cursor it was checked with, the command ending there with the same hash, the whole blocks of
 * facts unchanged — else null (a check from the first row says what changed).
 */
export function resumeAt(db: Database.Database, checkpoint: Checkpoint): { start: StretchStart; hands: number } | null {
  const command = db.prepare('SELECT lower(hex(hash)) FROM command WHERE last = ?').pluck().get(checkpoint.row) as string | undefined;
  if (command !== checkpoint.hash) return null;
  const snapshot = db.prepare('SELECT hash, state, facts FROM snapshot WHERE seq = ?').get(checkpoint.row) as { hash: string; state: string; facts: string } | undefined;
  if (snapshot === undefined || snapshot.hash !== checkpoint.hash || sha256(snapshot.state) !== checkpoint.state || snapshot.facts !== checkpoint.cursor) return null;
  let cursor: FactCursor;
  try {
    cursor = JSON.parse(checkpoint.cursor) as FactCursor;
    if (factsDigest(db, cursor.counts) !== checkpoint.facts) return null;
    return { start: { row: checkpoint.row, hash: checkpoint.hash, state: snapshotState(snapshot.state), cursor, keptBefore: checkpoint.keptBefore }, hands: checkpoint.hands };
  } catch {
    return null;
  }
}

/** The checkpoint a check that passed leaves: at the last snapshot it checked; null where it passed none. */
export function checkpointOf(db: Database.Database, end: StretchEnd, handsBefore: number): Checkpoint | null {
  const at = end.lastSnapshot;
  if (at === null) return null;
  const state = db.prepare('SELECT state FROM snapshot WHERE seq = ?').pluck().get(at.row) as string;
  return { format: 1, derivation: FACTS_DERIVATION, row: at.row, hash: at.hash, state: sha256(state), cursor: canonicalJson(at.cursor), facts: factsDigest(db, at.cursor.counts), keptBefore: at.keptBefore, hands: handsBefore + at.hands };
}

/** Writes a checkpoint (a file of its own first, then renamed over the old one); a folder that is not writable keeps none. */
export function writeCheckpoint(file: string, checkpoint: Checkpoint): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(checkpoint)}\n`, { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/** SHA-256 of the report facts in the blocks whole at these counts, kind by kind, block by block. */
function factsDigest(db: Database.Database, counts: Readonly<Record<FactKind, number>>): string {
  const digest = createHash('sha256');
  // As bytes, a kind in one: the text is hashed as SQLite keeps it, each block followed by a line break.
  const read = db.prepare("SELECT CAST(group_concat(facts || char(10), '') AS BLOB) FROM (SELECT facts FROM fact_block WHERE kind = ? AND block < ? ORDER BY block)").pluck();
  const partial = db.prepare('SELECT facts FROM fact_block WHERE kind = ? AND block = ?').pluck();
  const kinds = FACT_KINDS.flatMap((kind) => (kind === 'hand' ? HAND_FIELDS.map((field) => ({ block: `hand.${field}`, count: counts.hand })) : [{ block: kind, count: counts[kind] }]));
  for (const { block, count } of kinds) {
    digest.update(`${block}\n`);
    const whole = read.get(block, Math.floor(count / BLOCK)) as Buffer | null;
    if (whole !== null) digest.update(whole);
    // The block being filled: the facts up to the counts (the ones after are the next check's).
    const filling = partial.get(block, Math.floor(count / BLOCK)) as string | undefined;
    const parsed: unknown = filling === undefined ? [] : JSON.parse(filling);
    if (!Array.isArray(parsed)) throw new TypeError(`the facts' block ${block} is not a list`);
    digest.update(canonicalJson(parsed.slice(0, count % BLOCK)));
  }
  return digest.digest('hex');
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
