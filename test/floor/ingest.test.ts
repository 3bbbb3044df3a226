import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBatch } from '../../src/floor/ingest/batch-check.js';
import { ingest, rowsInsert, storedHead } from '../../src/floor/ingest/ingest.js';
import { enrolTable } from '../../src/floor/link/enrol.js';
import { FloorClient } from '../../src/floor/link/floor-client.js';
import type { WireRow } from '../../src/floor/link/wire.js';
import { SimulatedTable } from '../../src/floor/sim/simulated-table.js';
import { canonicalJson } from '../../src/store/canonical-json.js';
import { linkHash, type LogRow } from '../../src/store/store.js';
import { startTestFloor, type TestFloor } from './support.js';

let floor: TestFloor;
let rows: LogRow[];

beforeAll(async () => {
  floor = await startTestFloor();
  const table = SimulatedTable.open(join(floor.folder, 'source.db'), { hands: 12, seed: 7 });
  table.playAll();
  rows = [...table.store.rows()];
  table.close();
}, 60_000);

afterAll(async () => {
  await floor.close();
});

/** A table enrolled at the test floor: its id and a client with its credential. */
async function enrolled(name: string): Promise<{ id: string; client: FloorClient }> {
  const link = await enrolTable(join(floor.folder, `${name}.db`), await floor.enrolment(name));
  return { id: link.table.id, client: new FloorClient(link.address, link.fingerprint, link.certificate, { tableId: link.table.id, secret: link.credential }) };
}

/** Rows `from` to `to` (1-based, inclusive) of the simulated log. */
function slice(from: number, to: number): LogRow[] {
  return rows.slice(from - 1, to);
}

/** The row that ends the `n`th hand (settled or void). */
function handEnd(n: number): number {
  const ends = rows.filter((row) => /^\{.*"type":"hand-(settled|voided)"\}$/.test(row.payload) && (JSON.parse(row.payload) as { type: string }).type.startsWith('hand-'));
  const row = ends[n - 1];
  if (row === undefined) throw new Error(`the log has ${ends.length} hands`);
  return row.seq;
}

describe("the floor's ingest", () => {
  it('stores a table log in batches, each row once, and answers a batch sent again with the same head', async () => {
    const { id } = await enrolled('Table 1');
    const pool = floor.database.pool;
    const cut = handEnd(6);
    const first = await ingest(pool, id, checked(slice(1, cut)));
    expect(first).toEqual({ kind: 'stored', head: { seq: cut, hash: rows[cut - 1]?.hash }, stored: cut, duplicates: 0 });
    // The same batch again: stored once.
    expect(await ingest(pool, id, checked(slice(1, cut)))).toMatchObject({ kind: 'stored', stored: 0, duplicates: cut });
    // Overlapping the stored rows and going on: the new rows only.
    const rest = await ingest(pool, id, checked(slice(cut - 5, rows.length)));
    expect(rest).toMatchObject({ kind: 'stored', stored: rows.length - cut, duplicates: 6 });
    expect(await storedHead(pool, id)).toEqual({ seq: rows.length, hash: rows[rows.length - 1]?.hash });
    const count = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM log_row WHERE table_id = $1', [id]);
    expect(count.rows[0]?.n).toBe(rows.length);
  });

  it('stores every value as sent, whether the batch goes to PostgreSQL as text columns of lines or, where a value would not, as arrays', async () => {
    const pool = floor.database.pool;
    const stored = async (id: string): Promise<unknown[]> => (await pool.query('SELECT seq, command_id, type, payload, prev_hash, hash FROM log_row WHERE table_id = $1 ORDER BY seq', [id])).rows;
    const cut = handEnd(3);
    const plain = checked(slice(1, cut));
    expect(rowsInsert('t-000000000000', plain)[0]).toMatch(/string_to_array/);
    const lines = await enrolled('Table 1b');
    expect(await ingest(pool, lines.id, plain)).toMatchObject({ kind: 'stored', stored: cut });
    expect(await stored(lines.id)).toEqual(plain.map((row) => ({ seq: row.seq, command_id: row.command_id, type: row.type, payload: row.payload, prev_hash: row.prev_hash, hash: row.hash })));
    // A payload whose type holds a line break (JSON writes it as \n), and an empty command id: as arrays.
    const odd = chainedFrom(
      [
        { seq: 1, command_id: '', payload: canonicalJson({ type: 'a\nb' }), prev_hash: '', hash: '' },
        { seq: 2, command_id: 'c-2', payload: canonicalJson({ note: '', type: 'x' }), prev_hash: '', hash: '' },
      ],
      '0'.repeat(64),
    );
    const oddChecked = checked(odd);
    expect(oddChecked.map((row) => row.type)).toEqual(['a\nb', 'x']);
    expect(rowsInsert('t-000000000000', oddChecked)[0]).not.toMatch(/string_to_array/);
    expect(rowsInsert('t-000000000000', oddChecked.slice(1))[0]).toMatch(/string_to_array/);
    const arrays = await enrolled('Table 1c');
    expect(await ingest(pool, arrays.id, oddChecked)).toMatchObject({ kind: 'stored', stored: 2 });
    expect(await stored(arrays.id)).toEqual(oddChecked.map((row) => ({ seq: row.seq, command_id: row.command_id, type: row.type, payload: row.payload, prev_hash: row.prev_hash, hash: row.hash })));
  });

  it('answers a batch that begins after its head with the head, and stores nothing (a gap waits)', async () => {
    const { id } = await enrolled('Table 2');
    const cut = handEnd(1);
    const answer = await ingest(floor.database.pool, id, checked(slice(cut + 1, rows.length)));
    expect(answer).toEqual({ kind: 'gap', head: { seq: 0, hash: '0'.repeat(64) } });
    expect(await storedHead(floor.database.pool, id)).toEqual({ seq: 0, hash: '0'.repeat(64) });
  });

  it('refuses a batch that ends inside a hand in play: no hole card of it is stored', async () => {
    const { id } = await enrolled('Table 3');
    const start = rows.findIndex((row) => row.payload.includes('"type":"hand-positions"')) + 1;
    const answer = await ingest(floor.database.pool, id, checked(slice(1, start + 5)));
    expect(answer).toMatchObject({ kind: 'refused', seq: start });
    expect(await storedHead(floor.database.pool, id)).toMatchObject({ seq: 0 });
  });

  it('never overwrites a stored row with another (a fork): the batch is refused whole and the fork kept as an incident', async () => {
    const { id } = await enrolled('Table 4');
    const pool = floor.database.pool;
    const cut = handEnd(3);
    await ingest(pool, id, checked(slice(1, cut)));
    // The table's log rewritten from row 10 with a consistent chain (a row changed, every hash after it recomputed).
    const forged = rechained(rows.slice(0, cut), 10, (payload) => canonicalJson({ ...(JSON.parse(payload) as object), forged: true }));
    expect(forged[9]?.hash).not.toBe(rows[9]?.hash);
    const answer = await ingest(pool, id, checked(forged));
    expect(answer).toMatchObject({ kind: 'fork', seq: 10 });
    expect(await storedHead(pool, id)).toEqual({ seq: cut, hash: rows[cut - 1]?.hash });
    const incidents = await pool.query<{ seq: number; stored_hash: string; offered_hash: string }>('SELECT seq, stored_hash, offered_hash FROM fork_incident WHERE table_id = $1', [id]);
    expect(incidents.rows).toEqual([{ seq: 10, stored_hash: rows[9]?.hash, offered_hash: forged[9]?.hash }]);
    // Sent again: one incident still.
    await ingest(pool, id, checked(forged));
    expect((await pool.query('SELECT 1 FROM fork_incident WHERE table_id = $1', [id])).rowCount).toBe(1);
    // A log rewritten before the head that only sends what follows it: its first new row does not link to the floor's head.
    const tail = chainedFrom(rows.slice(cut, handEnd(4)), 'f'.repeat(64));
    expect(await ingest(pool, id, checked(tail))).toMatchObject({ kind: 'fork', seq: cut + 1 });
    const unlinked = await pool.query<{ stored_hash: string | null }>('SELECT stored_hash FROM fork_incident WHERE table_id = $1 AND seq = $2', [id, cut + 1]);
    expect(unlinked.rows).toEqual([{ stored_hash: null }]);
    expect(await storedHead(pool, id)).toEqual({ seq: cut, hash: rows[cut - 1]?.hash });
  });

  it("refuses a row whose content is not its hash's, wherever it is in the batch and whatever the answer would be: nothing stored (D117)", async () => {
    const { id } = await enrolled('Table 4b');
    const pool = floor.database.pool;
    const cut = handEnd(2);
    const next = handEnd(3);
    // A payload changed in place, its hash kept: only the hash can tell (the table's check of the batch leaves it to the database).
    const changed = (row: LogRow): LogRow => ({ ...row, payload: canonicalJson({ ...(JSON.parse(row.payload) as object), forged: true }) });
    const lastChanged = slice(1, cut).map((row) => (row.seq === cut ? changed(row) : row));
    expect(checkBatch(lastChanged)).toMatchObject({ ok: true });
    expect(await ingest(pool, id, checked(lastChanged))).toEqual({ kind: 'refused', seq: cut, words: { en: `row ${cut}: its content does not match its hash (the table's linkHash)`, de: expect.stringMatching(new RegExp(`^Zeile ${cut}: `)) } });
    expect(await storedHead(pool, id)).toEqual({ seq: 0, hash: '0'.repeat(64) });
    expect((await pool.query('SELECT 1 FROM log_row WHERE table_id = $1', [id])).rowCount).toBe(0);
    await ingest(pool, id, checked(slice(1, cut)));
    // A row the floor holds, changed in place and sent again with new rows after it: not a duplicate, not a fork.
    const heldChanged = slice(cut - 2, next).map((row) => (row.seq === cut - 1 ? changed(row) : row));
    expect(await ingest(pool, id, checked(heldChanged))).toMatchObject({ kind: 'refused', seq: cut - 1, words: { en: expect.stringMatching(/hash/) } });
    // Sent again alone (every row held) and beyond the head (a gap): the same refusal, not 'stored' nor 'gap'.
    expect(await ingest(pool, id, checked(heldChanged.filter((row) => row.seq <= cut)))).toMatchObject({ kind: 'refused', seq: cut - 1 });
    expect(await ingest(pool, id, checked(slice(cut + 2, next).map((row) => (row.seq === next ? changed(row) : row))))).toMatchObject({ kind: 'refused', seq: next });
    expect(await storedHead(pool, id)).toEqual({ seq: cut, hash: rows[cut - 1]?.hash });
    expect((await pool.query('SELECT 1 FROM fork_incident WHERE table_id = $1', [id])).rowCount).toBe(0);
    // The same rows unchanged are stored.
    expect(await ingest(pool, id, checked(slice(cut - 2, next)))).toMatchObject({ kind: 'stored', stored: next - cut, duplicates: 3 });
  });

  it('refuses rows the table did not write: a wrong hash, a broken link, a payload not in canonical JSON', () => {
    const good = slice(1, 5);
    expect(checkBatch(good.map((row, index) => (index === 2 ? { ...row, payload: row.payload.replace('"type"', '"type" ') } : row)))).toMatchObject({ ok: false, seq: 3 });
    expect(checkBatch(good.map((row, index) => (index === 2 ? { ...row, hash: 'a'.repeat(64) } : row)))).toMatchObject({ ok: false, seq: 3, problem: expect.stringMatching(/hash/) });
    const reordered = JSON.stringify(JSON.parse((good[1] as LogRow).payload), Object.keys(JSON.parse((good[1] as LogRow).payload) as object).reverse());
    expect(checkBatch([good[0] as WireRow, relinkedPayload(good[1] as LogRow, reordered)])).toMatchObject({ ok: false, seq: 2, problem: expect.stringMatching(/canonical/) });
    expect(checkBatch([good[0] as WireRow, good[2] as WireRow])).toMatchObject({ ok: false, seq: 3 });
    expect(checkBatch([relinkedPayload(good[0] as LogRow, '[1,2]')])).toMatchObject({ ok: false, seq: 1, problem: expect.stringMatching(/operations/) });
    // Nested deeper than canonical JSON can write again (the table never writes it): refused, not a crash.
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)},"type":"x"}`;
    expect(checkBatch([relinkedPayload(good[0] as LogRow, deep)])).toMatchObject({ ok: false, seq: 1, problem: expect.stringMatching(/canonical/) });
    // Canonical JSON is checked the quick way where it can be, and by canonicalJson itself where not (D100):
    // keys that look like numbers (which JavaScript puts first) in canonical order pass; keys out of order, or
    // written with spaces, do not.
    const numbered = canonicalJson({ type: 'x', '10': 1, '9': 2 });
    expect(numbered).toBe('{"10":1,"9":2,"type":"x"}');
    expect(checkBatch([relinkedPayload(good[0] as LogRow, numbered)])).toMatchObject({ ok: true });
    expect(checkBatch([relinkedPayload(good[0] as LogRow, '{"9":2,"10":1,"type":"x"}')])).toMatchObject({ ok: false, problem: expect.stringMatching(/canonical/) });
    expect(checkBatch([relinkedPayload(good[0] as LogRow, '{"type":"x","a":{"c":1,"b":2}}')])).toMatchObject({ ok: false, problem: expect.stringMatching(/canonical/) });
    expect(checkBatch([relinkedPayload(good[0] as LogRow, '{"a":{"b":2,"c":1},"type":"x"}')])).toMatchObject({ ok: true });
    expect(checkBatch([relinkedPayload(good[0] as LogRow, '{"a":[{"d":1,"c":2}],"type":"x"}')])).toMatchObject({ ok: false, problem: expect.stringMatching(/canonical/) });
    expect(checkBatch([relinkedPayload(good[0] as LogRow, '{"a": 1,"type":"x"}')])).toMatchObject({ ok: false, problem: expect.stringMatching(/canonical/) });
    expect(checkBatch([relinkedPayload(good[0] as LogRow, '{"a":1.0,"type":"x"}')])).toMatchObject({ ok: false, problem: expect.stringMatching(/canonical/) });
    expect(checkBatch([relinkedPayload(good[0] as LogRow, '{"a":"\\u0041","type":"x"}')])).toMatchObject({ ok: false, problem: expect.stringMatching(/canonical/) });
    expect(checkBatch([{ ...(good[0] as LogRow), command_id: 'a\u0000b', hash: linkHash((good[0] as LogRow).prev_hash, 'a\u0000b', (good[0] as LogRow).payload) }])).toMatchObject({ ok: false, problem: expect.stringMatching(/control/) });
  });

  it('refuses, in the database itself, a row that does not hash to its content or link to the row before, and every change or removal', async () => {
    const { id } = await enrolled('Table 5');
    const pool = floor.database.pool;
    const cut = handEnd(2);
    await ingest(pool, id, checked(slice(1, cut)));
    const next = rows[cut] as LogRow;
    const insert = (row: LogRow): Promise<unknown> => pool.query('INSERT INTO log_row (table_id, seq, command_id, type, payload, prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7)', [id, row.seq, row.command_id, 'x', row.payload, row.prev_hash, row.hash]);
    await expect(insert({ ...next, hash: 'b'.repeat(64) })).rejects.toThrow(/log_row_hash/);
    await expect(insert(relinked(next, 'c'.repeat(64)))).rejects.toThrow(/does not link/);
    await expect(pool.query("UPDATE log_row SET payload = payload WHERE table_id = $1 AND seq = 3", [id])).rejects.toThrow(/append-only/);
    await expect(pool.query('DELETE FROM log_row WHERE table_id = $1 AND seq = $2', [id, cut])).rejects.toThrow(/append-only/);
    await expect(pool.query('TRUNCATE log_row CASCADE')).rejects.toThrow(/append-only/);
    await expect(pool.query('UPDATE chain_head SET seq = 1, hash = $2 WHERE table_id = $1', [id, rows[0]?.hash])).rejects.toThrow(/moves only forward/);
    // Many rows in one statement (as the ingest inserts a batch): one that does not link, in the middle, refuses the statement whole.
    const three = slice(cut + 1, cut + 3);
    const many = (batch: readonly LogRow[]): Promise<unknown> =>
      pool.query('INSERT INTO log_row (table_id, seq, command_id, type, payload, prev_hash, hash) SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])', [id, batch.map((row) => row.seq), batch.map((row) => row.command_id), batch.map(() => 'x'), batch.map((row) => row.payload), batch.map((row) => row.prev_hash), batch.map((row) => row.hash)]);
    await expect(many([three[0] as LogRow, relinked(three[1] as LogRow, 'd'.repeat(64)), three[2] as LogRow])).rejects.toThrow(new RegExp(`row ${cut + 2} of table ${id} does not link`));
    await expect(many([relinked(three[0] as LogRow, 'e'.repeat(64)), ...three.slice(1)])).rejects.toThrow(new RegExp(`row ${cut + 1} of table ${id} does not link`));
    // Checked once per statement (D112): a row whose row before is missing from the statement and from the
    // stored rows, and a row of another table in the same statement that does not link, are refused too.
    await expect(many([three[0] as LogRow, three[2] as LogRow])).rejects.toThrow(new RegExp(`row ${cut + 3} of table ${id} does not link`));
    const other = await enrolled('Table 5b');
    await ingest(pool, other.id, checked(slice(1, cut)));
    const twoTables = (batch: readonly { table: string; row: LogRow }[]): Promise<unknown> =>
      pool.query('INSERT INTO log_row (table_id, seq, command_id, type, payload, prev_hash, hash) SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])', [batch.map((one) => one.table), batch.map((one) => one.row.seq), batch.map((one) => one.row.command_id), batch.map(() => 'x'), batch.map((one) => one.row.payload), batch.map((one) => one.row.prev_hash), batch.map((one) => one.row.hash)]);
    await expect(twoTables([{ table: id, row: three[0] as LogRow }, { table: other.id, row: relinked(three[0] as LogRow, 'f'.repeat(64)) }])).rejects.toThrow(new RegExp(`row ${cut + 1} of table ${other.id} does not link`));
    await twoTables([{ table: id, row: three[0] as LogRow }, { table: other.id, row: three[0] as LogRow }, { table: id, row: three[1] as LogRow }]);
    expect((await pool.query('SELECT table_id, seq FROM log_row WHERE seq > $1 AND table_id = ANY($2) ORDER BY table_id, seq', [cut, [id, other.id]])).rows).toEqual(
      [
        { table_id: id, seq: cut + 1 },
        { table_id: id, seq: cut + 2 },
        { table_id: other.id, seq: cut + 1 },
      ].sort((a, b) => (a.table_id < b.table_id ? -1 : a.table_id > b.table_id ? 1 : a.seq - b.seq)),
    );
    expect(await storedHead(pool, id)).toEqual({ seq: cut, hash: rows[cut - 1]?.hash });
    const stored = await pool.query('SELECT count(*)::int AS n FROM log_row WHERE table_id = $1', [id]);
    expect(stored.rows[0]).toEqual({ n: cut + 2 });
    // The table a row belongs to, checked once per statement (D115): a log's first row must name an enrolled
    // table (every later row links back to one), and a table whose log the floor holds is never deleted.
    const first = rows[0] as LogRow;
    await expect(pool.query('INSERT INTO log_row (table_id, seq, command_id, type, payload, prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7)', ['t-000000000000', first.seq, first.command_id, 'x', first.payload, first.prev_hash, first.hash])).rejects.toThrow(
      /row 1 of table t-000000000000 names no table the floor enrolled/,
    );
    await expect(pool.query('DELETE FROM floor_table WHERE id = $1', [id])).rejects.toThrow(new RegExp(`table ${id} has log rows at the floor: it cannot be deleted`));
    // The forks kept by the test before: evidence, never removed.
    await expect(pool.query('DELETE FROM fork_incident')).rejects.toThrow(/append-only/);
    expect(await storedHead(pool, id)).toEqual({ seq: cut, hash: rows[cut - 1]?.hash });
  });
});

function checked(batch: readonly WireRow[]): ReturnType<typeof checkBatch> extends infer R ? (R extends { ok: true; rows: infer Rows } ? Rows : never) : never {
  const result = checkBatch(batch);
  if (!result.ok) throw new Error(`row ${result.seq}: ${result.problem}`);
  return result.rows;
}

/** Rows with the payloads from `from` (1-based) changed by `change`, and the chain recomputed after: a consistent rewrite. */
function rechained(source: readonly LogRow[], from: number, change: (payload: string) => string): LogRow[] {
  const out: LogRow[] = [];
  let previous = from === 1 ? '0'.repeat(64) : (source[from - 2] as LogRow).hash;
  for (const row of source) {
    if (row.seq < from) {
      out.push(row);
      continue;
    }
    const payload = row.seq === from ? change(row.payload) : row.payload;
    const hash = linkHash(previous, row.command_id, payload);
    out.push({ ...row, payload, prev_hash: previous, hash });
    previous = hash;
  }
  return out;
}

/** The rows chained anew from `previous`. */
function chainedFrom(source: readonly LogRow[], previous: string): LogRow[] {
  let last = previous;
  return source.map((row) => {
    const next = relinked(row, last);
    last = next.hash;
    return next;
  });
}

function relinked(row: LogRow, previous: string): LogRow {
  return { ...row, prev_hash: previous, hash: linkHash(previous, row.command_id, row.payload) };
}

function relinkedPayload(row: LogRow, payload: string): LogRow {
  return { ...row, payload, hash: linkHash(row.prev_hash, row.command_id, payload) };
}
