import { MAX_BATCH_ROWS, MAX_PAYLOAD_CHARS, type RowBatch, type WireRow } from './wire.js';

/**
 * How a batch of rows travels to the floor (`POST /v1/rows`, D117): as lines of text, each row one line of
 * five fields split by tabs — nothing escaped, nothing to unescape. A row's payload is Felt's canonical JSON,
 * which writes a tab or a line break inside a string as `\t` or `\n` and never between values, and a command
 * id or a hash never holds one, so a tab and a line break are never part of a field. Sent as JSON, every
 * quote of every payload was escaped by the table and unescaped by the floor, and each row's five names
 * written and read: a third of the bytes and most of the floor's parsing. The floor still checks every row
 * on its own (`checkBatch`); these are the lines' shape only.
 *
 *     felt-rows 1 t-0123456789ab          the format, its version, the table's id
 *     42<TAB>prev_hash<TAB>hash<TAB>command id<TAB>payload
 *     43<TAB>…
 *
 * Every line ends with a line break; the text is UTF-8.
 */
export const ROWS_CONTENT_TYPE = 'application/x-felt-rows; charset=utf-8';

const HEADER = 'felt-rows 1 ';
const TABLE_ID = /^t-[0-9a-f]{12}$/;
const HASH = /^[0-9a-f]{64}$/;
const SEQ = /^[1-9][0-9]{0,15}$/;
const HASH_CHARS = 64;
const TAB = 9;
const MAX_COMMAND_ID = 200;

/** A batch as the floor takes it. */
export function rowLines(batch: RowBatch): string {
  let text = `${HEADER}${batch.table}\n`;
  for (const row of batch.rows) text += `${row.seq}\t${row.prev_hash}\t${row.hash}\t${row.command_id}\t${row.payload}\n`;
  return text;
}

/**
 * A batch read back from its lines, or what is wrong with them (the line named). The hashes are checked for
 * their length here and for their digits where nothing else does: the first row's previous hash (every
 * later one must equal the row before's hash) — a row's own hash must equal the hash of its content, which
 * `checkBatch` and the database work out, in hex.
 */
export function parseRowLines(text: string): { readonly ok: true; readonly batch: RowBatch } | { readonly ok: false; readonly problem: string } {
  const bad = (problem: string): { ok: false; problem: string } => ({ ok: false, problem });
  const headerEnd = text.indexOf('\n');
  if (headerEnd < 0 || !text.startsWith(HEADER)) return bad(`the rows do not begin with the line '${HEADER}<table>' (Felt's row lines, version 1)`);
  const table = text.slice(HEADER.length, headerEnd);
  if (!TABLE_ID.test(table)) return bad("the first line's table is not a table's id (t- and 12 hex digits)");
  if (!text.endsWith('\n')) return bad('the last line does not end with a line break: the rows were cut');
  const rows: WireRow[] = [];
  let at = headerEnd + 1;
  for (let line = 2; at < text.length; line++) {
    if (rows.length === MAX_BATCH_ROWS) return bad(`more than ${MAX_BATCH_ROWS.toLocaleString('en')} rows: send fewer at once`);
    const end = text.indexOf('\n', at);
    const seqEnd = text.indexOf('\t', at);
    const previousEnd = seqEnd + 1 + HASH_CHARS;
    const hashEnd = previousEnd + 1 + HASH_CHARS;
    const commandEnd = hashEnd < end ? text.indexOf('\t', hashEnd + 1) : -1;
    if (seqEnd < 0 || seqEnd > end || text.charCodeAt(previousEnd) !== TAB || text.charCodeAt(hashEnd) !== TAB || commandEnd < 0 || commandEnd > end) {
      return bad(`line ${line}: not a row's five fields (row, previous hash, hash, command id, payload) split by tabs, the hashes 64 characters`);
    }
    const seq = text.slice(at, seqEnd);
    if (!SEQ.test(seq) || !Number.isSafeInteger(Number(seq))) return bad(`line ${line}: the row's number is not a whole number from 1`);
    const commandId = text.slice(hashEnd + 1, commandEnd);
    if (commandId.length < 1 || commandId.length > MAX_COMMAND_ID) return bad(`line ${line}: the command id is not 1 to ${MAX_COMMAND_ID} characters`);
    const payload = text.slice(commandEnd + 1, end);
    if (payload.length < 2 || payload.length > MAX_PAYLOAD_CHARS) return bad(`line ${line}: the payload is not 2 to ${MAX_PAYLOAD_CHARS.toLocaleString('en')} characters`);
    const previous = text.slice(seqEnd + 1, previousEnd);
    if (rows.length === 0 && !HASH.test(previous)) return bad(`line ${line}: the previous hash is not 64 lower-case hex digits`);
    rows.push({ seq: Number(seq), prev_hash: previous, hash: text.slice(previousEnd + 1, hashEnd), command_id: commandId, payload });
    at = end + 1;
  }
  if (rows.length === 0) return bad('the batch holds no row');
  return { ok: true, batch: { table, rows } };
}
