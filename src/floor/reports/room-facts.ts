import type pg from 'pg';
import type { TableLogEntry } from '../../engine/table/table-operations.js';
import { ALL_FACTS, dealersOf, deriveFacts, eventKind, type EventFact, type FactCursor, type Facts, FACTS_DERIVATION, type FactSelection, FIRST_CURSOR, type FloorEntry, type HandFact, inLogOrder, noHands } from '../../reports/facts.js';

/**
 * Which derivation made a table's facts at the floor: the table's (`FACTS_DERIVATION`, D93) and the floor's
 * summaries of them (D96). The room's reports say it beside each table; facts made by another are derived
 * again from the rows before a report reads them (D97).
 */
export const FACTS_DERIVED_BY = `felt facts ${FACTS_DERIVATION}, room summaries 1`;

const HOUR = 3_600_000;

/** Rows derived at a time: a few hundred hands. */
const CHUNK = 20_000;

/**
 * Brings a table's report facts at the floor up to its stored head (D92): the rows after the cursor read
 * from `log_row`, derived with the table's own `deriveFacts`, and written with the cursor in one
 * transaction that holds the cursor's row (two reports at once derive once). The rows at the floor end
 * between hands (D73), but the cursor carries a hand across chunks as the table's store does.
 */
export async function refreshFacts(pool: pg.Pool, tableId: string): Promise<void> {
  for (;;) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("INSERT INTO fact_cursor (table_id, seq, cursor, derived_by) VALUES ($1, 0, $2, $3) ON CONFLICT (table_id) DO NOTHING", [tableId, JSON.stringify(FIRST_CURSOR), FACTS_DERIVED_BY]);
      let kept = (await client.query<{ seq: number; cursor: FactCursor; derived_by: string; flow_latest: number | null; flow_back: boolean }>('SELECT seq, cursor, derived_by, flow_latest, flow_back FROM fact_cursor WHERE table_id = $1 FOR UPDATE', [tableId])).rows[0] as { seq: number; cursor: FactCursor; derived_by: string; flow_latest: number | null; flow_back: boolean };
      if (kept.derived_by !== FACTS_DERIVED_BY) {
        // Facts of another derivation (D97): dropped and derived again from the rows, in this transaction
        // first, so a report reads the old facts or the new, never half of each.
        for (const table of ['hand_hour', 'hand_fact', 'event_fact']) await client.query(`DELETE FROM ${table} WHERE table_id = $1`, [tableId]);
        await client.query('UPDATE fact_cursor SET seq = 0, cursor = $2, derived_by = $3, flow_latest = NULL, flow_back = false WHERE table_id = $1', [tableId, JSON.stringify(FIRST_CURSOR), FACTS_DERIVED_BY]);
        kept = { seq: 0, cursor: FIRST_CURSOR, derived_by: FACTS_DERIVED_BY, flow_latest: null, flow_back: false };
      }
      const rows = (await client.query<{ payload: string }>('SELECT payload FROM log_row WHERE table_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [tableId, kept.seq, CHUNK])).rows;
      if (rows.length === 0) {
        await client.query('COMMIT');
        return;
      }
      const { cursor, hands, events } = deriveFacts(kept.cursor, rows.map((row) => JSON.parse(row.payload) as TableLogEntry));
      const flow = await storeFacts(client, tableId, hands, events, { latest: kept.flow_latest, back: kept.flow_back });
      await client.query('UPDATE fact_cursor SET seq = $2, cursor = $3, flow_latest = $4, flow_back = $5 WHERE table_id = $1', [tableId, cursor.seq, JSON.stringify(cursor), flow.latest, flow.back]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

/** The cash flow's clock where a table's facts end: the latest time, and whether it ever went back (`flowClock`). */
export type FlowClock = { readonly latest: number | null; readonly back: boolean };

/**
 * New facts of a table stored after those it has (in the caller's transaction): the hands, the events, the
 * hands' summaries by hour and shift (D96); the cash flow's clock after them.
 */
export async function storeFacts(client: pg.PoolClient, tableId: string, hands: readonly HandFact[], events: readonly EventFact[], flow: FlowClock): Promise<FlowClock> {
  if (hands.length > 0) {
    await client.query(
      'INSERT INTO hand_fact (table_id, seq, hand, at, shift, players, seated, awarded, rake, voided) SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::int[], $7::int[], $8::bigint[], $9::bigint[], $10::boolean[])',
      [tableId, hands.map((h) => h.seq), hands.map((h) => h.hand), hands.map((h) => h.at), hands.map((h) => h.shift), hands.map((h) => h.players), hands.map((h) => h.seated), hands.map((h) => h.awarded), hands.map((h) => h.rake), hands.map((h) => h.voided)],
    );
  }
  if (events.length > 0) {
    await client.query('INSERT INTO event_fact (table_id, seq, at, hand, kind, entry) SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::json[])', [tableId, events.map((e) => e.seq), events.map((e) => e.at), events.map((e) => e.hand), events.map((e) => eventKind(e.entry)), events.map((e) => JSON.stringify(e.entry))]);
  }
  await storeHandHours(client, tableId, hands);
  return flowClock(flow.latest, flow.back, hands, events);
}

/**
 * The hands' figures summed by clock hour and dealer shift (`hand_hour`, D96), added to what is there: a
 * chunk's hands come after every hand summed before, so a key's first hand stays and its last is the chunk's.
 */
async function storeHandHours(client: pg.PoolClient, tableId: string, hands: readonly HandFact[]): Promise<void> {
  type Sum = { timed: boolean; hour: number; shift: number; hands: number; played: number; awarded: number; rake: number; players: number; seated: number; firstSeq: number; firstAt: number | null; lastSeq: number; lastAt: number | null; lastPlayed: boolean };
  const sums = new Map<string, Sum>();
  for (const hand of hands) {
    const timed = hand.at !== null;
    const hour = hand.at === null ? 0 : Math.floor(hand.at / HOUR);
    const key = `${timed ? hour : 'untimed'} ${hand.shift}`;
    let sum = sums.get(key);
    if (sum === undefined) sums.set(key, (sum = { timed, hour, shift: hand.shift, hands: 0, played: 0, awarded: 0, rake: 0, players: 0, seated: 0, firstSeq: hand.seq, firstAt: hand.at, lastSeq: hand.seq, lastAt: hand.at, lastPlayed: false }));
    sum.hands++;
    sum.lastSeq = hand.seq;
    sum.lastAt = hand.at;
    sum.lastPlayed = !hand.voided;
    if (hand.voided) continue;
    sum.played++;
    sum.awarded += hand.awarded;
    sum.rake += hand.rake;
    sum.players += hand.players;
    sum.seated += hand.seated;
  }
  if (sums.size === 0) return;
  const list = [...sums.values()];
  const column = <K extends keyof Sum>(key: K): Sum[K][] => list.map((sum) => sum[key]);
  await client.query(
    `INSERT INTO hand_hour (table_id, timed, hour, shift, hands, played, awarded, rake, players, seated, first_seq, first_at, last_seq, last_at, last_played)
     SELECT $1, * FROM unnest($2::boolean[], $3::bigint[], $4::bigint[], $5::int[], $6::int[], $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[], $14::bigint[], $15::boolean[])
     ON CONFLICT (table_id, timed, hour, shift) DO UPDATE SET hands = hand_hour.hands + excluded.hands, played = hand_hour.played + excluded.played, awarded = hand_hour.awarded + excluded.awarded,
       rake = hand_hour.rake + excluded.rake, players = hand_hour.players + excluded.players, seated = hand_hour.seated + excluded.seated, last_seq = excluded.last_seq, last_at = excluded.last_at, last_played = excluded.last_played`,
    [tableId, column('timed'), column('hour'), column('shift'), column('hands'), column('played'), column('awarded'), column('rake'), column('players'), column('seated'), column('firstSeq'), column('firstAt'), column('lastSeq'), column('lastAt'), column('lastPlayed')],
  );
}

/**
 * The cash flow's clock over new facts (`cashFlow` in src/reports/cash-flow.ts reads each hand and each
 * seat, time and correction fact at the latest time seen so far in the log's order): the latest time, and
 * whether it ever went back — where it never did, a fact's time is the cash flow's time, and the room sums
 * a period's rake by the hands' own time (D96).
 */
function flowClock(latest: number | null, back: boolean, hands: readonly HandFact[], events: readonly EventFact[]): FlowClock {
  const flow = { latest, back };
  const see = (at: number | null): void => {
    if (at === null) return;
    if (flow.latest !== null && at < flow.latest) flow.back = true;
    if (flow.latest === null || at > flow.latest) flow.latest = at;
  };
  const cashEvents = events.filter((event) => FLOW_KINDS.has(eventKind(event.entry)));
  const columns = { seq: hands.map((hand) => hand.seq) };
  inLogOrder({ hands: { ...noHands(), seq: columns.seq }, events: cashEvents }, (index) => see(hands[index]?.at ?? null), (event) => see(event.at));
  return flow;
}

/** The kinds of facts the cash flow reads besides the hands (`REPORT_FACTS.cashflow`). */
const FLOW_KINDS: ReadonlySet<string> = new Set(['time', 'seat', 'correction']);

/** A table's facts at the floor, as the table's `factsOf` gives them for the same rows: up to `upToRow`, derived by `derivedBy`. */
export type TableFacts = { readonly facts: Facts; readonly upToRow: number; readonly derivedBy: string };

/**
 * A table's facts of these kinds and, of the hands, these fields — as the table's store reads its own
 * (`readFacts`: the fields not asked for stay empty) — after bringing them up to the floor's rows. The hands
 * come as one row per field, each a column joined in PostgreSQL and split here: a table's 10,000 hands are
 * a few strings, not 10,000 rows of objects.
 */
export async function readTableFacts(pool: pg.Pool, state: FactState, { kinds, handFields }: FactSelection = ALL_FACTS): Promise<TableFacts> {
  const { id: tableId, cursor } = state;
  const hands = noHands();
  if (kinds.includes('hand') && handFields.length > 0) {
    const columns = handFields.map((field) => (field === 'voided' ? "coalesce(string_agg(CASE WHEN voided THEN '1' ELSE '0' END, '' ORDER BY seq), '')" : `coalesce(string_agg(coalesce(${field}::text, ''), ',' ORDER BY seq), '')`));
    const row = (await pool.query<Record<string, string>>({ text: `SELECT ${columns.map((column, index) => `${column} AS c${index}`).join(', ')} FROM hand_fact WHERE table_id = $1`, values: [tableId] })).rows[0] ?? {};
    handFields.forEach((field, index) => {
      const text = row[`c${index}`] ?? '';
      if (text === '') return;
      // Pushed one by one: a table of a million hands is more than a call's arguments may be.
      if (field === 'voided') for (const char of text) hands.voided.push(char === '1');
      else if (field === 'at') for (const value of text.split(',')) hands.at.push(value === '' ? null : Number(value));
      else for (const value of text.split(',')) (hands[field] as number[]).push(Number(value));
    });
  }
  const eventKinds = kinds.filter((kind) => kind !== 'hand');
  const events: EventFact[] =
    eventKinds.length === 0 ? [] : (await pool.query<{ seq: number; at: number | null; hand: number | null; entry: FloorEntry }>('SELECT seq, at, hand, entry FROM event_fact WHERE table_id = $1 AND kind = ANY($2) ORDER BY seq', [tableId, eventKinds])).rows.map((row) => ({ seq: row.seq, at: row.at, hand: row.hand, entry: row.entry }));
  // Time collected with no hand after it yet: at the table's latest time, as `factsOf` places it.
  if (kinds.includes('time')) for (const { seq, entry } of cursor.collected) events.push({ seq, at: cursor.time, hand: cursor.hand, entry });
  return { facts: { hands, events, dealers: dealersOf(events) }, upToRow: cursor.seq, derivedBy: state.derivedBy };
}

/** Where each enrolled table's facts stand, by name. */
export type FactState = { readonly id: string; readonly name: string; readonly cursor: FactCursor; readonly derivedBy: string; /** The cash flow's clock went back somewhere in its facts. */ readonly clockWentBack: boolean };

/**
 * Every enrolled table's facts brought up to its rows at the floor — only the tables whose head moved past
 * their facts are derived — and where each stands then: one query for all tables, not a few per table.
 */
export async function refreshedFactStates(pool: pg.Pool): Promise<FactState[]> {
  // Behind its rows, or derived by another derivation than this Felt's (D97).
  const behind = await pool.query<{ id: string }>('SELECT t.id FROM floor_table t LEFT JOIN chain_head h ON h.table_id = t.id LEFT JOIN fact_cursor c ON c.table_id = t.id WHERE c.seq IS NULL OR coalesce(h.seq, 0) > c.seq OR c.derived_by <> $1', [FACTS_DERIVED_BY]);
  for (const { id } of behind.rows) await refreshFacts(pool, id);
  const states = await pool.query<{ id: string; name: string; cursor: FactCursor | null; derived_by: string | null; flow_back: boolean | null }>('SELECT t.id, t.name, c.cursor, c.derived_by, c.flow_back FROM floor_table t LEFT JOIN fact_cursor c ON c.table_id = t.id ORDER BY t.name');
  return states.rows.map((row) => ({ id: row.id, name: row.name, cursor: row.cursor ?? FIRST_CURSOR, derivedBy: row.derived_by ?? FACTS_DERIVED_BY, clockWentBack: row.flow_back ?? false }));
}
