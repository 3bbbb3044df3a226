import type pg from 'pg';
import type { Words } from '../../evaluator/words.js';
import type { Head, ShipAnswer } from '../link/wire.js';
import { type CheckedRow, endsInHand, firstWrongHash, refusedAt, WRONG_HASH } from './batch-check.js';

/**
 * Stores a table's checked batch (`checkBatch`) in the floor's copy of its log (D72): in one transaction
 * that holds the table's head row locked, so one table's batches are stored one after the other.
 *
 * - Rows the floor holds already are compared with what it holds: the same hash is the same row (a batch
 *   sent again, a retry after a lost answer), stored once; another hash is a fork.
 * - The first new row must follow the head: a batch that begins after it is a gap, stored nothing, and
 *   answered with the head so the table sends from there; one whose first new row does not link to the
 *   head is a fork too.
 * - A fork is never stored in place of what the floor holds: the batch is refused whole, and the first
 *   row that parts from the floor's copy is kept in `fork_incident` with the row as offered.
 * - The new rows must end between two hands (the table holds back a hand in play, D73): a batch ending
 *   inside one is refused.
 * - Every row's hash is its content's (D117): a new row's the database checks as it stores it (the schema's
 *   constraint, the one place it is worked out for a row stored); a row the floor holds already, and every
 *   row of a batch answered otherwise than stored, are checked here. A wrong one refuses the batch at it.
 * The database refuses, on its own, a row whose hash is not its content's or that does not link to the
 * row before it (the schema's constraint and trigger): a bug here cannot break a stored chain.
 */
export async function ingest(pool: pg.Pool, tableId: string, rows: readonly CheckedRow[]): Promise<ShipAnswer> {
  const first = rows[0];
  if (first === undefined) return { kind: 'refused', seq: null, words: { en: 'the batch holds no row', de: 'die Sendung enthält keine Zeile' } };
  const last = rows[rows.length - 1] as CheckedRow;
  const appended = await appendFollowing(pool, tableId, rows);
  if (appended !== null) return appended;
  const client = await pool.connect();
  let fork: { seq: number; storedHash: string | null; offered: CheckedRow; words: Words; head: Head } | null = null;
  // A batch answered otherwise than stored is answered at its first wrong hash if it has one, as the
  // table's own check would (a row changed in place is not a duplicate, nor a fork: it is not the table's).
  const answered = async (answer: ShipAnswer): Promise<ShipAnswer> => {
    const wrong = firstWrongHash(rows);
    await client.query('ROLLBACK');
    return wrong === null ? answer : refusedAt(wrong, WRONG_HASH);
  };
  try {
    await client.query('BEGIN');
    try {
      const headRow = await client.query<{ seq: number; hash: string }>('SELECT seq, hash FROM chain_head WHERE table_id = $1 FOR UPDATE', [tableId]);
      const head = headRow.rows[0];
      if (head === undefined) {
        await client.query('ROLLBACK');
        return { kind: 'refused', seq: null, words: { en: 'this table is not enrolled at the floor', de: 'dieser Tisch ist beim Floor nicht angemeldet' } };
      }
      if (first.seq > head.seq + 1) return await answered({ kind: 'gap', head });
      if (first.seq <= head.seq) {
        const stored = await client.query<{ seq: number; hash: string }>('SELECT seq, hash FROM log_row WHERE table_id = $1 AND seq BETWEEN $2 AND $3 ORDER BY seq', [tableId, first.seq, Math.min(last.seq, head.seq)]);
        const byRow = new Map(stored.rows.map((row) => [row.seq, row.hash]));
        for (const row of rows) {
          if (row.seq > head.seq) break;
          const held = byRow.get(row.seq);
          if (held !== row.hash) {
            fork = { seq: row.seq, storedHash: held ?? null, offered: row, head, words: forkWords(row.seq) };
            break;
          }
        }
      }
      const fresh = rows.filter((row) => row.seq > head.seq);
      const firstFresh = fresh[0];
      if (fork === null && firstFresh !== undefined && firstFresh.prev_hash !== head.hash) {
        fork = { seq: firstFresh.seq, storedHash: null, offered: firstFresh, head, words: unlinkedWords(firstFresh.seq, head.seq) };
      }
      if (fork !== null) {
        const answer = await answered({ kind: 'fork', seq: fork.seq, head, words: fork.words });
        if (answer.kind !== 'fork') return answer;
      } else if (firstFresh === undefined) {
        return await answered({ kind: 'stored', head, stored: 0, duplicates: rows.length });
      } else {
        const inHand = endsInHand(fresh);
        if (inHand !== null) {
          return await answered({
            kind: 'refused',
            seq: inHand,
            words: { en: `the batch ends inside the hand that begins at row ${inHand}: a hand's rows go to the floor once it is settled or void`, de: `die Sendung endet mitten in der Hand ab Zeile ${inHand}: die Zeilen einer Hand gehen erst an den Floor, wenn sie abgerechnet oder ungültig ist` },
          });
        }
        // The rows the floor holds already: their hashes are checked here, the new rows' by the database.
        const held = firstWrongHash(rows.slice(0, rows.length - fresh.length));
        if (held !== null) {
          await client.query('ROLLBACK');
          return refusedAt(held, WRONG_HASH);
        }
        const wrong = await insertRows(client, tableId, fresh);
        if (wrong !== null) {
          await client.query('ROLLBACK');
          return refusedAt(wrong, WRONG_HASH);
        }
        const newHead = { seq: last.seq, hash: last.hash };
        await client.query('UPDATE chain_head SET seq = $2, hash = $3, moved_at = now() WHERE table_id = $1', [tableId, newHead.seq, newHead.hash]);
        await client.query('COMMIT');
        return { kind: 'stored', head: newHead, stored: fresh.length, duplicates: rows.length - fresh.length };
      }
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
  // The fork is kept (once per row offered) outside the refused batch's transaction.
  await pool.query(
    `INSERT INTO fork_incident (table_id, seq, stored_hash, offered_hash, offered_row, words) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (table_id, seq, offered_hash) DO NOTHING`,
    [tableId, fork.seq, fork.storedHash, fork.offered.hash, JSON.stringify(fork.offered), fork.words.en],
  );
  return { kind: 'fork', seq: fork.seq, head: fork.head, words: fork.words };
}

/**
 * A batch that follows the floor's head as it is, stored in one call (D118: `floor_append`, which locks the
 * head, inserts the rows and moves the head in one statement): the answer, or null when the batch does not
 * follow the head, ends inside a hand or holds a value that does not split into lines — the long way then
 * stores or answers it. A row whose hash the database refuses is named as `insertRows` names it.
 */
async function appendFollowing(pool: pg.Pool, tableId: string, rows: readonly CheckedRow[]): Promise<ShipAnswer | null> {
  const first = rows[0] as CheckedRow;
  const last = rows[rows.length - 1] as CheckedRow;
  if (endsInHand(rows) !== null) return null;
  const { lines, columns } = batchColumns(rows);
  if (!lines) return null;
  try {
    const appended = await pool.query<{ stored: boolean }>('SELECT floor_append($1, $2, $3, $4, $5, $6, $7, $8, $9) AS stored', [tableId, first.seq, first.prev_hash, last.hash, ...columns]);
    if (appended.rows[0]?.stored !== true) return null;
  } catch (error) {
    return refusedAt(wrongHashIn(error, rows), WRONG_HASH);
  }
  return { kind: 'stored', head: { seq: last.seq, hash: last.hash }, stored: rows.length, duplicates: 0 };
}

/**
 * The row PostgreSQL refused a statement for, when it refused it for a row whose hash is not its content's
 * (`log_row_hash`): found among `rows` by the table's own hash. Any other error is thrown on.
 */
function wrongHashIn(error: unknown, rows: readonly CheckedRow[]): number {
  const refused = error as { code?: unknown; constraint?: unknown } | null;
  const wrong = refused?.code === '23514' && refused.constraint === 'log_row_hash' ? firstWrongHash(rows) : null;
  if (wrong === null) throw error;
  return wrong;
}

/**
 * Inserts a batch's new rows (in the caller's transaction): null when stored, else the first row whose hash
 * the database refused as not its content's (the statement is then undone; the caller rolls back).
 */
async function insertRows(client: pg.PoolClient, tableId: string, fresh: readonly CheckedRow[]): Promise<number | null> {
  try {
    await client.query(...rowsInsert(tableId, fresh));
    return null;
  } catch (error) {
    return wrongHashIn(error, fresh);
  }
}

/**
 * The statement that stores the rows (D112): each text column as one text, its values one a line, split
 * by PostgreSQL (`string_to_array`) — node-postgres writes an array parameter element by element, escaping
 * each in JavaScript, and PostgreSQL parses the quoted elements back; a payload is JSON full of quotes.
 * The rows' numbers are not sent at all: they follow one another (`checkBatch`), so PostgreSQL counts them
 * from the first (`WITH ORDINALITY`, D117). Felt's rows never hold a line break (`checkBatch` refuses a
 * payload or command id with one, and a hash is hex or refused by the database), but a payload's parsed type
 * may, and an empty text would split to no value: a batch with such a value is sent as arrays, as before.
 * Either way the same rows, each value as it came.
 */
export function rowsInsert(tableId: string, rows: readonly CheckedRow[]): [string, unknown[]] {
  const { lines, columns } = batchColumns(rows);
  const from = lines
    ? "unnest(string_to_array($3, E'\\n'), string_to_array($4, E'\\n'), string_to_array($5, E'\\n'), string_to_array($6, E'\\n'), string_to_array($7, E'\\n'))"
    : 'unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[])';
  return [
    `INSERT INTO log_row (table_id, seq, command_id, type, payload, prev_hash, hash)
     SELECT $1, $2::bigint + r.n - 1, r.command_id, r.type, r.payload, r.prev_hash, r.hash
       FROM ${from} WITH ORDINALITY AS r (command_id, type, payload, prev_hash, hash, n)`,
    [tableId, rows[0]?.seq ?? 1, ...columns],
  ];
}

/**
 * A batch's five text columns (command id, type, payload, previous hash, hash), each as one text of lines
 * where every value splits back as it went, else each as an array. The rows must follow one another.
 */
function batchColumns(rows: readonly CheckedRow[]): { readonly lines: true; readonly columns: readonly string[] } | { readonly lines: false; readonly columns: readonly string[][] } {
  const first = rows[0]?.seq ?? 1;
  const commandIds: string[] = [];
  const types: string[] = [];
  const payloads: string[] = [];
  const previous: string[] = [];
  const hashes: string[] = [];
  let lines = true;
  for (const [index, row] of rows.entries()) {
    if (row.seq !== first + index) throw new Error(`batchColumns: row ${row.seq} does not follow row ${first + index - 1}`);
    commandIds.push(row.command_id);
    types.push(row.type);
    payloads.push(row.payload);
    previous.push(row.prev_hash);
    hashes.push(row.hash);
    // A value that would not survive the split (empty, or holding a line break): arrays.
    if (lines && !(splits(row.command_id) && splits(row.type) && splits(row.payload) && splits(row.prev_hash) && splits(row.hash))) lines = false;
  }
  const columns = [commandIds, types, payloads, previous, hashes];
  return lines ? { lines, columns: columns.map((values) => values.join('\n')) } : { lines, columns };
}

/** Whether a text comes back from its column of lines as it went: not empty, no line break in it. */
function splits(value: string): boolean {
  return value !== '' && !value.includes('\n');
}

function forkWords(seq: number): Words {
  return {
    en: `the floor holds another row ${seq} of this table's log: the table's log was changed, or restored from an older copy — the floor keeps its own copy and refuses the rows that part from it; the floor must look at this table`,
    de: `der Floor hat eine andere Zeile ${seq} im Protokoll dieses Tisches: das Protokoll wurde geändert oder aus einer älteren Kopie wiederhergestellt — der Floor behält seine Kopie und lehnt die abweichenden Zeilen ab; der Floor muss diesen Tisch prüfen`,
  };
}

function unlinkedWords(seq: number, headSeq: number): Words {
  return {
    en: `row ${seq} does not follow the floor's row ${headSeq} of this table's log: the table's log was changed before it, or restored from an older copy — the floor keeps its own copy and refuses the rows that part from it; the floor must look at this table`,
    de: `Zeile ${seq} folgt nicht auf die Zeile ${headSeq} des Floors im Protokoll dieses Tisches: das Protokoll wurde davor geändert oder aus einer älteren Kopie wiederhergestellt — der Floor behält seine Kopie und lehnt die abweichenden Zeilen ab; der Floor muss diesen Tisch prüfen`,
  };
}

/** Where the floor's copy of a table's log ends. */
export async function storedHead(pool: pg.Pool, tableId: string): Promise<Head | null> {
  const found = await pool.query<{ seq: number; hash: string }>('SELECT seq, hash FROM chain_head WHERE table_id = $1', [tableId]);
  return found.rows[0] ?? null;
}
