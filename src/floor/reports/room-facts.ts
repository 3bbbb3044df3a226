import type pg from 'pg';
import type { TableLogEntry } from '../../engine/table/table-operations.js';
import { ALL_FACTS, dealersOf, deriveFacts, eventKind, type EventFact, type FactCursor, type Facts, type FactSelection, FIRST_CURSOR, type FloorEntry, noHands } from '../../reports/facts.js';

/** Which derivation made a table's facts at the floor: the room's reports say it beside each table. */
export const FACTS_DERIVED_BY = 'felt 0.1.0, facts of D36';

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
      const kept = (await client.query<{ seq: number; cursor: FactCursor }>('SELECT seq, cursor FROM fact_cursor WHERE table_id = $1 FOR UPDATE', [tableId])).rows[0] as { seq: number; cursor: FactCursor };
      const rows = (await client.query<{ payload: string }>('SELECT payload FROM log_row WHERE table_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [tableId, kept.seq, CHUNK])).rows;
      if (rows.length === 0) {
        await client.query('COMMIT');
        return;
      }
      const { cursor, hands, events } = deriveFacts(kept.cursor, rows.map((row) => JSON.parse(row.payload) as TableLogEntry));
      if (hands.length > 0) {
        await client.query(
          'INSERT INTO hand_fact (table_id, seq, hand, at, shift, players, seated, awarded, rake, voided) SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::int[], $7::int[], $8::bigint[], $9::bigint[], $10::boolean[])',
          [tableId, hands.map((h) => h.seq), hands.map((h) => h.hand), hands.map((h) => h.at), hands.map((h) => h.shift), hands.map((h) => h.players), hands.map((h) => h.seated), hands.map((h) => h.awarded), hands.map((h) => h.rake), hands.map((h) => h.voided)],
        );
      }
      if (events.length > 0) {
        await client.query('INSERT INTO event_fact (table_id, seq, at, hand, kind, entry) SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::json[])', [tableId, events.map((e) => e.seq), events.map((e) => e.at), events.map((e) => e.hand), events.map((e) => eventKind(e.entry)), events.map((e) => JSON.stringify(e.entry))]);
      }
      await client.query('UPDATE fact_cursor SET seq = $2, cursor = $3 WHERE table_id = $1', [tableId, cursor.seq, JSON.stringify(cursor)]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

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
export type FactState = { readonly id: string; readonly name: string; readonly cursor: FactCursor; readonly derivedBy: string };

/**
 * Every enrolled table's facts brought up to its rows at the floor — only the tables whose head moved past
 * their facts are derived — and where each stands then: one query for all tables, not a few per table.
 */
export async function refreshedFactStates(pool: pg.Pool): Promise<FactState[]> {
  const behind = await pool.query<{ id: string }>('SELECT t.id FROM floor_table t LEFT JOIN chain_head h ON h.table_id = t.id LEFT JOIN fact_cursor c ON c.table_id = t.id WHERE c.seq IS NULL OR coalesce(h.seq, 0) > c.seq');
  for (const { id } of behind.rows) await refreshFacts(pool, id);
  const states = await pool.query<{ id: string; name: string; cursor: FactCursor | null; derived_by: string | null }>('SELECT t.id, t.name, c.cursor, c.derived_by FROM floor_table t LEFT JOIN fact_cursor c ON c.table_id = t.id ORDER BY t.name');
  return states.rows.map((row) => ({ id: row.id, name: row.name, cursor: row.cursor ?? FIRST_CURSOR, derivedBy: row.derived_by ?? FACTS_DERIVED_BY }));
}
