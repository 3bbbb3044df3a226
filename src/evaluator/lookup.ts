/**
 * The hot path: five, six or seven card numbers in, hand value (1 … 7,462, higher wins) out.
 *
 * Two sums per hand and at most two table reads: the suit counters say whether a suit has five or
 * more cards; if so the flush table, indexed by that suit's ranks as a 13-bit mask, has the value
 * (with seven cards a flush excludes quads and full houses, so it is final); otherwise the rank-key
 * sum identifies the ranks and one displaced-table read gives the value. No allocation, one branch
 * on the common path (the flush test), no validation: callers pass distinct cards 0–51 (the checked
 * entry points are `handValue` and `evaluateHand`).
 */
import { decodeInt32, decodeUint16 } from './base64.js';
import { FLUSH_BITS, RANK_KEYS, ROW_SHIFT, SIZE_BASE, SUIT_COUNTER_START } from './keys.js';
import { forEachRankMultiset, HAND_SIZES } from './rank-multisets.js';
import {
  FLUSH_BASE64,
  FLUSH_LENGTH,
  MULTISET_VALUES_BASE64,
  MULTISET_VALUES_LENGTH,
  NON_FLUSH_LENGTH,
  ROW_OFFSETS_BASE64,
  ROW_OFFSETS_LENGTH,
} from './tables.generated.js';

const RANK_KEY = new Int32Array(52);
const SUIT_COUNTER = new Int32Array(52);
/** Per card: the bit of its rank, to build a flush suit's 13-bit rank mask. */
const RANK_BIT = new Int32Array(52);
for (let card = 0; card < 52; card++) {
  RANK_KEY[card] = RANK_KEYS[card >> 2] as number;
  SUIT_COUNTER[card] = 1 << (4 * (card & 3));
  RANK_BIT[card] = 1 << (card >> 2);
}

const ROW_OFFSETS = decodeInt32(ROW_OFFSETS_BASE64, ROW_OFFSETS_LENGTH);
const FLUSH = decodeUint16(FLUSH_BASE64, FLUSH_LENGTH);
const NON_FLUSH = placeMultisetValues(decodeUint16(MULTISET_VALUES_BASE64, MULTISET_VALUES_LENGTH));

/** Spreads the shipped values (one per rank multiset) over the displaced table, each at its key's cell. */
function placeMultisetValues(values: Uint16Array): Uint16Array {
  const table = new Uint16Array(NON_FLUSH_LENGTH);
  let next = 0;
  for (const size of HAND_SIZES) {
    forEachRankMultiset(size, (_, key) => {
      table[key + ROW_OFFSETS[key >> ROW_SHIFT]!] = values[next++]!;
    });
  }
  return table;
}

/** Bytes held by the lookup tables (for the benchmark's memory report). */
export const TABLE_BYTES = NON_FLUSH.byteLength + ROW_OFFSETS.byteLength + FLUSH.byteLength;

/** Which suit's counter passed five: 0–3, from the counter sum. */
function flushSuit(counters: number): number {
  if ((counters & 0x0008) !== 0) return 0;
  if ((counters & 0x0080) !== 0) return 1;
  if ((counters & 0x0800) !== 0) return 2;
  return 3;
}

/** Ranks of the given suit among the cards, as a 13-bit mask. */
function suitMask(suit: number, a: number, b: number, c: number, d: number, e: number, f: number, g: number): number {
  return (
    ((a & 3) === suit ? RANK_BIT[a]! : 0) |
    ((b & 3) === suit ? RANK_BIT[b]! : 0) |
    ((c & 3) === suit ? RANK_BIT[c]! : 0) |
    ((d & 3) === suit ? RANK_BIT[d]! : 0) |
    ((e & 3) === suit ? RANK_BIT[e]! : 0) |
    (f >= 0 && (f & 3) === suit ? RANK_BIT[f]! : 0) |
    (g >= 0 && (g & 3) === suit ? RANK_BIT[g]! : 0)
  );
}

function nonFlushValue(key: number): number {
  return NON_FLUSH[key + ROW_OFFSETS[key >> ROW_SHIFT]!]!;
}

/** Value of seven distinct cards. */
export function evaluate7(a: number, b: number, c: number, d: number, e: number, f: number, g: number): number {
  const counters =
    SUIT_COUNTER_START +
    SUIT_COUNTER[a]! +
    SUIT_COUNTER[b]! +
    SUIT_COUNTER[c]! +
    SUIT_COUNTER[d]! +
    SUIT_COUNTER[e]! +
    SUIT_COUNTER[f]! +
    SUIT_COUNTER[g]!;
  if ((counters & FLUSH_BITS) !== 0) return FLUSH[suitMask(flushSuit(counters), a, b, c, d, e, f, g)]!;
  return nonFlushValue(
    RANK_KEY[a]! + RANK_KEY[b]! + RANK_KEY[c]! + RANK_KEY[d]! + RANK_KEY[e]! + RANK_KEY[f]! + RANK_KEY[g]!,
  );
}

/** Value of six distinct cards. */
export function evaluate6(a: number, b: number, c: number, d: number, e: number, f: number): number {
  const counters =
    SUIT_COUNTER_START +
    SUIT_COUNTER[a]! +
    SUIT_COUNTER[b]! +
    SUIT_COUNTER[c]! +
    SUIT_COUNTER[d]! +
    SUIT_COUNTER[e]! +
    SUIT_COUNTER[f]!;
  if ((counters & FLUSH_BITS) !== 0) return FLUSH[suitMask(flushSuit(counters), a, b, c, d, e, f, -1)]!;
  return nonFlushValue(
    SIZE_BASE[6] + RANK_KEY[a]! + RANK_KEY[b]! + RANK_KEY[c]! + RANK_KEY[d]! + RANK_KEY[e]! + RANK_KEY[f]!,
  );
}

/** Value of five distinct cards. */
export function evaluate5(a: number, b: number, c: number, d: number, e: number): number {
  const counters =
    SUIT_COUNTER_START + SUIT_COUNTER[a]! + SUIT_COUNTER[b]! + SUIT_COUNTER[c]! + SUIT_COUNTER[d]! + SUIT_COUNTER[e]!;
  if ((counters & FLUSH_BITS) !== 0) return FLUSH[suitMask(flushSuit(counters), a, b, c, d, e, -1, -1)]!;
  return nonFlushValue(SIZE_BASE[5] + RANK_KEY[a]! + RANK_KEY[b]! + RANK_KEY[c]! + RANK_KEY[d]! + RANK_KEY[e]!);
}
