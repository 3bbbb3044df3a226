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
 * blocks that were whole then (facts are appended, a whole block never changes) and in the blocks being
 * filled up to the cursor. A check that finds any of these changed, or a checkpoint of another format or
 * facts' derivation, starts from the first row.
 *
 * Format 2 keeps the whole blocks' digest as a chain per block list (`sha256(chain ‖ block)`, block by
 * block), so that the checkpoint a check leaves extends the chain it resumed from over the blocks made
 * since instead of hashing a year's facts a second time. Format 1 (one SHA-256 over all whole blocks) is
 * still read; the next check that passes leaves format 2.
 */
export type Checkpoint = {
  readonly format: 1 | 2;
  readonly derivation: number;
  /** The row it stands at (a snapshot's) and the chain's hash there. */
  readonly row: number;
  readonly hash: string;
  /** SHA-256 of the snapshot's text as it was checked. */
  readonly state: string;
  /**
   * The facts' cursor there (canonical JSON). Format 1: SHA-256 of the facts in the blocks whole up to it
   * and in the blocks being filled. Format 2: SHA-256 of the facts in the blocks being filled, up to it.
   */
  readonly cursor: string;
  readonly facts: string;
  /** Format 2: each block list's whole blocks up to the cursor, and their chained digest. */
  readonly blocks?: Readonly<Record<string, BlockChain>>;
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
  if ((kept.format !== 1 && kept.format !== 2) || kept.derivation !== FACTS_DERIVATION || !count('row') || !count('hands') || typeof kept.keptBefore !== 'boolean') return null;
  if (!text('hash') || !text('state') || !text('cursor') || !text('facts')) return null;
  if (kept.format === 2 && !isBlockChains(kept.blocks)) return null;
  return kept as unknown as Checkpoint;
}

/**
 * Where a check may start from a checkpoint in this database: the snapshot at its row, with the hash, text
 * and facts' cursor it was checked with, the command ending there with the same hash, the whole blocks of
 * facts unchanged — else null (a check from the first row says what changed).
 */
export function resumeAt(db: Database.Database, checkpoint: Checkpoint): Resumed | null {
  const command = db.prepare('SELECT lower(hex(hash)) FROM command WHERE last = ?').pluck().get(checkpoint.row) as string | undefined;
  if (command !== checkpoint.hash) return null;
  const snapshot = db.prepare('SELECT hash, state, facts FROM snapshot WHERE seq = ?').get(checkpoint.row) as { hash: string; state: string; facts: string } | undefined;
  if (snapshot === undefined || snapshot.hash !== checkpoint.hash || sha256(snapshot.state) !== checkpoint.state || snapshot.facts !== checkpoint.cursor) return null;
  let cursor: FactCursor;
  try {
    cursor = JSON.parse(checkpoint.cursor) as FactCursor;
    let chains: ReadonlyMap<string, BlockChain> | null = null;
    if (checkpoint.format === 1) {
      if (factsDigest(db, cursor.counts) !== checkpoint.facts) return null;
    } else {
      chains = blockChains(db, cursor.counts, null);
      const kept = checkpoint.blocks ?? {};
      if (Object.keys(kept).length !== chains.size) return null;
      for (const [name, chain] of chains) if (kept[name]?.whole !== chain.whole || kept[name]?.chain !== chain.chain) return null;
      if (fillingDigest(db, cursor.counts) !== checkpoint.facts) return null;
    }
    return { start: { row: checkpoint.row, hash: checkpoint.hash, state: snapshotState(snapshot.state), cursor, keptBefore: checkpoint.keptBefore }, hands: checkpoint.hands, chains };
  } catch {
    return null;
  }
}

/** Where a check resumes from a checkpoint, and (format 2) the block chains it found unchanged there. */
export type Resumed = { readonly start: StretchStart; readonly hands: number; readonly chains: ReadonlyMap<string, BlockChain> | null };

/**
 * The checkpoint a check that passed leaves: at the last snapshot it checked; null where it passed none.
 * `resumed`: the block chains the check started from, checked unchanged, which the new one extends.
 */
export function checkpointOf(db: Database.Database, end: StretchEnd, handsBefore: number, resumed: ReadonlyMap<string, BlockChain> | null = null): Checkpoint | null {
  const at = end.lastSnapshot;
  if (at === null) return null;
  const state = db.prepare('SELECT state FROM snapshot WHERE seq = ?').pluck().get(at.row) as string;
  let blocks: Record<string, BlockChain>;
  try {
    blocks = Object.fromEntries(blockChains(db, at.cursor.counts, resumed));
  } catch {
    return null; // a list short of its blocks: the check's own findings say what is wrong; no checkpoint on it
  }
  return { format: 2, derivation: FACTS_DERIVATION, row: at.row, hash: at.hash, state: sha256(state), cursor: canonicalJson(at.cursor), facts: fillingDigest(db, at.cursor.counts), blocks, keptBefore: at.keptBefore, hands: handsBefore + at.hands };
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

/** A block list's whole blocks (how many) and their digest, chained block by block. */
export type BlockChain = { readonly whole: number; readonly chain: string };

function isBlockChains(value: unknown): value is Record<string, BlockChain> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((chain: unknown) => {
    const { whole, chain: digest } = (typeof chain === 'object' && chain !== null ? chain : {}) as Record<string, unknown>;
    return Number.isSafeInteger(whole) && (whole as number) >= 0 && typeof digest === 'string' && /^[0-9a-f]{64}$/.test(digest);
  });
}

/** The block lists of the facts (a kind, or one field of the hands) and how many facts each holds at `counts`. */
function blockLists(counts: Readonly<Record<FactKind, number>>): { block: string; count: number }[] {
  return FACT_KINDS.flatMap((kind) => (kind === 'hand' ? HAND_FIELDS.map((field) => ({ block: `hand.${field}`, count: counts.hand })) : [{ block: kind, count: counts[kind] }]));
}

/**
 * Each block list's whole blocks at `counts`, chained: `sha256(name)`, then `sha256(chain ‖ block text)` block
 * by block. Extends a chain of `from` (checked unchanged by the caller) over the blocks made since; a chain
 * of more blocks than are whole now is not one to extend (the list is read from its first block).
 */
function blockChains(db: Database.Database, counts: Readonly<Record<FactKind, number>>, from: ReadonlyMap<string, BlockChain> | null): Map<string, BlockChain> {
  // As bytes (the text as SQLite keeps it): no string made of a year's facts only to be encoded again.
  const read = db.prepare('SELECT CAST(facts AS BLOB) FROM fact_block WHERE kind = ? AND block >= ? AND block < ? ORDER BY block').pluck();
  const chains = new Map<string, BlockChain>();
  for (const { block, count } of blockLists(counts)) {
    const whole = Math.floor(count / BLOCK);
    const start = from?.get(block);
    const resume = start !== undefined && start.whole <= whole ? start : { whole: 0, chain: sha256(block) };
    let chain = Buffer.from(resume.chain, 'hex');
    let blocks = resume.whole;
    for (const bytes of read.iterate(block, resume.whole, whole) as Iterable<Buffer>) {
      chain = createHash('sha256').update(chain).update(bytes).digest();
      blocks++;
    }
    // A block missing from the list (deleted) leaves fewer than the counts say: no chain to stand on.
    if (blocks !== whole) throw new TypeError(`the facts' list ${block} has ${blocks} whole blocks, its counts say ${whole}`);
    chains.set(block, { whole, chain: chain.toString('hex') });
  }
  return chains;
}

/** SHA-256 of the facts in the blocks being filled at these counts, up to the counts. */
function fillingDigest(db: Database.Database, counts: Readonly<Record<FactKind, number>>): string {
  const digest = createHash('sha256');
  const partial = db.prepare('SELECT facts FROM fact_block WHERE kind = ? AND block = ?').pluck();
  for (const { block, count } of blockLists(counts)) {
    digest.update(`${block}\n`);
    const filling = partial.get(block, Math.floor(count / BLOCK)) as string | undefined;
    const parsed: unknown = filling === undefined ? [] : JSON.parse(filling);
    if (!Array.isArray(parsed)) throw new TypeError(`the facts' block ${block} is not a list`);
    digest.update(canonicalJson(parsed.slice(0, count % BLOCK)));
  }
  return digest.digest('hex');
}

/** Format 1's: SHA-256 of the report facts in the blocks whole at these counts, kind by kind, block by block. */
function factsDigest(db: Database.Database, counts: Readonly<Record<FactKind, number>>): string {
  const digest = createHash('sha256');
  // As bytes, a kind in one: the text is hashed as SQLite keeps it, each block followed by a line break.
  const read = db.prepare("SELECT CAST(group_concat(facts || char(10), '') AS BLOB) FROM (SELECT facts FROM fact_block WHERE kind = ? AND block < ? ORDER BY block)").pluck();
  const partial = db.prepare('SELECT facts FROM fact_block WHERE kind = ? AND block = ?').pluck();
  for (const { block, count } of blockLists(counts)) {
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
