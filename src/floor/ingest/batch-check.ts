import { canonicalJson } from '../../store/canonical-json.js';
import { canonicalType } from './canonical-scan.js';
import { GENESIS_HASH, linkHash, type LogRow } from '../../store/store.js';
import { inHandAfter } from '../link/hand-boundary.js';
import type { ShipAnswer, WireRow } from '../link/wire.js';

/** A control character, or half of a UTF-16 pair alone (text that cannot be written as UTF-8). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_OR_BROKEN = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A row the floor has checked on its own: Felt's row, with its payload's type. */
export type CheckedRow = LogRow & { readonly type: string };

export type BatchCheck = { readonly ok: true; readonly rows: readonly CheckedRow[] } | { readonly ok: false; readonly seq: number; readonly problem: string };

/**
 * What the floor checks of a batch before it looks at what it holds (D72), row by row with the table's own
 * code: the rows are numbered one after the other; each links to the row before it in the batch (the first
 * row of a log to the genesis); each payload is what Felt writes — one JSON object with a `type`, in Felt's
 * canonical JSON (`canonicalJson` gives it back byte for byte), with no line break — and each command id is
 * text without control characters. Any other batch is refused, whole, with the first bad row.
 *
 * Each row's hash (the table's `linkHash` of its content) is worked out once, where the row is kept (D117):
 * for a new row by the database, whose constraint refuses a row that does not hash to its content, and
 * for a row the floor holds already, or a batch that is not stored, by `firstWrongHash` (`ingest`). A
 * batch refused here is refused at a wrong hash before the bad row, as it is the first bad row.
 */
export function checkBatch(rows: readonly WireRow[]): BatchCheck {
  const checked: CheckedRow[] = [];
  let previous: WireRow | null = null;
  for (const [index, row] of rows.entries()) {
    const bad = (problem: string): BatchCheck => {
      const wrongHash = firstWrongHash(rows.slice(0, index + 1));
      return wrongHash === null ? { ok: false, seq: row.seq, problem } : { ok: false, seq: wrongHash, problem: WRONG_HASH };
    };
    if (previous !== null && row.seq !== previous.seq + 1) return bad(`the rows are not numbered one after the other (row ${row.seq} follows row ${previous.seq})`);
    if (previous !== null && row.prev_hash !== previous.hash) return bad('it does not link to the row before it in the batch');
    if (row.seq === 1 && row.prev_hash !== GENESIS_HASH) return bad("the log's first row does not link to the genesis (64 zeros)");
    if (CONTROL_OR_BROKEN.test(row.command_id)) return bad('its command id holds control characters or broken text, which Felt never writes');
    if (row.payload.includes('\n')) return bad('its payload holds a line break, which Felt never writes');
    // Read once, left to right, where it surely is Felt's (D117); else parsed once, for its type and its
    // canonical form both (D100), which words what is wrong.
    const type = canonicalType(row.payload) ?? operationType(row.payload);
    if (typeof type !== 'string') return bad(type.problem);
    checked.push({ seq: row.seq, command_id: row.command_id, payload: row.payload, prev_hash: row.prev_hash, hash: row.hash, type });
    previous = row;
  }
  return { ok: true, rows: checked };
}

/** Why a row whose hash is not its content's is refused. */
export const WRONG_HASH = "its content does not match its hash (the table's linkHash)";

/** The first row whose hash is not the table's `linkHash` of its content, or null. */
export function firstWrongHash(rows: readonly WireRow[]): number | null {
  return rows.find((row) => linkHash(row.prev_hash, row.command_id, row.payload) !== row.hash)?.seq ?? null;
}

/** The floor's answer to a batch refused at a row. */
export function refusedAt(seq: number, problem: string): ShipAnswer {
  return { kind: 'refused', seq, words: { en: `row ${seq}: ${problem}`, de: `Zeile ${seq}: ${problem}` } };
}

/** The type of a payload in Felt's canonical JSON, worked out the long way: parsed and written again. */
function operationType(payload: string): string | { readonly problem: string } {
  const parsed = parsedPayload(payload);
  const type = typeOf(parsed);
  if (type === null) return { problem: "its payload is not one of Felt's operations (a JSON object with a type)" };
  if (!canonical(parsed, payload)) return { problem: "its payload is not in Felt's canonical JSON (it was written by something else)" };
  return type;
}

/** A payload's JSON, or undefined where it is none. */
function parsedPayload(payload: string): unknown {
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}

/** The top-level `type` of a parsed payload (an object's), or null (as `payloadType`). */
function typeOf(parsed: unknown): string | null {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const type = (parsed as { type?: unknown }).type;
  return typeof type === 'string' ? type : null;
}

/**
 * Whether a payload is Felt's canonical JSON of itself; a payload nested too deep to write again is not.
 * First the quick way (D100): written back by the engine's own `JSON.stringify` it is the same text, and
 * every object's keys are in sorted order — then `canonicalJson`, which sorts the keys and writes every
 * value as `JSON.stringify` does, gives the same text too. Anything else (keys that look like numbers, which
 * JavaScript puts first, among them) is asked of `canonicalJson` itself.
 */
function canonical(parsed: unknown, payload: string): boolean {
  try {
    if (JSON.stringify(parsed) === payload && keysSorted(parsed)) return true;
    return canonicalJson(parsed) === payload;
  } catch {
    return false;
  }
}

/** Whether every object in a parsed JSON value has its keys in `Array.prototype.sort`'s order (as `canonicalJson` writes them). */
function keysSorted(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every(keysSorted);
  let before: string | null = null;
  for (const key of Object.keys(value)) {
    if (before !== null && !(before < key)) return false;
    before = key;
    if (!keysSorted((value as Record<string, unknown>)[key])) return false;
  }
  return true;
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
