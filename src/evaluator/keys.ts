/**
 * The keys the lookup evaluator sums. Shared by the run-time evaluator and the offline table builder,
 * which proves them: a change here without rebuilding the tables fails the tables test.
 *
 * Rank keys: a key per rank (deuce first) such that any multiset of up to seven ranks, each at most
 * four times, has a distinct sum — the sum identifies the ranks without sorting or counting them
 * (keys as found by a greedy search, the set SKPokerEval uses). The largest seven-card sum is
 * 4 × 1,479,181 + 3 × 636,345 = 7,825,759 < 2^23.
 */
export const RANK_KEYS: readonly number[] = [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181];

/**
 * Five-, six- and seven-card sums share one table; each size gets its own range of keys so that, say,
 * A-A-K-K-Q and A-A-K-K-Q-2-2 (equal sums: the deuce's key is 0) stay apart.
 */
export const SIZE_BASE: Readonly<Record<5 | 6 | 7, number>> = { 7: 0, 6: 1 << 23, 5: 1 << 24 };

/** The largest key: a five-card sum (< 2^23) on top of the five-card base. */
export const MAX_RANK_KEY = (1 << 24) + (1 << 23) - 1;

/**
 * The key space is folded into a small table by row displacement: key `k` is in row `k >> ROW_SHIFT`,
 * and each row is placed at an offset where its used cells fall on free ones (a perfect hash with one
 * lookup: `value = NON_FLUSH[k + ROW_OFFSETS[k >> ROW_SHIFT]]`).
 */
export const ROW_SHIFT = 12;

/**
 * Suit counters: four 4-bit counters in one integer, each started at 3, so a suit with five or more
 * cards sets its counter's top bit — `(sum & FLUSH_BITS) !== 0` tests for a flush in one operation.
 */
export const SUIT_COUNTER_START = 0x3333;
export const FLUSH_BITS = 0x8888;
