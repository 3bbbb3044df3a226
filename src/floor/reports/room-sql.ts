import type pg from 'pg';
import type { Window } from '../../reports/facts.js';
import type { HandRun } from './room-shifts.js';

const HOUR = 3_600_000;

/**
 * Where a period cuts the clock hours (D96): the hours wholly in it are read from `hand_hour`, the one or
 * two hours its edges cut from the hands themselves (`hand_fact`, by their start: indexed). A period open
 * at both ends reads every summary, the hands without a start among them; any other period only hands
 * with a start (`inWindow`, src/reports/facts.ts). Values: $1 the tables, $2 whole, $3 from, $4 to (bounds
 * beyond any time a table writes where open), $5 and $6 the starts of the hours an edge cuts, or null.
 */
function cutValues(tables: readonly string[], { from, to }: Window): unknown[] {
  const edge = (at: number | null): number | null => (at === null || at % HOUR === 0 ? null : Math.floor(at / HOUR) * HOUR);
  return [tables, from === null && to === null, from ?? -(2 ** 52), to ?? 2 ** 52, edge(from), edge(to)];
}

/** Whether a summary's hour is cut by an edge (then its hands are read instead). */
const CUT_HOUR = `(timed AND (hour * ${HOUR} IS NOT DISTINCT FROM $5::bigint OR hour * ${HOUR} IS NOT DISTINCT FROM $6::bigint))`;
/** The hands of the cut hours. */
const IN_CUT_HOURS = `((at >= $5::bigint AND at < $5::bigint + ${HOUR}) OR (at >= $6::bigint AND at < $6::bigint + ${HOUR}))`;

/**
 * The hands of a period as summaries, one row per table, clock hour and shift: the hours wholly in the
 * period from `hand_hour`, the cut hours made from their hands in the same shape.
 */
const PARTS = `
  SELECT table_id, timed, hour, shift, hands, played, awarded, rake, players, seated, first_seq, first_at, last_seq, last_at, last_played
    FROM hand_hour
   WHERE table_id = ANY($1) AND ($2 OR (timed AND NOT ${CUT_HOUR} AND hour * ${HOUR} >= $3 AND (hour + 1) * ${HOUR} <= $4))
  UNION ALL
  SELECT table_id, true, floor(at / ${HOUR}::numeric)::bigint, shift, 1, CASE WHEN voided THEN 0 ELSE 1 END, CASE WHEN voided THEN 0 ELSE awarded END, CASE WHEN voided THEN 0 ELSE rake END,
         CASE WHEN voided THEN 0 ELSE players END, CASE WHEN voided THEN 0 ELSE seated END, seq, at, seq, at, NOT voided
    FROM hand_fact
   WHERE NOT $2 AND table_id = ANY($1) AND ${IN_CUT_HOURS} AND at >= $3 AND at < $4`;

function partsValues(tables: readonly string[], window: Window): unknown[] {
  return cutValues(tables, window);
}

/** Each table's runs of hands in the period (`HandRun`), in the log's order. */
export async function handRuns(pool: pg.Pool, tables: readonly string[], window: Window): Promise<Map<string, HandRun[]>> {
  const rows = (
    await pool.query<{ table_id: string; shift: number; hands: number; played: number; awarded: number; rake: number; first_seq: number; first_at: number | null; last_seq: number; first_timed_at: number | null; last_timed_at: number | null; last_timed_played: boolean | null; played_timed: number }>(
      `WITH parts AS (${PARTS})
       SELECT table_id, shift, sum(hands)::int AS hands, sum(played)::int AS played, sum(awarded)::bigint AS awarded, sum(rake)::bigint AS rake,
              min(first_seq) AS first_seq, (array_agg(first_at ORDER BY first_seq))[1] AS first_at, max(last_seq) AS last_seq,
              (array_agg(first_at ORDER BY first_seq) FILTER (WHERE timed))[1] AS first_timed_at,
              (array_agg(last_at ORDER BY last_seq DESC) FILTER (WHERE timed))[1] AS last_timed_at,
              (array_agg(last_played ORDER BY last_seq DESC) FILTER (WHERE timed))[1] AS last_timed_played,
              coalesce(sum(played) FILTER (WHERE timed), 0)::int AS played_timed
         FROM parts GROUP BY table_id, shift ORDER BY table_id, min(first_seq)`,
      partsValues(tables, window),
    )
  ).rows;
  const runs = new Map<string, HandRun[]>();
  for (const row of rows) {
    let list = runs.get(row.table_id);
    if (list === undefined) runs.set(row.table_id, (list = []));
    list.push({
      shift: row.shift,
      hands: row.hands,
      played: row.played,
      awarded: Number(row.awarded),
      rake: Number(row.rake),
      firstSeq: row.first_seq,
      firstAt: row.first_at,
      lastSeq: row.last_seq,
      firstTimedAt: row.first_timed_at,
      lastTimedAt: row.last_timed_at,
      lastTimedPlayed: row.last_timed_played ?? false,
      playedTimed: row.played_timed,
    });
  }
  return runs;
}


/** The room's hands of the period per clock hour (hands with a start): played, rake; the hour as the reports write it. */
export async function handHours(pool: pg.Pool, tables: readonly string[], window: Window): Promise<{ readonly hour: number; readonly played: number; readonly rake: number }[]> {
  const rows = (await pool.query<{ hour: number; played: number; rake: number }>(`WITH parts AS (${PARTS}) SELECT hour, sum(played)::int AS played, sum(rake)::bigint AS rake FROM parts WHERE timed GROUP BY hour ORDER BY hour`, partsValues(tables, window))).rows;
  return rows.map((row) => ({ hour: row.hour, played: row.played, rake: Number(row.rake) }));
}

/** Per table: the rake of its hands played before the period (or, in a period, without a start) and in it: the cash flow's, where its clock never went back. */
export async function rakeAround(pool: pg.Pool, tables: readonly string[], window: Window): Promise<Map<string, { before: number; during: number }>> {
  const rows = (
    await pool.query<{ table_id: string; before: number; during: number }>(
      `SELECT table_id, coalesce(sum(before), 0)::bigint AS before, coalesce(sum(during), 0)::bigint AS during FROM (
         SELECT table_id, CASE WHEN NOT $2 AND (NOT timed OR (hour + 1) * ${HOUR} <= $3) THEN rake ELSE 0 END AS before,
                CASE WHEN $2 OR (timed AND hour * ${HOUR} >= $3 AND (hour + 1) * ${HOUR} <= $4) THEN rake ELSE 0 END AS during
           FROM hand_hour WHERE table_id = ANY($1) AND ($2 OR NOT ${CUT_HOUR})
         UNION ALL
         SELECT table_id, CASE WHEN at < $3 THEN rake ELSE 0 END, CASE WHEN at >= $3 AND at < $4 THEN rake ELSE 0 END
           FROM hand_fact WHERE NOT $2 AND NOT voided AND table_id = ANY($1) AND ${IN_CUT_HOURS}
       ) sums GROUP BY table_id`,
      cutValues(tables, window),
    )
  ).rows;
  return new Map(rows.map((row) => [row.table_id, { before: Number(row.before), during: Number(row.during) }]));
}
