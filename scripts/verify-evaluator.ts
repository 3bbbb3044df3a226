/**
 * npm run verify:evaluator — exhaustive proof of the evaluator:
 *  1. all 2,598,960 five-card hands: the count of each category, exactly 7,462 distinct values, and
 *     the order of those values equal to the simple reference evaluator's (test/support);
 *  2. all 133,784,560 seven-card hands, each through the public `evaluate7`: the count of each
 *     category against seed 000's table, timed (target: under 5 s).
 * Exits 1 on any difference.
 */
import { CATEGORIES, type Category, categoryOfValue, HAND_VALUE_COUNT } from '../src/evaluator/category.js';
import { evaluate5, evaluate7 } from '../src/evaluator/lookup.js';
import { compareScores, scoreFive } from '../test/support/reference-evaluator.js';

const EXPECTED_FIVE: Record<Category, number> = {
  'royal-flush': 4,
  'straight-flush': 36,
  'four-of-a-kind': 624,
  'full-house': 3_744,
  flush: 5_108,
  straight: 10_200,
  'three-of-a-kind': 54_912,
  'two-pair': 123_552,
  'one-pair': 1_098_240,
  'high-card': 1_302_540,
};

/** Seed 000's seven-card table (straight flushes 41,584, of which 4,324 royal). */
const EXPECTED_SEVEN: Record<Category, number> = {
  'royal-flush': 4_324,
  'straight-flush': 41_584 - 4_324,
  'four-of-a-kind': 224_848,
  'full-house': 3_473_184,
  flush: 4_047_644,
  straight: 6_180_020,
  'three-of-a-kind': 6_461_620,
  'two-pair': 31_433_400,
  'one-pair': 58_627_800,
  'high-card': 23_294_460,
};

const CATEGORY_OF_VALUE = new Uint8Array(HAND_VALUE_COUNT + 1);
for (let value = 1; value <= HAND_VALUE_COUNT; value++) CATEGORY_OF_VALUE[value] = CATEGORIES.indexOf(categoryOfValue(value));

let failures = 0;
function check(what: string, actual: number, expected: number): void {
  const ok = actual === expected;
  if (!ok) failures++;
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what.padEnd(34)} ${actual.toLocaleString('en').padStart(12)}${ok ? '' : `  expected ${expected.toLocaleString('en')}`}`);
}

function reportCounts(counts: Float64Array, expected: Record<Category, number>): void {
  let total = 0;
  for (const category of [...CATEGORIES].reverse()) {
    const count = counts[CATEGORIES.indexOf(category)]!;
    total += count;
    check(category, count, expected[category]);
  }
  check('total', total, Object.values(expected).reduce((sum, count) => sum + count, 0));
}

function verifyFiveCardHands(): void {
  console.log('All 2,598,960 five-card hands');
  const started = performance.now();
  const counts = new Float64Array(CATEGORIES.length);
  const keyOfValue = new Float64Array(HAND_VALUE_COUNT + 1).fill(-1);
  const scoreOfValue: (readonly number[] | undefined)[] = [];
  let orderMismatches = 0;
  for (let a = 0; a < 48; a++)
    for (let b = a + 1; b < 49; b++)
      for (let c = b + 1; c < 50; c++)
        for (let d = c + 1; d < 51; d++)
          for (let e = d + 1; e < 52; e++) {
            const value = evaluate5(a, b, c, d, e);
            counts[CATEGORY_OF_VALUE[value]!]! += 1;
            const score = scoreFive([a, b, c, d, e]);
            const key = score.reduce((sum, part) => sum * 13 + part, 0);
            if (keyOfValue[value] === -1) {
              keyOfValue[value] = key;
              scoreOfValue[value] = score;
            } else if (keyOfValue[value] !== key) {
              orderMismatches++; // one value, two different reference hands
            }
          }
  reportCounts(counts, EXPECTED_FIVE);
  const values = Array.from({ length: HAND_VALUE_COUNT }, (_, index) => index + 1).filter((value) => keyOfValue[value] !== -1);
  check('distinct values', values.length, HAND_VALUE_COUNT);
  check('distinct reference scores', new Set(values.map((value) => keyOfValue[value])).size, HAND_VALUE_COUNT);
  // Ascending values must mean strictly ascending reference scores.
  for (let i = 1; i < values.length; i++) {
    if (compareScores(scoreOfValue[values[i]!]!, scoreOfValue[values[i - 1]!]!) <= 0) orderMismatches++;
  }
  check('order differences from reference', orderMismatches, 0);
  console.log(`  (${((performance.now() - started) / 1000).toFixed(2)} s with the reference evaluator)`);
}

function verifySevenCardHands(): void {
  console.log('All 133,784,560 seven-card hands, each through evaluate7(a, b, c, d, e, f, g)');
  const counts = new Float64Array(CATEGORIES.length);
  const started = performance.now();
  for (let a = 0; a < 46; a++)
    for (let b = a + 1; b < 47; b++)
      for (let c = b + 1; c < 48; c++)
        for (let d = c + 1; d < 49; d++)
          for (let e = d + 1; e < 50; e++)
            for (let f = e + 1; f < 51; f++)
              for (let g = f + 1; g < 52; g++) counts[CATEGORY_OF_VALUE[evaluate7(a, b, c, d, e, f, g)]!]! += 1;
  const seconds = (performance.now() - started) / 1000;
  reportCounts(counts, EXPECTED_SEVEN);
  // Speed is reported, not failed on: a busy machine is no defect of the evaluator.
  const fastEnough = seconds < 5;
  console.log(
    `  ${fastEnough ? 'ok  ' : 'SLOW'} enumeration took ${seconds.toFixed(2)} s (target < 5 s), ${(133_784_560 / seconds / 1e6).toFixed(1)} M hands/s`,
  );
}

verifyFiveCardHands();
verifySevenCardHands();
console.log(failures === 0 ? 'evaluator verified' : `${failures} check(s) FAILED`);
process.exitCode = failures === 0 ? 0 : 1;
