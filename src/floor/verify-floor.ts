import type pg from 'pg';
import { readLogRows, readNamesMoved } from '../store/log-reader.js';
import { onlyTheNameDiffers } from '../store/names-moved.js';
import { GENESIS_HASH, linkHash, type LogRow } from '../store/store.js';

/**
 * A table's file read against the floor's copy of its log: `same` up to the floor's head (`atFloor` rows),
 * with `notYet` rows after it that the floor does not hold yet (a hand in play, a link that was down); or
 * the first row where they part, and how. `forks`: what the floor refused from this table before (kept as
 * incidents), said beside the result.
 */
export type FloorComparison =
  | { readonly ok: true; readonly rows: number; readonly atFloor: number; readonly notYet: number; readonly floorHead: string; readonly forks: readonly ForkSeen[] }
  | { readonly ok: false; readonly row: number; readonly problem: string; readonly forks: readonly ForkSeen[] };

export type ForkSeen = { readonly seq: number; readonly seenAt: Date };

/** Rows read at a time from each side. */
const CHUNK = 5_000;

/**
 * Compares the table's log in `dbPath` (opened read-only) with the floor's copy of table `tableId`, row by
 * row (D75): every row the floor holds must be in the file, the same in every field, in its place. What a
 * single file cannot show, this shows — a log cut at a hand boundary (the floor holds rows past the
 * file's end), rows rewritten with a recomputed chain, a forged correction appended after such a rewrite
 * (the file's rows part from the floor's where the rewrite begins). The floor's copy is checked on its own
 * too: each of its rows hashes to its content and links to the one before (as its database's constraints
 * hold them), so a floor's copy changed behind the floor server's back is named, not trusted.
 * `felt verify` checks the file alone first (its chain, replay, facts); this is the part only the floor
 * can prove.
 */
export async function compareWithFloor(dbPath: string, pool: pg.Pool, tableId: string): Promise<FloorComparison> {
  const tableRow = await pool.query<{ seq: number; hash: string }>('SELECT h.seq, h.hash FROM floor_table t JOIN chain_head h ON h.table_id = t.id WHERE t.id = $1', [tableId]);
  const head = tableRow.rows[0];
  const forks = (await pool.query<{ seq: number; seen_at: Date }>('SELECT seq, seen_at FROM fork_incident WHERE table_id = $1 ORDER BY seen_at', [tableId])).rows.map((row) => ({ seq: row.seq, seenAt: row.seen_at }));
  if (head === undefined) return { ok: false, row: 0, problem: `the floor has no table ${tableId}`, forks };
  // The file's rows through the store's own reader (never this module's SQL on the table's log).
  const file = readLogRows(dbPath);
  // A table an earlier Felt began whose names left its rows (D113): the rows its record pins differ from the floor's.
  const pins = readNamesMoved(dbPath);
  let pinAt = 0;
  try {
    let previous = GENESIS_HASH;
    let fileEnd = 0;
    for (let after = 0; after < head.seq; after += CHUNK) {
      const floorRows = (await pool.query<LogRow>('SELECT seq, command_id, payload, prev_hash, hash FROM log_row WHERE table_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq', [tableId, after, Math.min(after + CHUNK, head.seq)])).rows;
      for (const [index, atFloor] of floorRows.entries()) {
        const expected = after + index + 1;
        if (atFloor.seq !== expected) return { ok: false, row: expected, problem: `the floor's copy lacks row ${expected} (the floor's database was changed behind the floor server)`, forks };
        if (atFloor.prev_hash !== previous || linkHash(atFloor.prev_hash, atFloor.command_id, atFloor.payload) !== atFloor.hash) {
          return { ok: false, row: expected, problem: `the floor's own copy of row ${expected} does not hash or link as written (the floor's database was changed behind the floor server): the floor cannot vouch for this table past row ${expected - 1}`, forks };
        }
        previous = atFloor.hash;
        const next = file.next();
        if (next.done === true) {
          return { ok: false, row: expected, problem: `the log ends at row ${fileEnd}, but the floor holds this table's rows up to row ${head.seq}: the log was cut short (or this is an older copy)`, forks };
        }
        const mine = next.value;
        fileEnd = mine.seq;
        while (pinAt < pins.length && (pins[pinAt]?.last ?? 0) < expected) pinAt++;
        const candidate = pins[pinAt];
        const pin = candidate !== undefined && candidate.first <= expected ? candidate : undefined;
        if (pin !== undefined && mine.seq === expected && mine.command_id === atFloor.command_id) {
          // A row the names' move rewrote: the same operation but for the name, in a command whose rows at the
          // floor give the hash kept for it — so the rows the record pins were these, as first written.
          const differs = mine.payload !== atFloor.payload;
          if (differs && !onlyTheNameDiffers(mine.payload, atFloor.payload)) return { ok: false, row: expected, problem: `it is not the row the floor holds there, and differs from it by more than the player's name the names' move (D113) took out of it: the row was changed`, forks };
          if (expected === pin.first && mine.prev_hash !== atFloor.prev_hash) return { ok: false, row: expected, problem: `it does not follow the row the floor holds before it: the log was rewritten from here`, forks };
          if (expected === pin.last && (atFloor.hash !== pin.kept || mine.hash !== pin.kept)) return { ok: false, row: expected, problem: `the floor's rows ${pin.first}–${pin.last} do not give the hash the names' move (D113) pins as kept for them: the rows it rewrote were not these rows`, forks };
          continue;
        }
        if (mine.seq !== expected || mine.hash !== atFloor.hash || mine.prev_hash !== atFloor.prev_hash || mine.command_id !== atFloor.command_id || mine.payload !== atFloor.payload) {
          return { ok: false, row: expected, problem: `it is not the row the floor holds there: the log was rewritten from here (its chain recomputed to match), or is another table's`, forks };
        }
      }
    }
    let total = fileEnd;
    for (let next = file.next(); next.done !== true; next = file.next()) total = next.value.seq;
    return { ok: true, rows: total, atFloor: head.seq, notYet: total - head.seq, floorHead: head.hash, forks };
  } finally {
    file.return?.();
  }
}
