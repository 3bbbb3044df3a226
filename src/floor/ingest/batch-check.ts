import { canonicalJson } from '../../store/canonical-json.js';
import { GENESIS_HASH, linkHash, type LogRow } from '../../store/store.js';
import { inHandAfter, payloadType } from '../link/hand-boundary.js';
import type { WireRow } from '../link/wire.js';

/** A control character, or half of a UTF-16 pair alone (text that cannot be written as UTF-8). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_OR_BROKEN = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A row the floor has checked on its own: Felt's row, with its payload's type. */
export type CheckedRow = LogRow & { readonly type: string };

export type BatchCheck = { readonly ok: true; readonly rows: readonly CheckedRow[] } | { readonly ok: false; readonly seq: number; readonly problem: string };

/**
 * What the floor checks of a batch before it looks at what it holds (D72), row by row with the table's own
 * code: the rows are numbered one after the other; each hashes, with the table's `linkHash`, to the hash it
 * carries; each links to the row before it in the batch (the first row of a log to the genesis); each
 * payload is what Felt writes — one JSON object with a `type`, in Felt's canonical JSON (`canonicalJson`
 * gives it back byte for byte), with no line break — and each command id is text without control
 * characters. Any other batch is refused, whole, with the first bad row.
 */
export function checkBatch(rows: readonly WireRow[]): BatchCheck {
  const checked: CheckedRow[] = [];
  let previous: WireRow | null = null;
  for (const row of rows) {
    const bad = (problem: string): BatchCheck => ({ ok: false, seq: row.seq, problem });
    if (previous !== null && row.seq !== previous.seq + 1) return bad(`the rows are not numbered one after the other (row ${row.seq} follows row ${previous.seq})`);
    if (previous !== null && row.prev_hash !== previous.hash) return bad('it does not link to the row before it in the batch');
    if (row.seq === 1 && row.prev_hash !== GENESIS_HASH) return bad("the log's first row does not link to the genesis (64 zeros)");
    if (CONTROL_OR_BROKEN.test(row.command_id)) return bad('its command id holds control characters or broken text, which Felt never writes');
    if (row.payload.includes('\n')) return bad('its payload holds a line break, which Felt never writes');
    if (linkHash(row.prev_hash, row.command_id, row.payload) !== row.hash) return bad("its content does not match its hash (the table's linkHash)");
    const type = payloadType(row.payload);
    if (type === null) return bad('its payload is not one of Felt\'s operations (a JSON object with a type)');
    if (!canonical(row.payload)) return bad("its payload is not in Felt's canonical JSON (it was written by something else)");
    checked.push({ seq: row.seq, command_id: row.command_id, payload: row.payload, prev_hash: row.prev_hash, hash: row.hash, type });
    previous = row;
  }
  return { ok: true, rows: checked };
}

/** Whether a payload is Felt's canonical JSON of itself; a payload nested too deep to write again is not. */
function canonical(payload: string): boolean {
  try {
    return canonicalJson(JSON.parse(payload)) === payload;
  } catch {
    return false;
  }
}

/** Whether rows that begin between hands (where every stored batch ends) end inside a hand in play, and the hand's first row if so. */
export function endsInHand(rows: readonly CheckedRow[]): number | null {
  let inHand = false;
  let from: number | null = null;
  for (const row of rows) {
    const next = inHandAfter(inHand, row.type);
    if (next && !inHand) from = row.seq;
    inHand = next;
  }
  return inHand ? from : null;
}
