import type pg from 'pg';
import type { BoardStatus } from './link/wire.js';

/** A table is live on the board while it was heard from within this (it speaks every 5 s). */
export const SILENT_AFTER_MS = 15_000;
/** A table's clock this far from the floor's is flagged: time collection and the reports depend on it. */
export const CLOCK_LIMIT_MS = 60_000;

/**
 * The floor board's line for a table (D89): what it last said of itself (`status`, never a card), whether
 * its link is live and since when (or since when it is silent: a table that stopped or lost its link), its
 * clock against the floor's, and its log at the floor: rows, when they last moved, forks refused.
 */
export type BoardRow = {
  readonly id: string;
  readonly name: string;
  readonly status: BoardStatus | null;
  readonly link: { readonly state: 'live' | 'silent' | 'never'; readonly since: string };
  /** The table's clock minus the floor's when it last spoke, in ms (null: never heard). */
  readonly clockOffsetMs: number | null;
  readonly clockOff: boolean;
  readonly log: { readonly rows: number; readonly movedAt: string; readonly forks: number };
  /**
   * The table's PC was replaced from the floor (D99): when last, and whether a replaced PC came back with its
   * revoked credential (refused each time: when last, how often, over all its replacements) — a PC on the
   * floor still playing as this table, for a supervisor to find; null for a table never replaced.
   */
  readonly replaced: { readonly at: string; readonly oldPc: { readonly seenAt: string; readonly times: number } | null } | null;
};

export type Board = { readonly at: string; readonly tables: readonly BoardRow[] };

/** Stores what a table said of itself; the first word after a silence starts its live time anew. */
export async function storeStatus(pool: pg.Pool, tableId: string, status: BoardStatus): Promise<void> {
  await pool.query(
    `INSERT INTO board_status (table_id, status, table_clock, received_at, live_since) VALUES ($1, $2, to_timestamp($3 / 1000.0), now(), now())
     ON CONFLICT (table_id) DO UPDATE SET status = EXCLUDED.status, table_clock = EXCLUDED.table_clock, received_at = now(),
       live_since = CASE WHEN board_status.received_at < now() - make_interval(secs => $4 / 1000.0) THEN now() ELSE board_status.live_since END`,
    [tableId, JSON.stringify(status), status.at, SILENT_AFTER_MS],
  );
}

/** Every enrolled table's line, by name: the data the floor board shows (its screens are to come). */
export async function readBoard(pool: pg.Pool): Promise<Board> {
  const found = await pool.query<{
    id: string;
    name: string;
    enrolled_at: Date;
    seq: number;
    moved_at: Date;
    forks: number;
    status: BoardStatus | null;
    offset_ms: number | null;
    received_at: Date | null;
    live_since: Date | null;
    silent: boolean | null;
    replaced_at: Date | null;
    old_seen_at: Date | null;
    old_seen_count: string | null;
    now: Date;
  }>(
    `SELECT t.id, t.name, t.enrolled_at, h.seq, h.moved_at,
            (SELECT count(*)::int FROM fork_incident f WHERE f.table_id = t.id) AS forks,
            b.status, (extract(epoch FROM b.table_clock - b.received_at) * 1000)::float8 AS offset_ms, b.received_at, b.live_since,
            b.received_at < now() - make_interval(secs => $1 / 1000.0) AS silent,
            r.replaced_at, r.old_seen_at, r.old_seen_count, now() AS now
       FROM floor_table t JOIN chain_head h ON h.table_id = t.id LEFT JOIN board_status b ON b.table_id = t.id
       LEFT JOIN LATERAL (SELECT max(replaced_at) AS replaced_at, max(old_seen_at) AS old_seen_at, sum(old_seen_count) AS old_seen_count
                            FROM table_replacement WHERE table_id = t.id) r ON true
      ORDER BY t.name`,
    [SILENT_AFTER_MS],
  );
  const now = found.rows[0]?.now ?? new Date();
  return {
    at: now.toISOString(),
    tables: found.rows.map((row) => {
      const link: BoardRow['link'] =
        row.received_at === null ? { state: 'never', since: row.enrolled_at.toISOString() } : row.silent === true ? { state: 'silent', since: row.received_at.toISOString() } : { state: 'live', since: (row.live_since ?? row.received_at).toISOString() };
      const offset = row.offset_ms === null ? null : Math.round(row.offset_ms);
      const oldPc = row.old_seen_at === null ? null : { seenAt: row.old_seen_at.toISOString(), times: Number(row.old_seen_count) };
      const replaced = row.replaced_at === null ? null : { at: row.replaced_at.toISOString(), oldPc };
      return { id: row.id, name: row.name, status: row.status, link, clockOffsetMs: offset, clockOff: offset !== null && Math.abs(offset) > CLOCK_LIMIT_MS, log: { rows: row.seq, movedAt: row.moved_at.toISOString(), forks: row.forks }, replaced };
    }),
  };
}
