/**
 * npm run bench:evaluator — the same seeded random 7-card hands through Felt's evaluator and through
 * the fastest evaluators on npm, in one process, rounds interleaved so that machine noise falls on all
 * of them alike. Prints each rate (best and median of the rounds), table memory and load time, and the
 * ratio to the fastest peer. Also checks that Felt and phe rank every hand identically.
 *
 * Options: --hands N (default 1,000,000), --rounds N (default 5), --seed N (default 2026).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { SeededRandom } from '../src/cards/random.js';
import { parseBenchOptions } from './options.js';

const require = createRequire(import.meta.url);

/** `count` hands of seven distinct cards (0–51, rank * 4 + suit), seven bytes each. */
function randomHands(count: number, seed: number): Uint8Array {
  const random = new SeededRandom(seed);
  const hands = new Uint8Array(count * 7);
  const deck = Uint8Array.from({ length: 52 }, (_, card) => card);
  for (let hand = 0; hand < count; hand++) {
    for (let i = 0; i < 7; i++) {
      const j = i + random.nextInt(52 - i);
      const swap = deck[i]!;
      deck[i] = deck[j]!;
      deck[j] = swap;
      hands[hand * 7 + i] = deck[i]!;
    }
  }
  return hands;
}

type Contender = {
  name: string;
  /** How it is called. */
  entry: string;
  isPeer: boolean;
  loadMs: number;
  memoryBytes: number;
  memoryNote: string;
  /** Evaluates every hand once; returns a checksum so the work cannot be skipped. */
  run: () => number;
  hands: number;
  rates: number[];
};

function memoryNow(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external; // external includes ArrayBuffers and Buffers
}

async function timedLoad<T>(load: () => T | Promise<T>): Promise<{ module: T; ms: number; bytes: number }> {
  globalThis.gc?.();
  const before = memoryNow();
  const started = performance.now();
  const module = await load();
  const ms = performance.now() - started;
  globalThis.gc?.();
  return { module, ms, bytes: Math.max(0, memoryNow() - before) };
}

const CARD_TEXT = Array.from({ length: 52 }, (_, card) => `${'23456789TJQKA'.charAt(card >> 2)}${'cdhs'.charAt(card & 3)}`);

async function main(): Promise<void> {
  const options = parseBenchOptions(process.argv.slice(2), { hands: 1_000_000, rounds: 5, seed: 2026 });
  const hands = randomHands(options.hands, options.seed);
  const count = options.hands;
  console.log(`${count.toLocaleString('en')} seeded random 7-card hands (seed ${options.seed}), ${options.rounds} rounds, node ${process.version}`);
  console.log(globalThis.gc ? 'memory measured after forced GC' : 'memory measured without --expose-gc (approximate)');

  const contenders: Contender[] = [];

  const felt = await timedLoad(() => import('../src/evaluator/lookup.js'));
  const { evaluate7 } = felt.module;
  contenders.push({
    name: 'felt',
    entry: 'evaluate7(a, b, c, d, e, f, g)',
    isPeer: false,
    loadMs: felt.ms,
    memoryBytes: felt.module.TABLE_BYTES,
    memoryNote: 'lookup tables',
    hands: count,
    rates: [],
    run: () => {
      let sum = 0;
      for (let i = 0; i < hands.length; i += 7) {
        sum += evaluate7(hands[i]!, hands[i + 1]!, hands[i + 2]!, hands[i + 3]!, hands[i + 4]!, hands[i + 5]!, hands[i + 6]!);
      }
      return sum;
    },
  });

  type Eval7 = (a: number, b: number, c: number, d: number, e: number, f: number, g: number) => number;
  const phe7 = await timedLoad(() => require('phe/lib/evaluator7') as Eval7);
  const pheEvaluate7 = phe7.module;
  contenders.push({
    name: 'phe',
    entry: 'lib/evaluator7 (internal 7-card function)',
    isPeer: true,
    loadMs: phe7.ms,
    memoryBytes: phe7.bytes,
    memoryNote: 'heap growth on load',
    hands: count,
    rates: [],
    run: () => {
      let sum = 0;
      for (let i = 0; i < hands.length; i += 7) {
        sum += pheEvaluate7(hands[i]!, hands[i + 1]!, hands[i + 2]!, hands[i + 3]!, hands[i + 4]!, hands[i + 5]!, hands[i + 6]!);
      }
      return sum;
    },
  });

  // The array APIs get their inputs prebuilt for the first 100,000 hands, cycled to make up the count:
  // a million retained small arrays would slow every garbage collection, the other contenders' too.
  const arrayHands = Math.min(count, 100_000);
  const pheApi = require('phe') as { evaluateCardCodes: (codes: number[]) => number };
  const codeArrays = Array.from({ length: arrayHands }, (_, hand) => Array.from(hands.subarray(hand * 7, hand * 7 + 7)));
  contenders.push({
    name: 'phe (API)',
    entry: `evaluateCardCodes([7 codes]) (first ${arrayHands.toLocaleString('en')} hands, cycled)`,
    isPeer: true,
    loadMs: Number.NaN,
    memoryBytes: Number.NaN,
    memoryNote: 'as phe',
    hands: count,
    rates: [],
    run: () => {
      let sum = 0;
      for (let i = 0; i < count; i++) sum += pheApi.evaluateCardCodes(codeArrays[i % arrayHands]!);
      return sum;
    },
  });

  const twoPlusTwo = await timedLoad(() => require('poker-evaluator') as { evalCard: (index: number) => number });
  const evalCard = twoPlusTwo.module.evalCard;
  contenders.push({
    name: 'poker-evaluator',
    entry: 'evalCard chain (its table walk, fastest public entry)',
    isPeer: true,
    loadMs: twoPlusTwo.ms,
    memoryBytes: twoPlusTwo.bytes,
    memoryNote: 'HandRanks.dat buffer',
    hands: count,
    rates: [],
    run: () => {
      let sum = 0;
      for (let i = 0; i < hands.length; i += 7) {
        let p = 53;
        for (let k = 0; k < 7; k++) p = evalCard(p + hands[i + k]! + 1);
        sum += p;
      }
      return sum;
    },
  });

  // poker-evaluator's own table, walked as a Uint32Array: the 2+2 algorithm at full speed, without the
  // bounds-checked Buffer reads of its public functions.
  const twoPlusTwoTable = await timedLoad(() => {
    const file = readFileSync(join(dirname(require.resolve('poker-evaluator/package.json')), 'data', 'HandRanks.dat'));
    return new Uint32Array(file.buffer, file.byteOffset, file.byteLength / 4);
  });
  const handRanks = twoPlusTwoTable.module;
  contenders.push({
    name: '2+2 table',
    entry: "poker-evaluator's HandRanks.dat walked as a Uint32Array",
    isPeer: true,
    loadMs: twoPlusTwoTable.ms,
    memoryBytes: handRanks.byteLength,
    memoryNote: 'table',
    hands: count,
    rates: [],
    run: () => {
      let sum = 0;
      for (let i = 0; i < hands.length; i += 7) {
        let p = handRanks[53 + hands[i]! + 1]!;
        p = handRanks[p + hands[i + 1]! + 1]!;
        p = handRanks[p + hands[i + 2]! + 1]!;
        p = handRanks[p + hands[i + 3]! + 1]!;
        p = handRanks[p + hands[i + 4]! + 1]!;
        p = handRanks[p + hands[i + 5]! + 1]!;
        sum += handRanks[p + hands[i + 6]! + 1]!;
      }
      return sum;
    },
  });

  const solverHands = arrayHands;
  const solver = await timedLoad(() => require('pokersolver') as { Hand: { solve: (cards: string[]) => { rank: number } } });
  const textHands = Array.from({ length: solverHands }, (_, hand) =>
    Array.from(hands.subarray(hand * 7, hand * 7 + 7), (card) => CARD_TEXT[card]!),
  );
  contenders.push({
    name: 'pokersolver',
    entry: `Hand.solve([7 strings]) (first ${solverHands.toLocaleString('en')} hands only: it is that much slower)`,
    isPeer: true,
    loadMs: solver.ms,
    memoryBytes: solver.bytes,
    memoryNote: 'heap growth on load',
    hands: solverHands,
    rates: [],
    run: () => {
      let sum = 0;
      for (const cards of textHands) sum += solver.module.Hand.solve(cards).rank;
      return sum;
    },
  });

  // Same answers: Felt's value (1 = worst … 7,462 = royal flush) is phe's rank (1 = best) reflected.
  for (let i = 0; i < hands.length; i += 7) {
    const args = [hands[i]!, hands[i + 1]!, hands[i + 2]!, hands[i + 3]!, hands[i + 4]!, hands[i + 5]!, hands[i + 6]!] as const;
    if (evaluate7(...args) !== 7463 - pheEvaluate7(...args)) {
      throw new Error(`felt and phe disagree on hand ${i / 7}: ${args.map((card) => CARD_TEXT[card]).join(' ')}`);
    }
  }
  console.log(`felt and phe agree on all ${count.toLocaleString('en')} hands`);

  // One round unmeasured, so every contender runs optimized code when the clock is on.
  for (const contender of contenders) contender.run();
  for (let round = 0; round < options.rounds; round++) {
    for (const contender of contenders) {
      const started = performance.now();
      const checksum = contender.run();
      const seconds = (performance.now() - started) / 1000;
      if (!Number.isFinite(checksum)) throw new Error(`${contender.name} returned no numbers`);
      contender.rates.push(contender.hands / seconds);
    }
  }

  const median = (values: number[]): number => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const fastestPeer = contenders
    .filter((contender) => contender.isPeer)
    .reduce((best, contender) => (median(contender.rates) > median(best.rates) ? contender : best));
  const feltContender = contenders[0]!;
  const mega = (rate: number): string => `${(rate / 1e6).toFixed(2)} M/s`;
  const mb = (bytes: number): string => (Number.isNaN(bytes) ? '—' : `${(bytes / 1024 / 1024).toFixed(2)} MB`);
  const ms = (value: number): string => (Number.isNaN(value) ? '—' : `${value.toFixed(1)} ms`);
  console.log('');
  console.log('evaluator        median       best         memory      load       ratio to felt   entry');
  for (const contender of contenders) {
    const ratio = median(feltContender.rates) / median(contender.rates);
    console.log(
      `${contender.name.padEnd(16)} ${mega(median(contender.rates)).padEnd(12)} ${mega(Math.max(...contender.rates)).padEnd(12)} ` +
        `${mb(contender.memoryBytes).padEnd(11)} ${ms(contender.loadMs).padEnd(10)} ${`${ratio.toFixed(2)}×`.padEnd(15)} ${contender.entry} (${contender.memoryNote})`,
    );
  }
  console.log('');
  console.log(
    `felt / fastest peer (${fastestPeer.name}): ${(median(feltContender.rates) / median(fastestPeer.rates)).toFixed(2)}× ` +
      `(target ≥ 2×); felt tables ${mb(feltContender.memoryBytes)} (target ≤ 10 MB), load ${ms(feltContender.loadMs)} (target ≤ 50 ms)`,
  );
}

await main();
