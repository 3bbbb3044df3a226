import type pg from 'pg';
import type { TableLogEntry } from '../../engine/table/table-operations.js';
import { HAND_PAGE, HandArchive, type ReplayStep } from '../../store/hand-archive.js';
import { refreshFacts } from './room-facts.js';

/** A hand in a table's list at the floor: from its fact (D92); `seq` is its last row, its id at the floor. */
export type FloorHand = { readonly seq: number; readonly handNumber: number; readonly at: number | null; readonly players: number; readonly awarded: number; readonly rake: number; readonly voided: boolean };

export type FloorHandPage = { readonly hands: readonly FloorHand[]; readonly more: boolean };

/**
 * A table's hands at the floor, newest first, those before row `before`: only hands settled or voided — the
 * floor never holds a hand in play (D73), so nothing here is a hand still being played.
 */
export async function tableHands(pool: pg.Pool, tableId: string, before: number | null): Promise<FloorHandPage> {
  await refreshFacts(pool, tableId);
  const rows = (
    await pool.query<{ seq: number; hand: number; at: number | null; players: number; awarded: number; rake: number; voided: boolean }>(
      'SELECT seq, hand, at, players, awarded, rake, voided FROM hand_fact WHERE table_id = $1 AND ($2::bigint IS NULL OR seq < $2) ORDER BY seq DESC LIMIT $3',
      [tableId, before, HAND_PAGE + 1],
    )
  ).rows;
  return { hands: rows.slice(0, HAND_PAGE).map((row) => ({ seq: row.seq, handNumber: row.hand, at: row.at, players: row.players, awarded: row.awarded, rake: row.rake, voided: row.voided })), more: rows.length > HAND_PAGE };
}

/**
 * A hand's replay at the floor, by the table's own replay (`HandArchive`, src/store/hand-archive.ts) over the
 * hand's rows at the floor — the rows after the hand before it, up to its last: a hole card shows only where
 * it was tabled at the showdown and the show stands, as at the table. Null for a row that ends no hand.
 */
export async function tableHandReplay(pool: pg.Pool, tableId: string, seq: number): Promise<{ readonly handNumber: number; readonly steps: readonly ReplayStep[] } | null> {
  await refreshFacts(pool, tableId);
  const found = (await pool.query<{ hand: number; previous: number | null }>('SELECT hand, (SELECT max(seq) FROM hand_fact p WHERE p.table_id = $1 AND p.seq < $2) AS previous FROM hand_fact WHERE table_id = $1 AND seq = $2', [tableId, seq])).rows[0];
  if (found === undefined) return null;
  const entries = (await pool.query<{ payload: string }>('SELECT payload FROM log_row WHERE table_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq', [tableId, found.previous ?? 0, seq])).rows.map((row) => JSON.parse(row.payload) as TableLogEntry);
  const archive = new HandArchive((after) => entries.slice(after));
  const replay = archive.replay(archive.idsOf(found.hand).at(-1) ?? 1);
  return replay === null ? null : { handNumber: found.hand, steps: replay.steps };
}
